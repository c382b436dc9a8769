import { useLocation, useNavigate } from '@remix-run/react'
import { CreditCard, Lock } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '#app/components/ui/button'
import { ToastNotice } from '#app/components/ui/toast'
import type { StripePayView } from '#server/payments/stripe-pay-view'
import { SavedMethodChooser } from './saved-method-chooser'
import { useCardAttempt } from './use-card-attempt'
import { useStripeElement } from './use-stripe-element'

type Props = {
  invoiceGuid: string
  totalText: string
  stripe: StripePayView
  /** The Pay button that opens Stripe's own page: all there is without JavaScript, and the way out if Stripe.js fails. */
  hostedPage: ReactNode
}

type IntentAnswer = { status: 'requires_confirmation' | 'requires_action'; clientSecret: string; intentId: string } | { status: 'succeeded'; intentId: string } | { error: string }

/**
 * Stripe's Payment Element in the order page (spec 001): a kept card chosen first with
 * 'None/other' appended, the card fields read-only unless other is chosen, and 'Save for my
 * next payment' for the order's own contact. The intent is made at Pay, so merely opening the
 * page charges nothing; card errors show under the card fields and as a toast. Before
 * JavaScript runs (or when Stripe.js cannot load) the page offers Stripe's hosted page.
 */
export function StripePaymentForm({ invoiceGuid, totalText, stripe: view, hostedPage }: Props) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const { t, i18n } = useTranslation('checkout')
  const notReached = t('paymentServiceNotReached')
  const [choice, setChoice] = useState(view.saved[0]?.id ?? 'other')
  const [saveCard, setSaveCard] = useState(false)
  const attempt = useCardAttempt()
  const { busy, fail } = attempt
  const usingSaved = choice !== 'other'
  const {
    mountPoint,
    stripe: stripeRef,
    state,
    complete,
  } = useStripeElement(
    {
      scriptUrl: view.scriptUrl,
      publishableKey: view.publishableKey,
      stripeAccount: view.stripeAccount,
      intent: { mode: 'payment', amount: view.amountMinor, currency: view.currency },
      readOnly: usingSaved,
      locale: i18n.language,
    },
    hydrated,
  )

  useEffect(() => {
    if (complete) attempt.clearProblem()
    // Only a completed card clears the message; the attempt's other state does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete])

  useEffect(() => {
    // The element must ask for what the intent asks: a membership's card is kept whatever is ticked.
    const keeps = view.keepsCardForMembership || (saveCard && !usingSaved)
    stripeRef.current?.elements.update({ setupFutureUsage: keeps ? 'off_session' : null })
  }, [saveCard, usingSaved, state, stripeRef, view.keepsCardForMembership])

  if (!hydrated) return <>{hostedPage}</>

  function paid(intentId: string) {
    // The order page reads the intent from Stripe and settles it before it shows the order.
    navigate(`${location.pathname}?payment_intent=${encodeURIComponent(intentId)}`, { replace: true })
  }

  async function askForIntent(body: { saveCard?: boolean; methodId?: string }): Promise<IntentAnswer> {
    try {
      // A form post, as every post to this server is (request-body-gate.ts).
      const posted = new URLSearchParams({ invoiceGuid })
      if (body.saveCard !== undefined) posted.set('saveCard', String(body.saveCard))
      if (body.methodId !== undefined) posted.set('methodId', body.methodId)
      const response = await fetch('/item/payment/paymentintent', { method: 'POST', body: posted })
      const answer = (await response.json()) as IntentAnswer
      return answer
    } catch {
      return { error: notReached }
    }
  }

  async function pay() {
    const stripe = stripeRef.current
    if (!stripe || busy) return
    attempt.start()
    if (usingSaved) {
      const answer = await askForIntent({ methodId: choice })
      if ('error' in answer) return fail(answer.error)
      if (answer.status === 'requires_action') {
        const next = await stripe.client.handleNextAction({ clientSecret: answer.clientSecret })
        if (next.error) return fail(next.error.message ?? notReached)
      }
      return paid(answer.intentId)
    }
    const submitted = await stripe.elements.submit()
    if (submitted.error) return fail(submitted.error.message ?? notReached, { shownByElement: submitted.error.type === 'validation_error' })
    const answer = await askForIntent({ saveCard: view.canSave && saveCard })
    if ('error' in answer) return fail(answer.error)
    if (answer.status === 'succeeded') return paid(answer.intentId)
    const confirmed = await stripe.client.confirmPayment({
      elements: stripe.elements,
      clientSecret: answer.clientSecret,
      confirmParams: { return_url: `${window.location.origin}${location.pathname}` },
      redirect: 'if_required',
    })
    if (confirmed.error) return fail(confirmed.error.message ?? notReached)
    paid(confirmed.paymentIntent?.id ?? answer.intentId)
  }

  return (
    <div className="space-y-4" data-stripe-payment-form={state}>
      <ToastNotice toast={attempt.toast} />
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CreditCard aria-hidden className="h-5 w-5 text-slate-600" /> {t('payByCardHeading')}
      </h2>
      <SavedMethodChooser name="card" methods={view.saved} onChoose={setChoice} />
      {state === 'failed' ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('cardFormNotLoaded')}
          </p>
          {hostedPage}
        </div>
      ) : (
        <>
          <div className="relative min-h-[150px]">
            {state === 'loading' ? (
              <div className="absolute inset-0 animate-pulse space-y-3" aria-hidden>
                <div className="h-4 w-24 rounded bg-slate-200" />
                <div className="h-10 rounded bg-slate-100" />
                <div className="grid grid-cols-2 gap-3">
                  <div className="h-10 rounded bg-slate-100" />
                  <div className="h-10 rounded bg-slate-100" />
                </div>
              </div>
            ) : null}
            <div ref={mountPoint} data-payment-element />
          </div>
          {attempt.problem ? (
            <p role="alert" className="text-sm text-red-700" data-card-error>
              {attempt.problem}
            </p>
          ) : null}
          {view.keepsCardForMembership ? (
            <p className="text-sm text-slate-700" data-membership-card-note>
              {t('cardKeptForMembership')}
            </p>
          ) : view.canSave && !usingSaved ? (
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} className="h-4 w-4 accent-brand" />
              {t('saveForNextPayment')}
            </label>
          ) : null}
          <Button type="button" variant="primary" className="w-full" busy={busy} disabled={state !== 'ready'} onClick={() => void pay()} data-pay-by-card>
            <Lock aria-hidden className="h-4 w-4" /> {t('payAmount', { amount: totalText })}
          </Button>
          <p className="text-center text-xs text-slate-500">{t('cardGoesToStripe')}</p>
        </>
      )}
    </div>
  )
}
