import { hashPassword } from '#server/auth/password'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { asSystem } from '#db/tenant-scope'

let counter = 0

/** Creates a tenant with its standard pages absent; returns it as request code sees it. */
export async function createTenant(
  platform: Platform,
  input: { orgId?: string; name?: string; parentTenantId?: string; isMasterFranchise?: boolean; customDomain?: string; settings?: Record<string, unknown> } = {},
): Promise<Tenant> {
  counter += 1
  const orgId = input.orgId ?? `org${counter}-${Math.random().toString(36).slice(2, 8)}`
  const row = await asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .insertInto('tenants')
      .values({
        org_id: orgId,
        name: input.name ?? `Tenant ${orgId}`,
        parent_tenant_id: input.parentTenantId ?? null,
        is_master_franchise: input.isMasterFranchise ?? false,
        custom_domain: input.customDomain ?? null,
        // A fixture's domain is one already proven, as every domain saved before decision 131.
        custom_domain_status: input.customDomain ? 'verified' : null,
        settings: JSON.stringify(input.settings ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const tenant = await platform.tenants.findById(row.id)
  if (!tenant) throw new Error('tenant fixture not found after insert')
  return tenant
}

export type FixtureRole = 'ROLE_ADMIN' | 'ROLE_STAFF' | 'ROLE_FRONTDESK' | 'ROLE_STUDENT' | null

/** Creates a contact (a user when it has a role and password) in a tenant. */
export async function createContact(
  platform: Platform,
  tenant: Tenant,
  input: { email?: string; role?: FixtureRole; password?: string; firstName?: string; lastName?: string; isAccountLocked?: boolean } = {},
) {
  counter += 1
  const passwordHash = input.password ? await hashPassword(input.password) : null
  return asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .insertInto('contacts')
      .values({
        tenant_id: tenant.id,
        email: input.email ?? `person${counter}@example.test`,
        role: input.role === undefined ? 'ROLE_STUDENT' : input.role,
        password_hash: passwordHash,
        first_name: input.firstName ?? 'Test',
        last_name: input.lastName ?? `Person${counter}`,
        is_account_locked: input.isAccountLocked ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
}
