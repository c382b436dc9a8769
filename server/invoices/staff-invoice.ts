import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { InvoiceSource, InvoiceStatus, LedgerMethod } from '#db/tables/checkout'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage, dayInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { PaymentProvider } from '#db/tables/payments'
import { awaitsPayment } from '#server/payments/payable-invoice'
import { PROVIDER_NAMES } from '#server/payments/payment-providers'
import type { Tenant } from '#server/tenancy/tenant'
import { isUuid } from '#server/text/is-uuid'
import { invoiceStatusText, type InvoiceStatusWord } from './invoice-status-text'

export interface StaffInvoiceLine {
  itemName: string
  optionName: string | null
  isCustom: boolean
  /** What the catalog calls it ('course', 'membership', ...), or 'custom' for a described line. */
  itemType: string
  quantity: number
  unitPriceText: string
  amountText: string
  totalText: string
}

export interface StaffInvoicePayment {
  guid: string
  dateText: string
  methodText: string
  amountText: string
  refundedText: string | null
  /** What may still be given back of it, in minor units. */
  refundableMinor: number
  note: string
  recordedBy: string | null
}

/** An invoice as staff read and work it (/invoices/{guid}). */
export interface StaffInvoice {
  guid: string
  numberText: string
  status: InvoiceStatus
  statusText: InvoiceStatusWord
  source: InvoiceSource
  sourceText: string
  isArchived: boolean
  currency: string
  /** `language`: the one the contact chose, if any (emails to them are written in it). */
  contact: { guid: string; name: string; email: string; phone: string | null; language: string | null; accountBalanceMinor: number; accountBalanceText: string; accountCreditText: string }
  dateText: string
  dueOn: string | null
  dueText: string | null
  isOverdue: boolean
  note: string
  salesPerson: string | null
  emailedText: string | null
  lines: StaffInvoiceLine[]
  totals: { subtotal: string; discount: string | null; cardFees: string | null; tax: string | null; taxLabel: string; total: string; paid: string; refunded: string | null; balance: string }
  balanceMinor: number
  payments: StaffInvoicePayment[]
  /** What staff may do with it now. */
  can: { edit: boolean; takePayment: boolean; applyCredit: boolean; void: boolean; refund: boolean }
}

/** The keys of the billing words an invoice's source and a payment's method are written with. */
const SOURCE_KEYS = { checkout: 'sourceCheckout', till: 'sourceTill', staff: 'sourceStaff', membership: 'sourceMembership' } as const satisfies Record<InvoiceSource, string>
export const METHOD_KEYS = { card: 'methodCard', cash: 'methodCash', other: 'methodOther', account: 'methodAccount' } as const satisfies Record<LedgerMethod, string>

/**
 * One invoice of this tenant by its guid, with its lines and the money it took; null for an
 * unknown (or another tenant's) guid. `language` sets how its words, amounts and dates are written: the page's, or a
 * Turkish contact's for their email.
 */
export async function loadStaffInvoice(database: DatabaseHandle, tenant: Tenant, unverifiedGuid: string, today: string, language: Language = 'en'): Promise<StaffInvoice | null> {
  if (!isUuid(unverifiedGuid)) return null
  const found = await withTenant(database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
      .leftJoin('contacts as seller', 'seller.id', 'invoices.sales_person_id')
      .selectAll('invoices')
      .select(['contacts.guid as contact_guid', 'contacts.language as contact_language', 'contacts.balance_minor as account_balance', 'seller.first_name as seller_first', 'seller.last_name as seller_last'])
      .where('invoices.guid', '=', unverifiedGuid)
      .executeTakeFirst()
    if (!invoice) return null
    const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoice.id).orderBy('sequence').execute()
    const payments = await trx
      .selectFrom('invoice_payments')
      .leftJoin('contacts as staff', 'staff.id', 'invoice_payments.recorded_by')
      .select([
        'invoice_payments.guid',
        'invoice_payments.paid_at',
        'invoice_payments.method',
        'invoice_payments.provider',
        'invoice_payments.amount_minor',
        'invoice_payments.refunded_minor',
        'invoice_payments.note',
        'staff.first_name',
        'staff.last_name',
      ])
      .where('invoice_payments.invoice_id', '=', invoice.id)
      .orderBy('invoice_payments.paid_at')
      .execute()
    return { invoice, lines, payments }
  })
  if (!found) return null
  const { invoice, lines, payments } = found
  const money = (minor: string | number | bigint) => moneyText(Number(minor), invoice.currency, language)
  const t = tFor(language, 'billing')
  const positive = (minor: string | number | bigint) => Number(minor) > 0
  const paidMinor = Number(invoice.paid_minor)
  const balanceMinor = Number(invoice.balance_minor)
  const isOpen = awaitsPayment(invoice.status)
  const accountBalanceMinor = Number(invoice.account_balance)
  const refundable = payments.reduce((sum, payment) => sum + Number(payment.amount_minor) - Number(payment.refunded_minor), 0)
  return {
    guid: invoice.guid,
    numberText: invoiceNumberText(invoice.number),
    status: invoice.status,
    statusText: invoiceStatusText({ status: invoice.status, paidMinor }),
    source: invoice.source,
    sourceText: t(SOURCE_KEYS[invoice.source]),
    isArchived: invoice.is_archived,
    currency: invoice.currency,
    contact: {
      guid: invoice.contact_guid,
      name: `${invoice.first_name} ${invoice.last_name}`.trim(),
      email: invoice.email,
      phone: invoice.phone,
      language: invoice.contact_language,
      accountBalanceMinor,
      accountBalanceText: accountBalanceMinor === 0 ? t('accountNothingOwed') : accountBalanceMinor < 0 ? t('accountOwes', { amount: money(-accountBalanceMinor) }) : t('accountInCredit', { amount: money(accountBalanceMinor) }),
      accountCreditText: money(Math.max(0, accountBalanceMinor)),
    },
    dateText: dateInLanguage(invoice.created_at, tenant.settings, 'dateTime', language),
    dueOn: invoice.due_on,
    dueText: invoice.due_on ? dayInLanguage(invoice.due_on, tenant.settings, language) : null,
    isOverdue: isOpen && invoice.due_on !== null && invoice.due_on < today,
    note: invoice.note,
    salesPerson: invoice.seller_first !== null ? `${invoice.seller_first} ${invoice.seller_last ?? ''}`.trim() : null,
    emailedText: invoice.emailed_at ? dateInLanguage(invoice.emailed_at, tenant.settings, 'dateTime', language) : null,
    lines: lines.map((line) => ({
      itemName: line.item_name,
      optionName: line.option_name && line.option_name !== line.item_name ? line.option_name : null,
      isCustom: line.item_type === 'custom',
      itemType: line.item_type,
      quantity: line.quantity,
      unitPriceText: money(line.unit_price_minor),
      amountText: money(line.price_minor),
      totalText: money(line.total_minor),
    })),
    totals: {
      subtotal: money(invoice.subtotal_minor),
      discount: positive(invoice.discount_minor) ? `-${money(invoice.discount_minor)}` : null,
      cardFees: positive(invoice.card_fees_minor) ? money(invoice.card_fees_minor) : null,
      tax: positive(invoice.tax_minor) ? money(invoice.tax_minor) : null,
      taxLabel: invoice.tax_label || t('tax'),
      total: money(invoice.total_minor),
      paid: money(paidMinor),
      refunded: positive(invoice.refunded_minor) ? `-${money(invoice.refunded_minor)}` : null,
      balance: money(balanceMinor),
    },
    balanceMinor,
    payments: payments.map((payment) => ({
      guid: payment.guid,
      dateText: dateInLanguage(payment.paid_at, tenant.settings, 'dateTime', language),
      methodText: payment.method === 'card' && payment.provider ? t('methodCardWith', { provider: providerName(payment.provider) }) : t(METHOD_KEYS[payment.method]),
      amountText: money(payment.amount_minor),
      refundedText: positive(payment.refunded_minor) ? money(payment.refunded_minor) : null,
      refundableMinor: Number(payment.amount_minor) - Number(payment.refunded_minor),
      note: payment.note,
      recordedBy: payment.first_name !== null ? `${payment.first_name} ${payment.last_name ?? ''}`.trim() : null,
    })),
    can: {
      // Edited only before any money was taken on it, and only what staff wrote.
      edit: invoice.source === 'staff' && invoice.status === 'pending' && paidMinor === 0,
      takePayment: isOpen && balanceMinor > 0,
      applyCredit: isOpen && invoice.status !== 'unpaid' && balanceMinor > 0 && accountBalanceMinor > 0,
      void: isOpen && paidMinor - Number(invoice.refunded_minor) === 0,
      refund: refundable > 0,
    },
  }
}

function providerName(provider: string): string {
  return provider in PROVIDER_NAMES ? PROVIDER_NAMES[provider as PaymentProvider] : provider
}
