import type { Language } from '#server/i18n/languages'
import type { Tenant } from '#server/tenancy/tenant'
import type { readActiveProvider } from './active-provider'
import { studioStripe } from './studio-stripe'
import { awaitsPayment, loadPayableInvoice, startsRecurringMembership, type PayableInvoice } from './payable-invoice'
import { listSavedPaymentMethods, type SavedPaymentMethod } from './saved-payment-methods'
import type { PaymentPlatform } from './settle-payment'
import { stripeScriptUrl } from './stripe-client'

/** What the order page's Payment Element needs: public values only (the platform's publishable key, never a secret). */
export interface StripePayView {
  publishableKey: string
  stripeAccount: string
  scriptUrl: string
  amountMinor: number
  /** Lower case, as Stripe.js takes it. */
  currency: string
  saved: SavedPaymentMethod[]
  /** 'Save for my next payment' is offered to the order's own contact, signed in. */
  canSave: boolean
  /** The order starts a recurring membership: the card that pays it is kept for its later periods. */
  keepsCardForMembership: boolean
}

/** The Payment Element's settings for a pending order while the studio takes payments through Stripe; null otherwise. */
export async function readStripePayView(
  platform: PaymentPlatform & Parameters<typeof readActiveProvider>[0],
  tenant: Tenant,
  /** `found`: the invoice already read by the caller, so the page reads it once. */
  input: { invoiceGuid: string; signedInContactId: string | null; found?: PayableInvoice | null; language?: Language },
): Promise<StripePayView | null> {
  const studio = await studioStripe(platform, tenant.id)
  const publishableKey = platform.env.STRIPE_PUBLISHABLE_KEY
  if (!studio || !publishableKey) return null
  const found = input.found ?? (await loadPayableInvoice(platform, tenant.id, input.invoiceGuid))
  if (!found || !awaitsPayment(found.invoice.status) || found.invoice.dueMinor <= 0) return null
  const ownContact = input.signedInContactId !== null && input.signedInContactId === found.invoice.contactId ? input.signedInContactId : null
  const saved = ownContact ? await listSavedPaymentMethods(platform, tenant.id, { contactId: ownContact, provider: 'STRIPE', accountId: studio.account, language: input.language }) : []
  return {
    publishableKey,
    stripeAccount: studio.account,
    scriptUrl: stripeScriptUrl(platform.env),
    amountMinor: found.invoice.dueMinor,
    currency: found.invoice.currency.toLowerCase(),
    saved,
    canSave: ownContact !== null,
    keepsCardForMembership: startsRecurringMembership(found),
  }
}

/** What the profile's Add a card needs: public values only. */
export type StripeAddCardView = Pick<StripePayView, 'publishableKey' | 'stripeAccount' | 'scriptUrl' | 'currency'>

/** The Payment Element's settings for saving a card while the studio takes payments through Stripe; null otherwise. */
export async function readStripeAddCardView(platform: PaymentPlatform & Parameters<typeof readActiveProvider>[0], tenant: Tenant): Promise<StripeAddCardView | null> {
  const studio = await studioStripe(platform, tenant.id)
  const publishableKey = platform.env.STRIPE_PUBLISHABLE_KEY
  if (!studio || !publishableKey) return null
  return { publishableKey, stripeAccount: studio.account, scriptUrl: stripeScriptUrl(platform.env), currency: (tenant.settings.defaultCurrency || 'USD').toLowerCase() }
}
