import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { contactDisplayName } from './action-target'

/** What the actions menu needs to know about a contact (ContactActions' `contact` prop), and its row id for server use. */
export interface ContactActionSummary {
  id: string
  guId: string
  fullName: string
  email: string | null
  hasLogin: boolean
  isEmailVerified: boolean
}

/** The contact behind a guid of this tenant, or null (bad guid, another tenant's, deleted). */
export async function findContactActionSummary(options: { database: DatabaseHandle; tenant: Tenant; unverifiedGuid: unknown }): Promise<ContactActionSummary | null> {
  const guid = parseContactGuid(options.unverifiedGuid)
  if (!guid) return null
  const row = await withTenant(options.database, options.tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['id', 'guid', 'first_name', 'last_name', 'email', 'password_hash', 'is_email_verified'])
      .where('guid', '=', guid)
      .executeTakeFirst(),
  )
  if (!row) return null
  return {
    id: row.id,
    guId: row.guid,
    fullName: contactDisplayName(row.first_name, row.last_name, row.email),
    email: row.email?.trim() || null,
    hasLogin: row.password_hash !== null,
    isEmailVerified: row.is_email_verified,
  }
}
