import { Form } from '@remix-run/react'
import { buttonClasses } from '#app/components/ui/button'
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
          <Form method="post">
            <input type="hidden" name="provider" value="STRIPE" />
            <button type="submit" name="intent" value="reconnect" className={buttonClasses({ variant: 'primary' })}>
              Reconnect
            </button>
          </Form>
        )}
        <a href="/oauth/stripe" className={buttonClasses({ variant: 'secondary' })}>
          Connect another account
        </a>
      </div>
    </div>
  )
}

/** Disconnect after a confirmation that works without JavaScript: the question opens under the button. */
export function DisconnectButton({ provider, question }: { provider: string; question: string }) {
  return (
    <details className="group">
      <summary className={`${buttonClasses({ variant: 'secondary' })} cursor-pointer list-none`}>Disconnect</summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center">
        <input type="hidden" name="provider" value={provider} />
        <p className="flex-1 text-sm text-slate-700">{question}</p>
        <button type="submit" name="intent" value="disconnect" className="rounded-md bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700">
          Yes, disconnect
        </button>
      </Form>
    </details>
  )
}
