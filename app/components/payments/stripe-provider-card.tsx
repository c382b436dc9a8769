import { buttonClasses } from '#app/components/ui/button'
import { DisconnectButton, ProviderIntentButton } from './provider-buttons'
import type { StripeCardView } from '#server/payments/payment-provider-page'

/** Stripe's part of the payment providers page: Connect, Disconnect (asked first), Reconnect. */
export function StripeProviderActions({ card, notConfigured }: { card: StripeCardView; notConfigured: string }) {
  if (!card.isConfigured) return <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{notConfigured}</p>
  if (!card.isConnected) {
    return (
      <div>
        <a href="/oauth/stripe" className={buttonClasses({ variant: 'primary' })}>
          Connect with Stripe
        </a>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700" data-stripe-status>
        {card.isIntegrated ? 'Connected' : 'Disconnected'}: {card.accountName ?? card.accountId}
        {card.isIntegrated ? '. Payments go to this account.' : '. Checkout does not use Stripe until you reconnect.'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {card.isIntegrated ? (
          <DisconnectButton provider="STRIPE" question="Checkout will stop taking cards through Stripe. Are you sure?" />
        ) : (
          <ProviderIntentButton provider="STRIPE" intent="reconnect" variant="primary">
            Reconnect
          </ProviderIntentButton>
        )}
        <a href="/oauth/stripe" className={buttonClasses({ variant: 'secondary' })}>
          Connect another account
        </a>
      </div>
    </div>
  )
}
