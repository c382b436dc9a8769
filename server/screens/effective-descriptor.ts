import { withTenant } from '#db/tenant-scope'
import { shippedDescriptor } from '#screens/index'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { applyOverlay, type AppliedOverlay } from './apply-overlay'
import type { ScreenDescriptor } from './descriptor'
import { readOverlay, type ScreenOverlay } from './overlay'
import { readStoredOverlay } from './overlay-store'

export interface EffectiveScreen extends AppliedOverlay {
  base: ScreenDescriptor
  overlay: ScreenOverlay
  /** The stored overlay did not pass its schema and was ignored as a whole. */
  damaged: boolean
}

interface CacheEntry {
  updatedAt: number
  version: number
  screen: EffectiveScreen
}

/**
 * Effective descriptors by tenant and screen, stamped with the tenant's updated_at and the
 * base version: an overlay write moves updated_at and invalidates the tenant, so a stale entry
 * is never served, in this process or (through the tenant invalidation broadcast) any other.
 */
const cache = new Map<string, Map<string, CacheEntry>>()
const MAX_TENANTS = 2_000

function timeOf(value: Date | string): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime()
}

/** The descriptor this tenant's screen is drawn and validated with, or null for an unknown screen. */
export async function resolveEffectiveScreen(platform: Pick<Platform, 'database'>, tenant: Tenant, screenKey: string): Promise<EffectiveScreen | null> {
  const base = shippedDescriptor(screenKey)
  if (!base) return null
  const updatedAt = timeOf(tenant.updatedAt)
  const screens = cache.get(tenant.id)
  const hit = screens?.get(screenKey)
  if (hit && hit.updatedAt === updatedAt && hit.version === base.version) return hit.screen
  const stored = await withTenant(platform.database, tenant.id, (trx) => readStoredOverlay(trx, screenKey))
  const { overlay, damaged } = readOverlay(stored)
  const screen: EffectiveScreen = { ...applyOverlay(base, overlay), base, overlay, damaged }
  if (!screens && cache.size >= MAX_TENANTS) cache.clear()
  const entries = screens ?? new Map<string, CacheEntry>()
  entries.set(screenKey, { updatedAt, version: base.version, screen })
  cache.set(tenant.id, entries)
  return screen
}

/** Drops this process's cached screens of a tenant (the stamp would miss anyway; this frees memory at once). */
export function forgetEffectiveScreens(tenantId: string): void {
  cache.delete(tenantId)
}
