import { asSystem } from '#db/tenant-scope'
import { standardPageBody, standardPages } from '#db/seed-data'
import type { SessionState } from '#server/auth/session-state'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant, type FixtureRole } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import type { TestPlatform } from '#tests/support/test-platform'

/** Gives a tenant the standard website pages the seed gives every new tenant. */
export async function addStandardPages(platform: TestPlatform, tenant: Tenant): Promise<void> {
  await asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .insertInto('web_pages')
      .values(
        standardPages.map((page, index) => ({
          tenant_id: tenant.id,
          name: page.name,
          title: page.title,
          url: page.name,
          sequence: index + 1,
          is_standard: true,
          is_legal: page.isLegal,
          is_show_navigation: !page.isLegal,
          ...standardPageBody(page.name, tenant.name),
        })),
      )
      .execute(),
  )
}

export type Cookies = Record<Exclude<FixtureRole, null>, string>

/** A tenant with its pages and one signed-in person per role; returns their cookies. */
export async function tenantWithPeople(
  platform: TestPlatform,
  input: { orgId: string; settings?: Record<string, unknown> },
): Promise<{ tenant: Tenant; cookies: Cookies; contacts: Record<keyof Cookies, { id: string }> }> {
  const tenant = await createTenant(platform, { orgId: input.orgId, name: `Studio ${input.orgId}`, settings: input.settings })
  await addStandardPages(platform, tenant)
  const cookies = {} as Cookies
  const contacts = {} as Record<keyof Cookies, { id: string }>
  for (const role of ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'] as const) {
    const contact = await createContact(platform, tenant, { role, email: `${role.toLowerCase()}@${input.orgId}.test` })
    contacts[role] = contact
    cookies[role] = await createSessionCookie(platform, tenant, contact)
  }
  return { tenant, cookies, contacts }
}

export async function sessionWithState(platform: TestPlatform, tenant: Tenant, contact: { id: string }, state: SessionState): Promise<string> {
  return createSessionCookie(platform, tenant, contact, { state })
}

/** Changes a tenant's settings as the settings screens do, then reads it back as a request would. */
export async function updateSettings(platform: TestPlatform, tenant: Tenant, changes: Record<string, unknown>): Promise<Tenant> {
  await asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .updateTable('tenants')
      .set({ settings: JSON.stringify({ ...tenant.settings, ...changes }), updated_at: new Date() })
      .where('id', '=', tenant.id)
      .execute(),
  )
  platform.tenants.invalidate(tenant.id)
  const fresh = await platform.tenants.findById(tenant.id)
  if (!fresh) throw new Error('tenant vanished')
  return fresh
}
