import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, type TestPlatform } from '#tests/support/test-platform'
import { formPostRequest, getRequest } from '#tests/support/route-call'

export type Who = 'admin' | 'staff' | 'frontdesk' | 'student'

export interface SettingsWorld {
  tenant: Tenant
  host: string
  cookies: Record<Who, string>
  contacts: Record<Who, { id: string }>
  /** Another organisation with its own admin, to check isolation. */
  other: { tenant: Tenant; host: string; admin: { id: string }; adminCookie: string }
}

export async function createSettingsWorld(platform: TestPlatform, orgId: string): Promise<SettingsWorld> {
  const tenant = await createTenant(platform, { orgId, name: 'Lotus Studio' })
  const roles = { admin: 'ROLE_ADMIN', staff: 'ROLE_STAFF', frontdesk: 'ROLE_FRONTDESK', student: 'ROLE_STUDENT' } as const
  const contacts = {} as Record<Who, { id: string }>
  const cookies = {} as Record<Who, string>
  for (const [who, role] of Object.entries(roles) as Array<[Who, (typeof roles)[Who]]>) {
    contacts[who] = await createContact(platform, tenant, { email: `${who}@${orgId}.test`, role, firstName: who === 'admin' ? 'Ada' : 'Test' })
    cookies[who] = await createSessionCookie(platform, tenant, contacts[who])
  }
  const otherTenant = await createTenant(platform, { orgId: `${orgId}-other`, name: 'Other Studio', customDomain: `taken-${orgId}.example.com` })
  const otherAdmin = await createContact(platform, otherTenant, { email: `admin@${orgId}-other.test`, role: 'ROLE_ADMIN' })
  return {
    tenant,
    host: `${orgId}.localhost`,
    cookies,
    contacts,
    other: { tenant: otherTenant, host: `${orgId}-other.localhost`, admin: otherAdmin, adminCookie: await createSessionCookie(platform, otherTenant, otherAdmin) },
  }
}

/** The tenant as the next request sees it (the cache was dropped by any write). */
export async function freshTenant(platform: TestPlatform, tenant: Tenant): Promise<Tenant> {
  const fresh = await platform.tenants.findById(tenant.id)
  if (!fresh) throw new Error('tenant vanished')
  return fresh
}

export async function contextOf(platform: TestPlatform, tenant: Tenant) {
  return contextFor(platform, await freshTenant(platform, tenant))
}

/** Everything a settings action may write for a tenant, to prove a refused post wrote nothing. */
export async function snapshotTenant(platform: TestPlatform, tenant: Tenant): Promise<string> {
  const state = await asSystem(platform.database, 'test snapshot', async (trx) => ({
    tenant: await trx.selectFrom('tenants').select(['name', 'custom_domain', 'settings', 'updated_at']).where('id', '=', tenant.id).executeTakeFirst(),
    overlays: await trx.selectFrom('screen_overlays').select(['screen_key', 'overlay', 'updated_at']).where('tenant_id', '=', tenant.id).orderBy('screen_key').execute(),
    secrets: await trx.selectFrom('tenant_secrets').select(['name', 'sealed_value']).where('tenant_id', '=', tenant.id).orderBy('name').execute(),
  }))
  let uploads: string[] = []
  try {
    uploads = readdirSync(join(platform.env.DATA_DIR, 'uploads', tenant.id)).sort()
  } catch {
    uploads = []
  }
  return JSON.stringify({ ...state, uploads })
}

/** A same-origin form post to the world's host (see tests/support/route-call.ts). */
export function post(host: string, path: string, body: FormData | URLSearchParams, cookie: string | null): Request {
  return formPostRequest(`http://${host}${path}`, body, cookie)
}

export function get(host: string, path: string, cookie: string | null): Request {
  return getRequest(`http://${host}${path}`, cookie)
}

export function form(entries: Record<string, string | string[] | Blob>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) {
    if (Array.isArray(value)) for (const item of value) data.append(name, item)
    else data.append(name, value)
  }
  return data
}

export const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
