import { withTenant } from '#db/tenant-scope'
import { isUuid } from '#server/text/is-uuid'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/** A recurring membership an order started that still has no card to charge. */
export interface OrderWithoutCard {
  contactId: string
  nextBillingAt: Date
}

/**
 * The recurring membership a completed order started that has no kept card yet (bought with
 * nothing to pay at checkout: a trial, or a first billing day later on), so its order page may
 * ask for a card. The order's address is its unguessable id, which only the buyer holds: the
 * card is kept for the order's own contact. Null when there is none to ask for.
 */
export async function orderWithoutCard(platform: Pick<Platform, 'database'>, tenant: Tenant, invoiceGuid: string): Promise<OrderWithoutCard | null> {
  if (!isUuid(invoiceGuid)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('invoices')
      .innerJoin('invoice_lines', 'invoice_lines.invoice_id', 'invoices.id')
      .innerJoin('contact_memberships', 'contact_memberships.id', 'invoice_lines.membership_id')
      .select(['invoices.contact_id', 'contact_memberships.next_billing_at'])
      .where('invoices.guid', '=', invoiceGuid)
      .where('invoices.status', '=', 'paid')
      .where('invoices.source', '<>', 'membership')
      .where('contact_memberships.membership_type', '=', 'recurring')
      .where('contact_memberships.status', 'in', ['trial', 'active'])
      .where('contact_memberships.next_billing_at', 'is not', null)
      .where('contact_memberships.payment_method_id', 'is', null)
      .orderBy('contact_memberships.next_billing_at')
      .executeTakeFirst(),
  )
  return row?.next_billing_at ? { contactId: row.contact_id, nextBillingAt: row.next_billing_at } : null
}

/** The contact an order belongs to (whose card a setup for the order keeps), or null for no such order. */
export async function orderContactId(platform: Pick<Platform, 'database'>, tenant: Tenant, invoiceGuid: string): Promise<string | null> {
  if (!isUuid(invoiceGuid)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('invoices').select('contact_id').where('guid', '=', invoiceGuid).executeTakeFirst())
  return row?.contact_id ?? null
}
