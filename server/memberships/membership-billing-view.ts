import type { TenantExecutor } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { savedMethodLabel } from '#server/payments/saved-payment-methods'
import type { Tenant } from '#server/tenancy/tenant'
import { periodCharges } from './membership-invoice'

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
  /** The unpaid invoice of the period due (failed or waiting), to pay from its page; `text` says which and why. */
  openInvoice: { numberText: string; path: string; statusText: string; text: string } | null
  retryText: string | null
  /** The panel's button and link words, in the page's language. */
  words: MembershipBillingWords
  canCancelAtPeriodEnd: boolean
  canCancelNow: boolean
  canKeep: boolean
}

export interface MembershipBillingWords {
  changeCard: string
  payNow: string
  openInvoice: string
  stopGiving: string
  cancelMembership: string
  cancelAtPeriodEnd: string
  cancelNow: string
  keepGiving: string
  keepMembership: string
}

function billingWords(language: Language): MembershipBillingWords {
  const t = tFor(language, 'portal')
  return {
    changeCard: t('changeCard'),
    payNow: t('payNow'),
    openInvoice: t('openInvoice'),
    stopGiving: t('stopGiving'),
    cancelMembership: t('cancelMembership'),
    cancelAtPeriodEnd: t('cancelAtPeriodEnd'),
    cancelNow: t('cancelNow'),
    keepGiving: t('keepGiving'),
    keepMembership: t('keepMembership'),
  }
}

/** What a membership's billing view is made from: its row and its kept card's (held-memberships read them together). */
export interface MembershipBillingFacts {
  id: string
  guid: string
  membership_type: string
  status: string
  next_billing_at: Date | null
  billing_retry_at: Date | null
  expires_at: Date | null
  cancel_at_period_end: boolean
  period_price_minor: string | number | null
  currency: string | null
  is_taxable: boolean
  is_charge_card_fees: boolean
  kind: 'card' | 'bank' | null
  brand: string | null
  last4: string | null
  exp_month: number | null
  exp_year: number | null
}

/** The columns of MembershipBillingFacts, for a query of contact_memberships left-joined to saved_payment_methods. */
export const MEMBERSHIP_BILLING_COLUMNS = [
  'contact_memberships.guid',
  'contact_memberships.next_billing_at',
  'contact_memberships.billing_retry_at',
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
] as const

/** The billing of each recurring membership among `rows`, by id, inside the caller's transaction (which read the rows). */
export async function membershipBillingViews(
  trx: TenantExecutor,
  tenant: Tenant,
  rows: readonly MembershipBillingFacts[],
  language: Language = 'en',
): Promise<Map<string, MembershipBillingView>> {
  const views = new Map<string, MembershipBillingView>()
  const memberships = rows.filter((row) => row.membership_type === 'recurring')
  if (memberships.length === 0) return views
  const open = await trx
    .selectFrom('membership_billings')
    .innerJoin('invoices', 'invoices.id', 'membership_billings.invoice_id')
    .select(['membership_billings.membership_id', 'invoices.guid', 'invoices.number', 'invoices.status'])
    .where(
      'membership_billings.membership_id',
      'in',
      memberships.map((row) => row.id),
    )
    .where('membership_billings.status', '=', 'open')
    .where('invoices.status', 'in', ['pending', 'failed'])
    .execute()
  const t = tFor(language, 'portal')
  const words = billingWords(language)
  const date = (value: Date) => dateInLanguage(value, tenant.settings, 'date', language)
  for (const row of memberships) {
    const live = row.status === 'trial' || row.status === 'active' || row.status === 'suspended'
    const bills = live && row.next_billing_at !== null && !row.cancel_at_period_end
    const amount = row.period_price_minor !== null && row.currency ? moneyText(periodCharges(row, tenant).totalMinor, row.currency, language) : null
    const invoice = open.find((each) => each.membership_id === row.id)
    const card =
      row.kind && row.last4
        ? savedMethodLabel({ kind: row.kind, brand: row.brand ?? '', last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year }, language)
        : t('billingNoCard')
    views.set(row.id, {
      guid: row.guid,
      nextText: bills && row.next_billing_at && amount && row.status !== 'suspended' ? t('billingNextPayment', { amount, date: date(row.next_billing_at) }) : null,
      endsText: live && row.cancel_at_period_end && row.next_billing_at ? t('billingEnds', { date: date(row.next_billing_at) }) : live && row.expires_at ? t('billingEnds', { date: date(row.expires_at) }) : null,
      periodEndText: live && row.next_billing_at ? date(row.next_billing_at) : null,
      cardText: card,
      openInvoice: invoice
        ? openInvoiceOf(invoice, t)
        : null,
      retryText: live && row.status !== 'suspended' && row.billing_retry_at && invoice ? t('billingNextTry', { date: date(row.billing_retry_at) }) : null,
      canCancelAtPeriodEnd: live && row.next_billing_at !== null && !row.cancel_at_period_end,
      canCancelNow: live,
      canKeep: live && row.cancel_at_period_end,
      words,
    })
  }
  return views
}

function openInvoiceOf(invoice: { guid: string; number: number; status: string }, t: ReturnType<typeof tFor>): NonNullable<MembershipBillingView['openInvoice']> {
  const numberText = invoiceNumberText(invoice.number)
  const statusText = invoice.status === 'failed' ? t('billingPaymentFailed') : t('billingWaitingForPayment')
  return { numberText, path: orderPathFor(invoice.guid), statusText, text: t('billingOpenInvoice', { number: numberText, status: statusText }) }
}
