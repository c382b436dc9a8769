import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { isUuid } from '#server/text/is-uuid'

/**
 * The public pay link of an invoice: the member invoice address (the route tables' public
 * 'student invoice'), which anyone holding it may open and pay without signing in.
 */
export function publicInvoicePath(guid: string): string {
  return `/meminvoice/${guid}`
}

/** Whether this tenant has an invoice by this guid: another tenant's guid is not one. */
export async function isTenantInvoice(database: DatabaseHandle, tenantId: string, unverifiedGuid: string): Promise<boolean> {
  if (!isUuid(unverifiedGuid)) return false
  const row = await withTenant(database, tenantId, (trx) => trx.selectFrom('invoices').select('id').where('guid', '=', unverifiedGuid).executeTakeFirst())
  return row !== undefined
}
