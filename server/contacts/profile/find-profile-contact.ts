import type { Selectable } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { ContactsTable } from '#db/tables/core'
import { parseContactGuid } from '#server/contacts/contact-guid'

export type ProfileContactRow = Selectable<ContactsTable>

/**
 * The contact a profile address names, in the caller's tenant transaction (RLS hides every other
 * tenant's rows), archived ones included; null for a guid of nobody here or a malformed one.
 */
export async function findProfileContact(trx: TenantExecutor, unverifiedGuid: unknown): Promise<ProfileContactRow | null> {
  const guid = parseContactGuid(unverifiedGuid)
  if (!guid) return null
  return (await trx.selectFrom('contacts').selectAll().where('guid', '=', guid).executeTakeFirst()) ?? null
}

/** A contact of this tenant by guid, with what a family link or a message needs. */
export async function findContactByGuid(trx: TenantExecutor, unverifiedGuid: unknown) {
  const guid = parseContactGuid(unverifiedGuid)
  if (!guid) return null
  return (await trx.selectFrom('contacts').select(['id', 'guid', 'first_name', 'last_name', 'email']).where('guid', '=', guid).executeTakeFirst()) ?? null
}
