import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClasses } from '#app/components/ui/button'
import type { PaymentProvider } from '#server/payments/payment-providers'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'

/** One of the payment providers page's posts for a provider (Reconnect, Use for checkout): a plain form. */
export function ProviderIntentButton({ provider, intent, variant, children }: { provider: PaymentProvider; intent: 'reconnect' | 'use'; variant: 'primary' | 'secondary'; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="provider" value={provider} />
      <button type="submit" name="intent" value={intent} className={buttonClasses({ variant })}>
        {children}
      </button>
    </Form>
  )
}

/** Disconnect after a confirmation that works without JavaScript: the question opens under the button. */
export function DisconnectButton({ provider, question }: { provider: PaymentProvider; question: string }) {
  const { t } = useIntegrationsWords()
  return (
    <details className="group">
      <summary className={`${buttonClasses({ variant: 'secondary' })} cursor-pointer list-none`}>{t('disconnect')}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center">
        <input type="hidden" name="provider" value={provider} />
        <p className="flex-1 text-sm text-slate-700">{question}</p>
        <button type="submit" name="intent" value="disconnect" className="rounded-md bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700">
          {t('yesDisconnect')}
        </button>
      </Form>
    </details>
  )
}
