import { UNPAID_ORDER_NOTE } from '#server/checkout/checkout-housekeeping'
import type { MessageSource } from '#server/i18n/message-source'
import { CARD_PAYMENT_MESSAGES } from './payable-invoice'
import { PAYMENTSPRING_MESSAGES } from './paymentspring-checkout'
import { PAY_FORM_MESSAGES } from './paymentspring-form'
import { STRIPE_CARD_MESSAGES } from './stripe-intent'
import { ADD_CARD_MESSAGES } from './stripe-setup'

/**
 * The messages a buyer meets while paying (the order page, the card and bank forms, Stripe's
 * card form and the profile's Add a card), each of which has its Turkish
 * (server/i18n/locales/tr/messages/checkout.json).
 */
export const PAYMENT_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'CARD_PAYMENT_MESSAGES', source: CARD_PAYMENT_MESSAGES },
  { name: 'PAYMENTSPRING_MESSAGES', source: PAYMENTSPRING_MESSAGES },
  { name: 'PAY_FORM_MESSAGES', source: PAY_FORM_MESSAGES },
  { name: 'STRIPE_CARD_MESSAGES', source: STRIPE_CARD_MESSAGES },
  { name: 'ADD_CARD_MESSAGES', source: ADD_CARD_MESSAGES },
  { name: 'UNPAID_ORDER_NOTE', source: { UNPAID_ORDER_NOTE } },
]
