import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantSettingsSchema, type TenantSettings } from '#server/tenancy/tenant-settings'

export interface TenantUpdate {
  /** Top-level settings to replace; the rest of the document is kept as stored. */
  settings?: Partial<TenantSettings>
  name?: string
  /** A lower-case host name, or null to remove it. */
  customDomain?: string | null
}

export type TenantUpdateResult = { ok: true } | { ok: false; reason: 'custom-domain-taken' | 'invalid-settings'; fields: string[] }

const partialSettings = tenantSettingsSchema.partial()

/**
 * Writes a tenant's own row: merges the given settings into the stored jsonb document in one
 * statement (so two screens saved at once do not undo each other), and drops the cached
 * tenant here and in every other process so the next request (navigation, public site,
 * host resolution) sees the change.
 */
export async function updateTenant(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, update: TenantUpdate): Promise<TenantUpdateResult> {
  const checked = partialSettings.safeParse(update.settings ?? {})
  if (!checked.success) {
    return { ok: false, reason: 'invalid-settings', fields: checked.error.issues.map((issue) => String(issue.path[0] ?? '')) }
  }
  // Only the keys the caller named: zod's defaults must not reset untouched settings.
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(update.settings ?? {})) {
    patch[key] = (checked.data as Record<string, unknown>)[key]
  }
  try {
    await withTenant(platform.database, tenant.id, (trx) =>
      trx
        .updateTable('tenants')
        .set({
          settings: sql`settings || ${JSON.stringify(patch)}::jsonb`,
          ...(update.name !== undefined ? { name: update.name } : {}),
          ...(update.customDomain !== undefined ? { custom_domain: update.customDomain } : {}),
          updated_at: sql`clock_timestamp()`,
        })
        .where('id', '=', tenant.id)
        .execute(),
    )
  } catch (error) {
    if (isUniqueViolation(error, 'custom_domain')) return { ok: false, reason: 'custom-domain-taken', fields: ['customDomain'] }
    throw error
  } finally {
    platform.caches.changed(tenant.id, ['tenant'])
  }
  return { ok: true }
}

/** Postgres unique_violation (23505) on a constraint whose name mentions the column. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  if (code !== '23505') return false
  const name = typeof constraint === 'string' ? constraint : typeof message === 'string' ? message : ''
  return name.includes(column)
}
