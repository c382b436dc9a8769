import { buttonClasses } from '#app/components/ui/button'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import { DisconnectButton, ProviderIntentButton } from './provider-buttons'
import type { StripeCardView } from '#server/payments/payment-provider-page'

/** Stripe's part of the payment providers page: Connect, Disconnect (asked first), Reconnect. */
export function StripeProviderActions({ card, notConfigured }: { card: StripeCardView; notConfigured: string }) {
  const { t } = useIntegrationsWords()
  if (!card.isConfigured) return <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{notConfigured}</p>
  if (!card.isConnected) {
    return (
      <div>
        <a href="/oauth/stripe" className={buttonClasses({ variant: 'primary' })}>
          {t('connectWithStripe')}
        </a>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700" data-stripe-status>
        {card.isIntegrated ? t('connected') : t('disconnected')}: {card.accountName ?? card.accountId}
        {card.isIntegrated ? t('paymentsGoToThisAccount') : t('checkoutDoesNotUseUntilReconnect', { name: 'Stripe' })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {card.isIntegrated ? (
          <DisconnectButton provider="STRIPE" question={t('stripeDisconnectQuestion')} />
        ) : (
          <ProviderIntentButton provider="STRIPE" intent="reconnect" variant="primary">
            {t('reconnect')}
          </ProviderIntentButton>
        )}
        <a href="/oauth/stripe" className={buttonClasses({ variant: 'secondary' })}>
          {t('connectAnotherAccount')}
        </a>
      </div>
    </div>
  )
}
