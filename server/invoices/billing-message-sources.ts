import type { MessageSource } from '#server/i18n/message-source'
import { OFFER_FORM_MESSAGES } from '#server/offers/offer-form'
import { SALES_PERIOD_MESSAGES } from '#server/reports/sales-period'
import { EMAIL_MESSAGES } from './invoice-email'
import { INVOICE_FORM_MESSAGES } from './invoice-form'
import { cardRefundFailed, REFUND_MESSAGES, refundOverLeft } from './refund-invoice-payment'
import { amountOverBalance, amountOverCredit, PAYMENT_MESSAGES } from './record-invoice-payment'
import { VOID_MESSAGES } from './void-invoice'

/**
 * The messages the staff invoice, offer and report screens answer with, each of which has its
 * Turkish (server/i18n/locales/tr/messages/billing.json).
 */
export const BILLING_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'INVOICE_FORM_MESSAGES', source: INVOICE_FORM_MESSAGES },
  { name: 'VOID_MESSAGES', source: VOID_MESSAGES },
  { name: 'EMAIL_MESSAGES', source: EMAIL_MESSAGES },
  // The form-wide refusal is written where the payment is checked, not in PAYMENT_MESSAGES.
  { name: 'PAYMENT_MESSAGES', source: { ...PAYMENT_MESSAGES, amountOverBalance, amountOverCredit, invalid: 'Please correct the highlighted fields.' } },
  { name: 'REFUND_MESSAGES', source: { ...REFUND_MESSAGES, refundOverLeft, cardRefundFailed } },
  // One use reads 'the 1 time', which the '{{1}} times' entry does not match.
  { name: 'OFFER_FORM_MESSAGES', source: { ...OFFER_FORM_MESSAGES, usageBelowOneUse: OFFER_FORM_MESSAGES.usageBelowUsed(1) } },
  // The sales report says what was wrong, then SALES_PERIOD_MESSAGES.instead: translated sentence by sentence.
  { name: 'SALES_PERIOD_MESSAGES', source: SALES_PERIOD_MESSAGES },
]
