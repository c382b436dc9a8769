import { withTenant } from '#db/tenant-scope'
import type { DatabaseHandle } from '#db/connection'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { priceLine } from '#server/checkout/pricing'
import { orderPathFor } from '#server/checkout/receipt-email'
import { formatInZone } from '#server/dates/tenant-dates'
import { savedMethodLabel } from '#server/payments/saved-payment-methods'
import type { Tenant } from '#server/tenancy/tenant'

/** How a held recurring membership bills, in the member's and staff's words. */
export interface MembershipBillingView {
  guid: string
  /** 'Next payment $129.00 on Dec 27, 2026'; null when it bills no more. */
  nextText: string | null
  /** 'Ends Dec 27, 2026' when cancelled at period end or after its last cycle. */
  endsText: string | null
  /** The day the period paid for runs out ('Dec 27, 2026'): where a cancellation at period end ends it. */
  periodEndText: string | null
  /** 'Visa ending 4242, expires 12/2029', or how it is paid without a card. */
  cardText: string
  /** The unpaid invoice of the period due (failed or waiting), to pay from its page. */
  openInvoice: { numberText: string; path: string; statusText: string } | null
  retryText: string | null
  canCancelAtPeriodEnd: boolean
  canCancelNow: boolean
  canKeep: boolean
}

/** The billing of each recurring membership among `membershipIds`, by id. */
export async function loadMembershipBilling(database: DatabaseHandle, tenant: Tenant, membershipIds: readonly string[]): Promise<Map<string, MembershipBillingView>> {
  const views = new Map<string, MembershipBillingView>()
  if (membershipIds.length === 0) return views
  const { memberships, open } = await withTenant(database, tenant.id, async (trx) => ({
    memberships: await trx
      .selectFrom('contact_memberships')
      .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
      .select([
        'contact_memberships.id',
        'contact_memberships.guid',
        'contact_memberships.status',
        'contact_memberships.next_billing_at',
        'contact_memberships.billing_retry_at',
        'contact_memberships.expires_at',
        'contact_memberships.cancel_at_period_end',
        'contact_memberships.period_price_minor',
        'contact_memberships.currency',
        'contact_memberships.is_taxable',
        'contact_memberships.is_charge_card_fees',
        'saved_payment_methods.kind',
        'saved_payment_methods.brand',
        'saved_payment_methods.last4',
        'saved_payment_methods.exp_month',
        'saved_payment_methods.exp_year',
      ])
      .where('contact_memberships.id', 'in', membershipIds)
      .where('contact_memberships.membership_type', '=', 'recurring')
      .execute(),
    open: await trx
      .selectFrom('membership_billings')
      .innerJoin('invoices', 'invoices.id', 'membership_billings.invoice_id')
      .select(['membership_billings.membership_id', 'invoices.guid', 'invoices.number', 'invoices.status'])
      .where('membership_billings.membership_id', 'in', membershipIds)
      .where('membership_billings.status', '=', 'open')
      .where('invoices.status', 'in', ['pending', 'failed'])
      .execute(),
  }))
  const date = (value: Date) => formatInZone(value, tenant.settings, 'date')
  for (const row of memberships) {
    const live = row.status === 'trial' || row.status === 'active' || row.status === 'suspended'
    const bills = live && row.next_billing_at !== null && !row.cancel_at_period_end
    const amount =
      row.period_price_minor !== null && row.currency
        ? moneyText(
            priceLine(
              {
                unitPriceMinor: Number(row.period_price_minor),
                unitDiscountMinor: 0,
                quantity: 1,
                isTaxable: row.is_taxable,
                isChargeCardFees: row.is_charge_card_fees,
                offerDiscountMinor: 0,
                recurring: null,
              },
              { cardFeePercent: tenant.settings.cardFees, taxPercent: tenant.settings.taxValue1 },
            ).totalMinor,
            row.currency,
          )
        : null
    const invoice = open.find((each) => each.membership_id === row.id)
    const card =
      row.kind && row.last4
        ? savedMethodLabel({ kind: row.kind, brand: row.brand ?? '', last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year })
        : "No card kept: each period's invoice is emailed, to be paid from its link."
    views.set(row.id, {
      guid: row.guid,
      nextText: bills && row.next_billing_at && amount && row.status !== 'suspended' ? `Next payment ${amount} on ${date(row.next_billing_at)}` : null,
      endsText: live && row.cancel_at_period_end && row.next_billing_at ? `Ends ${date(row.next_billing_at)}` : live && row.expires_at ? `Ends ${date(row.expires_at)}` : null,
      periodEndText: live && row.next_billing_at ? date(row.next_billing_at) : null,
      cardText: card,
      openInvoice: invoice
        ? { numberText: invoiceNumberText(invoice.number), path: orderPathFor(invoice.guid), statusText: invoice.status === 'failed' ? 'Payment failed' : 'Waiting for payment' }
        : null,
      retryText: live && row.status !== 'suspended' && row.billing_retry_at && invoice ? `Next try ${date(row.billing_retry_at)}` : null,
      canCancelAtPeriodEnd: live && row.next_billing_at !== null && !row.cancel_at_period_end,
      canCancelNow: live,
      canKeep: live && row.cancel_at_period_end,
    })
  }
  return views
}
