import type { DatabaseHandle } from '#db/connection'
import type { InvoiceStatus, LedgerMethod } from '#db/tables/checkout'
import type { PaymentProvider } from '#db/tables/payments'
import { withTenant } from '#db/tenant-scope'
import { amountInputValue } from '#server/catalog/money'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { isUuid } from '#server/text/is-uuid'
import { PROVIDER_NAMES } from '#server/payments/payment-providers'
import type { Tenant } from '#server/tenancy/tenant'
import { invoiceStatusText, type InvoiceStatusWord } from './invoice-status-text'
import { METHOD_KEYS } from './staff-invoice'

/** One refund already given of a payment, as the refund page lists it. */
export interface GivenRefund {
  dateText: string
  amountText: string
  reason: string
  recordedBy: string | null
  /** The provider's refund id; null for money handed back or account credit. */
  refundRef: string | null
  /** 'Failed: expired_or_canceled_card' when the provider reported it failed after taking it; it gave nothing back. */
  failedText: string | null
}

/** A payment of an invoice with what may still be given back of it. */
export interface RefundablePayment {
  guid: string
  method: LedgerMethod
  methodText: string
  /** The provider's name for a card payment ('Stripe'); null otherwise. */
  providerName: string | null
  dateText: string
  amountText: string
  refundedMinor: number
  refundedText: string
  leftMinor: number
  leftText: string
  /** What the amount field starts with: all that is left, as staff type it ('25.00'). */
  leftInput: string
  note: string
  refunds: GivenRefund[]
}

/** /invoices/{guid}/refund: the invoice, its payments, and the one chosen to refund. */
export interface RefundView {
  invoice: { guid: string; numberText: string; statusText: InvoiceStatusWord; status: InvoiceStatus; currency: string; contactName: string; paidText: string; refundedText: string }
  payments: RefundablePayment[]
  /** The payment named by ?payment=; null when none was named. */
  chosen: RefundablePayment | null
}

/**
 * The refund page's data, read in this tenant only. Null for an unknown (or another tenant's)
 * invoice guid, and for a payment guid that is not one of this invoice's payments: both are a
 * 404 to the caller.
 */
export async function loadRefundView(database: DatabaseHandle, tenant: Tenant, input: { unverifiedGuid: string; unverifiedPaymentGuid: string | null }, language: Language = 'en'): Promise<RefundView | null> {
  if (!isUuid(input.unverifiedGuid)) return null
  if (input.unverifiedPaymentGuid !== null && !isUuid(input.unverifiedPaymentGuid)) return null
  const found = await withTenant(database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'guid', 'number', 'status', 'currency', 'first_name', 'last_name', 'email', 'paid_minor', 'refunded_minor'])
      .where('guid', '=', input.unverifiedGuid)
      .executeTakeFirst()
    if (!invoice) return null
    const payments = await trx
      .selectFrom('invoice_payments')
      .select(['id', 'guid', 'method', 'provider', 'amount_minor', 'refunded_minor', 'note', 'paid_at'])
      .where('invoice_id', '=', invoice.id)
      .orderBy('paid_at')
      .execute()
    const refunds =
      payments.length === 0
        ? []
        : await trx
            .selectFrom('invoice_refunds')
            .leftJoin('contacts as staff', 'staff.id', 'invoice_refunds.recorded_by')
            .select([
              'invoice_refunds.invoice_payment_id',
              'invoice_refunds.amount_minor',
              'invoice_refunds.refund_ref',
              'invoice_refunds.reason',
              'invoice_refunds.created_at',
              'invoice_refunds.failed_at',
              'invoice_refunds.failure_reason',
              'staff.first_name',
              'staff.last_name',
            ])
            .where(
              'invoice_refunds.invoice_payment_id',
              'in',
              payments.map((payment) => payment.id),
            )
            .orderBy('invoice_refunds.created_at')
            .execute()
    return { invoice, payments, refunds }
  })
  if (!found) return null
  const { invoice, payments, refunds } = found
  const money = (minor: string | number | bigint) => moneyText(Number(minor), invoice.currency, language)
  const t = tFor(language, 'billing')
  const when = (value: Parameters<typeof dateInLanguage>[0]) => dateInLanguage(value, tenant.settings, 'dateTime', language)
  const shown: RefundablePayment[] = payments.map((payment) => {
    const left = Number(payment.amount_minor) - Number(payment.refunded_minor)
    const providerName = payment.method === 'card' && payment.provider ? PROVIDER_NAMES[payment.provider as PaymentProvider] ?? payment.provider : null
    return {
      guid: payment.guid,
      method: payment.method,
      methodText: providerName ? t('methodCardWith', { provider: providerName }) : t(METHOD_KEYS[payment.method]),
      providerName,
      dateText: when(payment.paid_at),
      amountText: money(payment.amount_minor),
      refundedMinor: Number(payment.refunded_minor),
      refundedText: money(payment.refunded_minor),
      leftMinor: left,
      leftText: money(left),
      leftInput: amountInputValue(left, invoice.currency),
      note: payment.note,
      refunds: refunds
        .filter((refund) => refund.invoice_payment_id === payment.id)
        .map((refund) => ({
          dateText: when(refund.created_at),
          amountText: money(refund.amount_minor),
          reason: refund.reason,
          recordedBy: refund.first_name !== null ? `${refund.first_name} ${refund.last_name ?? ''}`.trim() : null,
          refundRef: refund.refund_ref,
          failedText: refund.failed_at ? t('refundFailedOn', { date: when(refund.failed_at), reason: refund.failure_reason ?? t('refundFailed') }) : null,
        })),
    }
  })
  const named = input.unverifiedPaymentGuid?.toLowerCase() ?? null
  const chosen = named === null ? null : shown.find((payment) => payment.guid.toLowerCase() === named)
  if (chosen === undefined) return null
  return {
    invoice: {
      guid: invoice.guid,
      numberText: invoiceNumberText(invoice.number),
      status: invoice.status,
      statusText: invoiceStatusText({ status: invoice.status, paidMinor: Number(invoice.paid_minor) }),
      currency: invoice.currency,
      contactName: `${invoice.first_name} ${invoice.last_name}`.trim() || invoice.email,
      paidText: money(invoice.paid_minor),
      refundedText: money(invoice.refunded_minor),
    },
    payments: shown,
    chosen,
  }
}
