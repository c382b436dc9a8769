import { withTenant } from '#db/tenant-scope'
import { giveOfferUseBack } from '#server/checkout/cart-offer'
import { err, ok, type WordedResult } from '#server/errors/result'
import { awaitsPayment } from '#server/payments/payable-invoice'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { isUuid } from '#server/text/is-uuid'

export const VOID_MESSAGES = {
  confirm: 'Void this invoice? It can no longer be paid, and this cannot be undone.',
  voided: 'Invoice voided.',
  notOpen: 'Only an invoice waiting for payment can be voided.',
  hasPayments: 'This invoice has taken money. Refund the payments before voiding it.',
  archived: 'Invoice archived.',
  unarchived: 'Invoice restored to the list.',
} as const

/**
 * Voids an invoice that is still waiting for its money and has kept none (spec: PUT
 * item/invoice/{id}/void). An invoice on the contact's account gives its balance back to the
 * account, and an offer code's use is given back. What an on-account sale already gave (an
 * enrolment, a membership) stays; staff end those on the contact's profile.
 */
export async function voidInvoice(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { unverifiedGuid: string; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found' | 'conflict'>> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', 'Invoice not found')
  const outcome = await withTenant(platform.database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'status', 'contact_id', 'balance_minor', 'paid_minor', 'refunded_minor', 'offer_id'])
      .where('guid', '=', input.unverifiedGuid)
      .forUpdate()
      .executeTakeFirst()
    if (!invoice) return err('not_found', 'Invoice not found')
    if (!awaitsPayment(invoice.status)) return err('conflict', VOID_MESSAGES.notOpen)
    if (Number(invoice.paid_minor) - Number(invoice.refunded_minor) > 0) return err('conflict', VOID_MESSAGES.hasPayments)
    if (invoice.status === 'unpaid') {
      const owed = Number(invoice.balance_minor)
      await trx
        .updateTable('contacts')
        .set((eb) => ({ balance_minor: eb('balance_minor', '+', owed), updated_at: input.now }))
        .where('id', '=', invoice.contact_id)
        .execute()
    }
    await trx.updateTable('invoices').set({ status: 'void', voided_at: input.now, balance_minor: 0, updated_at: input.now }).where('id', '=', invoice.id).execute()
    await giveOfferUseBack(trx, invoice.offer_id)
    return ok({ message: VOID_MESSAGES.voided })
  })
  if (outcome.ok) platform.caches.changed(tenant.id, ['invoices', 'contacts'])
  return outcome
}

/** Archive takes an invoice out of the report (show archived brings it back); Restore puts it back. */
export async function archiveInvoice(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { unverifiedGuid: string; archive: boolean; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', 'Invoice not found')
  const changed = await withTenant(platform.database, tenant.id, (trx) =>
    trx.updateTable('invoices').set({ is_archived: input.archive, updated_at: input.now }).where('guid', '=', input.unverifiedGuid).returning('id').executeTakeFirst(),
  )
  if (!changed) return err('not_found', 'Invoice not found')
  platform.caches.changed(tenant.id, ['invoices'])
  return ok({ message: input.archive ? VOID_MESSAGES.archived : VOID_MESSAGES.unarchived })
}
