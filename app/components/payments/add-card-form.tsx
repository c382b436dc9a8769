import { Form, useNavigate } from '@remix-run/react'
import { Lock, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useStripeElement } from '#app/components/checkout/use-stripe-element'
import { Button } from '#app/components/ui/button'
import { ToastNotice } from '#app/components/ui/toast'
import { useCardAttempt } from '#app/components/checkout/use-card-attempt'
import type { StripeAddCardView } from '#server/payments/stripe-pay-view'

/**
 * Add a card (Stripe's Payment Element set up for later, through a SetupIntent): the card goes
 * straight to Stripe and is kept for the next payment; nothing is charged. The card fields come
 * from Stripe.js; without JavaScript, Add a card opens Stripe's own page in setup mode instead.
 */
export function AddCardForm({ view, path = '/profile', invoiceGuid }: { view: StripeAddCardView; /** The page the form sits on and comes back to. */ path?: string; /** An order asking for its membership's card (no sign-in needed). */ invoiceGuid?: string }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const { t, i18n } = useTranslation('checkout')
  const notReached = t('paymentServiceNotReached')
  const [open, setOpen] = useState(false)
  const attempt = useCardAttempt()
  const { busy, fail } = attempt
  const { mountPoint, stripe, state } = useStripeElement(
    { scriptUrl: view.scriptUrl, publishableKey: view.publishableKey, stripeAccount: view.stripeAccount, intent: { mode: 'setup', currency: view.currency }, readOnly: false, locale: i18n.language },
    hydrated && open,
  )

  if (!hydrated) {
    // Without JavaScript the card is saved on Stripe's own page, and the profile comes back.
    return (
      <Form method="post" action={path} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="add-card" />
        <Button type="submit" variant="secondary">
          <Plus aria-hidden className="h-4 w-4" /> {t('addCard')}
        </Button>
        <span className="text-xs text-slate-500">{t('addCardOnStripePage')}</span>
      </Form>
    )
  }
  if (!open) {
    return (
      <Button type="button" variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        <Plus aria-hidden className="h-4 w-4" /> {t('addCard')}
      </Button>
    )
  }

  async function save() {
    const mounted = stripe.current
    if (!mounted || busy) return
    attempt.start()
    const submitted = await mounted.elements.submit()
    if (submitted.error) return fail(submitted.error.message ?? notReached, { shownByElement: submitted.error.type === 'validation_error' })
    let answer: { clientSecret?: string; error?: string }
    try {
      const response = await fetch('/item/payment/setupintent', { method: 'POST', body: new URLSearchParams(invoiceGuid ? { invoiceGuid } : {}) })
      answer = (await response.json()) as typeof answer
    } catch {
      return fail(notReached)
    }
    if (!answer.clientSecret) return fail(answer.error ?? notReached)
    const confirmed = await mounted.client.confirmSetup({
      elements: mounted.elements,
      clientSecret: answer.clientSecret,
      confirmParams: { return_url: `${window.location.origin}${path}` },
      redirect: 'if_required',
    })
    if (confirmed.error || !confirmed.setupIntent) return fail(confirmed.error?.message ?? notReached)
    // The profile reads the SetupIntent back from Stripe and keeps the card; the form closes, its work done.
    setOpen(false)
    attempt.done()
    navigate(`${path}?setup_intent=${encodeURIComponent(confirmed.setupIntent.id)}`, { replace: true })
  }

  return (
    <div className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4" data-add-card={state}>
      <ToastNotice toast={attempt.toast} />
      <h3 className="text-sm font-semibold text-slate-900">{t('addCard')}</h3>
      {state === 'failed' ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('cardFormNotLoadedLater')}
        </p>
      ) : (
        <>
          <div ref={mountPoint} className="min-h-[120px]" data-payment-element />
          {attempt.problem ? (
            <p role="alert" className="text-sm text-red-700" data-card-error>
              {attempt.problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="primary" busy={busy} disabled={state !== 'ready'} onClick={() => void save()}>
              <Lock aria-hidden className="h-4 w-4" /> {t('saveCard')}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t('addCardNothingCharged')}</p>
        </>
      )}
    </div>
  )
}
