import type { PaymentProvidersScreen } from '#server/payments/payment-provider-screen'
import { PROVIDER_CARDS } from '#server/payments/payment-providers'

/** The hub's groups, in the spec's order (settings spec, "Integrations hub (Third Party Settings)"). */
export const HUB_GROUPS = ['Payments', 'SMS Marketing', 'Campaign', 'Communication', 'Email'] as const
export type HubGroup = (typeof HUB_GROUPS)[number]

export interface HubCard {
  key: string
  group: HubGroup
  name: string
  /** The card's text; the spec shows none for the groups after Payments. */
  text: string | null
  /** Where the card leads; null while its screen is not in the product yet (the card says so). */
  href: string | null
  /** The green check. */
  isIntegrated: boolean
}

/** Online meeting counts as integrated when an OAuth provider is zoom or googlemeet. */
export function isMeetingIntegrated(oauthProviders: readonly string[]): boolean {
  return oauthProviders.some((provider) => provider === 'zoom' || provider === 'googlemeet')
}

/** Email counts as connected when isConnected is true or the string 'true'. */
export function isEmailConnected(isConnected: unknown): boolean {
  return isConnected === true || isConnected === 'true'
}

/** Email campaigns count as configured when the sender's verification status is verified and it is connected (spec, Sender wizard). */
export function isEmailConfigured(isConnected: unknown, verificationStatus: unknown): boolean {
  return isEmailConnected(isConnected) && verificationStatus === 'verified'
}

/** SMS counts as integrated when the provider is twilio or plivo. */
export function isSmsIntegrated(provider: string | null | undefined): boolean {
  return provider === 'twilio' || provider === 'plivo'
}

/** What the other groups are connected to; nothing until their screens exist. */
export interface OtherIntegrations {
  oauthProviders: readonly string[]
  campaignIsConnected: unknown
  campaignVerificationStatus?: unknown
  smsProvider: string | null
  /** A mailing list (Mailchimp-style) is configured. */
  mailingListConfigured?: boolean
  /** A staff member has connected a mailbox (isConnected, true or 'true'). */
  emailIsConnected?: unknown
}

export const NO_OTHER_INTEGRATIONS: OtherIntegrations = { oauthProviders: [], campaignIsConnected: false, smsProvider: null }

/**
 * The hub's cards with their destinations and checks. Payments lead to the payment providers
 * page (Stripe, until it is connected, to its Connect flow at oauth/stripe); the cards of screens the product does not have yet show
 * without a link, so none leads to an empty page.
 */
export function integrationHubCards(payments: PaymentProvidersScreen, other: OtherIntegrations = NO_OTHER_INTEGRATIONS): HubCard[] {
  const provider = (code: number) => `/settings/integrations/paymentprovider?provider=${code}`
  return [
    {
      key: 'stripe',
      group: 'Payments',
      name: PROVIDER_CARDS.STRIPE.name,
      text: PROVIDER_CARDS.STRIPE.text,
      href: payments.stripe.isIntegrated ? provider(2) : '/oauth/stripe',
      isIntegrated: payments.stripe.isIntegrated,
    },
    { key: 'nelnet', group: 'Payments', name: PROVIDER_CARDS.PSPRING.name, text: PROVIDER_CARDS.PSPRING.text, href: provider(1), isIntegrated: payments.keys.PSPRING.isIntegrated },
    { key: 'razorpay', group: 'Payments', name: PROVIDER_CARDS.RAZORPAY.name, text: PROVIDER_CARDS.RAZORPAY.text, href: provider(3), isIntegrated: payments.keys.RAZORPAY.isIntegrated },
    { key: 'phonepe', group: 'Payments', name: PROVIDER_CARDS.PHONEPE.name, text: PROVIDER_CARDS.PHONEPE.text, href: provider(4), isIntegrated: payments.keys.PHONEPE.isIntegrated },
    // SMS is integrated when the provider is twilio or plivo (spec); each card checks its own provider.
    { key: 'twilio', group: 'SMS Marketing', name: 'Twilio', text: 'Text messages: class reminders and messages to contacts', href: '/settings/integrations/twilio', isIntegrated: isSmsIntegrated(other.smsProvider) && other.smsProvider === 'twilio' },
    {
      key: 'plivo',
      group: 'SMS Marketing',
      name: 'Plivo',
      text: 'Text messages from a number you rent by area code',
      href: '/settings/integrations/plivo',
      isIntegrated: isSmsIntegrated(other.smsProvider) && other.smsProvider === 'plivo',
    },
    { key: 'mailchimp', group: 'Campaign', name: 'Mailchimp', text: 'Send contacts who agreed to your mailing list to a Mailchimp audience', href: '/settings/integrations/mailchimp', isIntegrated: other.mailingListConfigured ?? false },
    {
      key: 'campaigns',
      group: 'Campaign',
      name: 'Email Campaigns',
      text: null,
      href: '/settings/integrations/ses',
      isIntegrated: isEmailConfigured(other.campaignIsConnected, other.campaignVerificationStatus),
    },
    { key: 'meeting', group: 'Communication', name: 'Online Meeting', text: 'Zoom or Google Meet links for classes and events', href: '/oauth/omeeting', isIntegrated: isMeetingIntegrated(other.oauthProviders) },
    {
      key: 'emails',
      group: 'Email',
      name: 'Connect email',
      text: 'Send emails to contacts from your own Google, Microsoft or Zoho mailbox',
      href: '/settings/integrations/emails',
      isIntegrated: isEmailConnected(other.emailIsConnected),
    },
  ]
}
