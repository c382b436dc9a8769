import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { asSystem, withTenant } from '#db/tenant-scope'
import { sql } from 'kysely'

/** A contact that may sign in (has a role), in some organisation, found by email. */
export interface LoginCandidate {
  tenantId: string
  orgId: string
  orgName: string
  contactId: string
  role: string
  passwordHash: string | null
  isAccountLocked: boolean
}

const MAX_ORGANISATIONS = 100

/** The people with this email who may sign in to the host's own tenant (at most one). */
export async function findCandidatesInTenant(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  email: string,
): Promise<LoginCandidate[]> {
  const rows = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['id', 'role', 'password_hash', 'is_account_locked'])
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .where('role', 'is not', null)
      .execute(),
  )
  return rows.map((row) => ({
    tenantId: tenant.id,
    orgId: tenant.orgId,
    orgName: tenant.name,
    contactId: row.id,
    role: row.role ?? '',
    passwordHash: row.password_hash,
    isAccountLocked: row.is_account_locked,
  }))
}

/**
 * Sign-in on the bare platform host: the same email may be a user of several organisations,
 * so this reads contacts across tenants. The only cross-tenant read of sign-in; the caller
 * must verify a secret (password, Google identity) before anything found here is used.
 */
export async function findCandidatesAcrossOrganisations(
  platform: Pick<Platform, 'database'>,
  email: string,
): Promise<LoginCandidate[]> {
  const rows = await asSystem(platform.database, 'login across organisations', (trx) =>
    trx
      .selectFrom('contacts')
      .innerJoin('tenants', 'tenants.id', 'contacts.tenant_id')
      .select([
        'contacts.id as contactId',
        'contacts.role as role',
        'contacts.password_hash as passwordHash',
        'contacts.is_account_locked as isAccountLocked',
        'tenants.id as tenantId',
        'tenants.org_id as orgId',
        'tenants.name as orgName',
      ])
      .where(sql<string>`lower(contacts.email)`, '=', email.trim().toLowerCase())
      .where('contacts.role', 'is not', null)
      .orderBy('tenants.name')
      .limit(MAX_ORGANISATIONS)
      .execute(),
  )
  return rows.map((row) => ({ ...row, role: row.role ?? '' }))
}
