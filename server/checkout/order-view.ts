import type { Selectable } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { DatabaseHandle } from '#db/connection'
import type { InvoiceLinesTable, InvoiceStatus, InvoicesTable } from '#db/tables/checkout'
import type { PaymentProvider } from '#db/tables/payments'
import { moneyText } from '#server/catalog/public/price-text'
import { formatPattern } from '#server/dates/date-pattern'
import { LONG_DATE_PATTERNS, TIME_PATTERNS } from '#server/dates/date-formats'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import { discountLabelFor } from './cart-view'
import { giftNameIn } from './gift-name-in'
import { isUuid } from '#server/text/is-uuid'

export interface OrderLineView {
  itemName: string
  optionName: string | null
  quantity: number
  /** Before the discount, card fees and tax: the lines add up to the subtotal. */
  amountText: string
  /** What the line gave: 'Enrolled', '10 class credits', '2 seats'. */
  givenText: string | null
}

/** A sale as its buyer reads it: the confirmation page and the receipt email. */
export interface OrderView {
  guid: string
  status: InvoiceStatus
  /** Why a void order was not completed, in the buyer's words. */
  voidReason: string | null
  numberText: string
  dateText: string
  statusText: string
  buyerName: string
  email: string
  lines: OrderLineView[]
  totals: { subtotal: string; discount: string | null; discountLabel: string; cardFees: string | null; tax: string | null; taxLabel: string; total: string }
  /** Where a student finds what they bought. */
  hasCourse: boolean
  hasMembership: boolean
  /** How a recurring membership this order started goes on: its next payment and what pays it. */
  renewalText: string | null
  /** A period of a membership already held (billing's invoice), not a sale. */
  isMembershipPeriod: boolean
  /** Written by staff and sent to be paid (an invoice rather than an order). */
  isStaffInvoice: boolean
  /** What is still owed, which Pay takes; and what was paid already when part of it was. */
  dueText: string
  /** The day an invoice staff wrote is due by, while it is open ('Friday, December 4, 2026'); null without one. */
  dueByText: string | null
  paidText: string | null
  /** A paid order started a recurring membership that has no card to bill yet: its page asks for one. */
  asksForCard: boolean
}

/** What the buyer is told of a recurring membership's next payment: the kept card pays it, or an invoice is sent. */
function renewalTextOf(input: { on: string; card: string | null; isGift: boolean }, t: ReturnType<typeof tFor>): string {
  if (input.isGift) return input.card ? t('renewalGiftCard', { on: input.on, card: input.card }) : t('renewalGiftInvoice', { on: input.on })
  return input.card ? t('renewalCard', { on: input.on, card: input.card }) : t('renewalInvoice', { on: input.on })
}

/** The invoice number as people read it: #0042. */
export function invoiceNumberText(number: number): string {
  return `#${String(number).padStart(4, '0')}`
}

/** What a paid line gave its buyer, in their language; a gift gives nothing back but its repeat. */
function givenText(line: { item_type: string; quantity: number; credits: number | null; membership_type: string | null }, language: Language): string | null {
  const t = tFor(language, 'emails')
  if (line.item_type === 'course') return t('givenEnrolled')
  if (line.item_type === 'class') return t('givenPlaceBooked')
  if (line.item_type === 'event') return line.quantity === 1 ? t('givenOneSeat') : t('givenSeats', { count: line.quantity })
  if (line.item_type === 'donation') return line.membership_type === 'recurring' ? t('givenGiftStarted') : null
  if (line.membership_type === 'card' && line.credits !== null) return line.credits === 1 ? t('givenOneCredit') : t('givenCredits', { count: line.credits })
  if (line.membership_type === 'unlimited') return t('givenUnlimited')
  if (line.membership_type === 'recurring') return t('givenMembershipStarted')
  return null
}

/**
 * What a sale's line says under its item: the option when it says more (a gift's, the product's
 * own name, in the reader's language), and a class drop-in's day and time.
 */
export function saleLineOptionText(line: { item_name: string; option_name: string | null; item_type: string; occurrence_starts_at: Date | null }, timeZone: string, language: Language = 'en'): string | null {
  const named = line.option_name && line.option_name !== line.item_name ? line.option_name : null
  const option = named && line.item_type === 'donation' ? giftNameIn(named, language) : named
  if (line.item_type !== 'class' || line.occurrence_starts_at === null) return option
  const when = tFor(language, 'emails')('classDropInWhen', {
    date: formatPattern(line.occurrence_starts_at, timeZone, LONG_DATE_PATTERNS[language], language),
    time: formatPattern(line.occurrence_starts_at, timeZone, TIME_PATTERNS[language], language),
  })
  return option ? `${option}, ${when}` : when
}

/**
 * A sale of this tenant by its guid (an unguessable id, the spec's public invoice), or null.
 * `language` writes its amounts and date (a receipt to a Turkish buyer); pages keep English.
 */
export async function loadOrder(database: DatabaseHandle, tenant: Tenant, unverifiedGuid: string, language: Language = 'en'): Promise<OrderView | null> {
  if (!isUuid(unverifiedGuid)) return null
  const found = await withTenant(database, tenant.id, (trx) => selectOrderRows(trx, unverifiedGuid))
  return found ? orderViewOf(found, tenant, language) : null
}

/**
 * A sale written in its buyer's language (their own, else the studio's default: a receipt),
 * with that language, read in one transaction.
 */
export async function loadOrderForBuyer(database: DatabaseHandle, tenant: Tenant, unverifiedGuid: string): Promise<{ order: OrderView; language: Language } | null> {
  if (!isUuid(unverifiedGuid)) return null
  const found = await withTenant(database, tenant.id, async (trx) => {
    const rows = await selectOrderRows(trx, unverifiedGuid)
    if (!rows) return null
    const buyer = await trx.selectFrom('contacts').select('language').where('id', '=', rows.invoice.contact_id).executeTakeFirst()
    return { rows, language: recipientLanguage(buyer?.language, tenant) }
  })
  return found ? { order: orderViewOf(found.rows, tenant, found.language), language: found.language } : null
}

/**
 * A sale with the state of one of its payment attempts (a Stripe session or intent a buyer
 * comes back with), read in one transaction: `attemptPaid` when that attempt on this sale is
 * recorded as paid (settled already, by the webhook usually), so the return has nothing to ask.
 */
export async function loadOrderWithAttempt(
  database: DatabaseHandle,
  tenant: Tenant,
  unverifiedGuid: string,
  attempt: { provider: PaymentProvider; checkoutRef: string },
  language: Language = 'en',
): Promise<{ order: OrderView | null; attemptPaid: boolean }> {
  if (!isUuid(unverifiedGuid)) return { order: null, attemptPaid: false }
  const found = await withTenant(database, tenant.id, async (trx) => {
    const rows = await selectOrderRows(trx, unverifiedGuid)
    if (!rows) return null
    const payment = await trx.selectFrom('payments').select('status').where('provider', '=', attempt.provider).where('checkout_ref', '=', attempt.checkoutRef).where('invoice_id', '=', rows.invoice.id).executeTakeFirst()
    return { rows, attemptPaid: payment?.status === 'paid' }
  })
  return found ? { order: orderViewOf(found.rows, tenant, language), attemptPaid: found.attemptPaid } : { order: null, attemptPaid: false }
}

async function selectOrderRows(trx: TenantExecutor, guid: string): Promise<OrderRows | null> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('guid', '=', guid).executeTakeFirst()
  if (!invoice) return null
  const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoice.id).orderBy('sequence').execute()
  const started = invoice.source === 'membership' ? [] : lines.filter((line) => line.membership_type === 'recurring' && line.membership_id !== null).map((line) => line.membership_id as string)
  const renewing =
    started.length === 0
      ? null
      : ((await trx
          .selectFrom('contact_memberships')
          .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
          .select(['contact_memberships.next_billing_at', 'contact_memberships.is_gift', 'saved_payment_methods.brand', 'saved_payment_methods.last4', 'saved_payment_methods.kind'])
          .where('contact_memberships.id', 'in', started)
          .where('contact_memberships.next_billing_at', 'is not', null)
          .orderBy('contact_memberships.next_billing_at')
          .executeTakeFirst()) ?? null)
  return { invoice, lines, renewing }
}

/**
 * Membership periods' invoices of this tenant by id (billing's receipts, many at once): two
 * statements whatever their number. A period starts no membership, so none has a renewal.
 */
export async function loadMembershipPeriodOrders(trx: TenantExecutor, tenant: Tenant, invoiceIds: readonly string[]): Promise<OrderView[]> {
  if (invoiceIds.length === 0) return []
  const invoices = await trx.selectFrom('invoices').selectAll().where('id', 'in', invoiceIds).where('source', '=', 'membership').execute()
  const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('sequence').execute()
  const linesOf = new Map<string, typeof lines>()
  for (const line of lines) linesOf.set(line.invoice_id, [...(linesOf.get(line.invoice_id) ?? []), line])
  return invoices.map((invoice) => orderViewOf({ invoice, lines: linesOf.get(invoice.id) ?? [], renewing: null }, tenant))
}

interface OrderRows {
  invoice: Selectable<InvoicesTable>
  lines: Array<Selectable<InvoiceLinesTable>>
  renewing: { next_billing_at: Date | null; is_gift: boolean; last4: string | null } | null
}

function orderViewOf(found: OrderRows, tenant: Tenant, language: Language = 'en'): OrderView {
  const { invoice, lines, renewing } = found
  const money = (minor: string | number | bigint) => moneyText(Number(minor), invoice.currency, language)
  const positive = (minor: string | number | bigint) => Number(minor) > 0
  const t = tFor(language, 'checkout')
  return {
    guid: invoice.guid,
    status: invoice.status,
    voidReason: invoice.status === 'void' && invoice.note ? invoice.note : null,
    numberText: invoiceNumberText(invoice.number),
    dateText: formatPattern(invoice.created_at, tenant.settings.timezone, LONG_DATE_PATTERNS[language], language),
    statusText: t(`orderStatus_${invoice.status}`),
    buyerName: `${invoice.first_name} ${invoice.last_name}`.trim(),
    email: invoice.email,
    lines: lines.map((line) => ({
      itemName: line.item_name,
      optionName: saleLineOptionText(line, tenant.settings.timezone, language),
      quantity: line.quantity,
      amountText: positive(line.price_minor) ? money(line.price_minor) : t('free'),
      // Nothing is given until the order is paid (or put on account).
      givenText: invoice.status === 'paid' || invoice.status === 'unpaid' ? givenText(line, language) : null,
    })),
    totals: {
      subtotal: money(invoice.subtotal_minor),
      discount: positive(invoice.discount_minor) ? `-${money(invoice.discount_minor)}` : null,
      discountLabel: discountLabelFor(invoice.offer_code, language),
      cardFees: positive(invoice.card_fees_minor) ? money(invoice.card_fees_minor) : null,
      tax: positive(invoice.tax_minor) ? money(invoice.tax_minor) : null,
      // The studio's own tax label is kept as written; only the product's fallback is translated.
      taxLabel: invoice.tax_label || t('tax'),
      total: money(invoice.total_minor),
    },
    hasCourse: lines.some((line) => line.item_type === 'course'),
    hasMembership: lines.some((line) => line.membership_id !== null),
    isMembershipPeriod: invoice.source === 'membership',
    isStaffInvoice: invoice.source === 'staff',
    dueText: money(invoice.balance_minor),
    dueByText: invoice.due_on && (invoice.status === 'pending' || invoice.status === 'unpaid') ? formatPattern(new Date(`${invoice.due_on}T12:00:00Z`), 'UTC', LONG_DATE_PATTERNS[language], language) : null,
    paidText: positive(invoice.paid_minor) && invoice.status !== 'paid' ? money(invoice.paid_minor) : null,
    asksForCard: invoice.status === 'paid' && renewing !== null && renewing.next_billing_at !== null && !renewing.last4,
    renewalText: renewing?.next_billing_at ? renewalTextOf({ on: formatPattern(renewing.next_billing_at, tenant.settings.timezone, LONG_DATE_PATTERNS[language], language), card: renewing.last4 ? t('cardEnding', { last4: renewing.last4 }) : null, isGift: renewing.is_gift }, t) : null,
  }
}
