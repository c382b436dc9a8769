import type { Transaction } from 'kysely'
import { standardPageBody, standardPages, type SeedPerson } from './seed-data'
import type { Database } from './types'

/**
 * A new tenant with the standard website pages every tenant starts with, inside the caller's
 * transaction: the seed runs it for the master and demo tenants, and creating a franchise runs
 * it with the franchise's admin, so a failure anywhere leaves no half-made tenant.
 */
export async function createTenant(
  trx: Transaction<Database>,
  input: { orgId: string; name: string; isMasterFranchise: boolean; parentTenantId?: string; settings?: Record<string, unknown> },
): Promise<string> {
  const tenant = await trx
    .insertInto('tenants')
    .values({
      org_id: input.orgId,
      name: input.name,
      is_master_franchise: input.isMasterFranchise,
      parent_tenant_id: input.parentTenantId ?? null,
      settings: JSON.stringify(input.settings ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
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
        ...standardPageBody(page.name, input.name),
      })),
    )
    .execute()
  return tenant.id
}

/** People of a tenant, their ids in the given order; those with a role sign in with the given password hash. */
export async function addPeople(trx: Transaction<Database>, tenantId: string, people: SeedPerson[], passwordHash: string): Promise<string[]> {
  const rows = await trx
    .insertInto('contacts')
    .values(
      people.map((person) => ({
        tenant_id: tenantId,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: person.phone ?? null,
        role: person.role,
        is_teacher: person.isTeacher ?? false,
        is_email_verified: person.role !== null,
        password_hash: person.role ? passwordHash : null,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}
