import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { findContactByGuid } from './find-profile-contact'

/** The guid of the tenant's contact a profile address names, or null (another tenant's, none, malformed). */
export async function profileContactGuid(options: { database: DatabaseHandle; tenant: Tenant; unverifiedGuid: unknown }): Promise<string | null> {
  return (await profileContactIds(options))?.guid ?? null
}

/** The profile's contact as the actions that write for it need it: its id and guid; null for nobody of this tenant. */
export async function profileContactIds(options: { database: DatabaseHandle; tenant: Tenant; unverifiedGuid: unknown }): Promise<{ id: string; guid: string } | null> {
  const contact = await withTenant(options.database, options.tenant.id, (trx) => findContactByGuid(trx, options.unverifiedGuid))
  return contact ? { id: contact.id, guid: contact.guid } : null
}
