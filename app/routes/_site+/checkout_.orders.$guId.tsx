import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CircleAlert, CircleCheck, Clock } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { CartTotals } from '#app/components/checkout/cart-lines-table'
import { ProviderHandoff } from '#app/components/checkout/provider-handoff'
import { StripePaymentForm } from '#app/components/checkout/stripe-payment-form'
import { AddCardForm } from '#app/components/payments/add-card-form'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { buttonClasses } from '#app/components/ui/button'
import { ToastNotice } from '#app/components/ui/toast'
import { getToast, redirectWithToast } from '#app/utils/toast.server'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { loadOrder, loadOrderWithAttempt, type OrderView } from '#server/checkout/order-view'
import { awaitsPayment, CARD_PAYMENT_MESSAGES, loadPayableInvoice } from '#server/payments/payable-invoice'
import { readActiveProvider } from '#server/payments/active-provider'
import { PROVIDER_NAMES } from '#server/payments/payment-providers'
import { catchUpOpenAttempts } from '#server/payments/catch-up-payments'
import { startOnlinePayment } from '#server/payments/start-payment'
import { settleReturnedSession } from '#server/payments/stripe-checkout'
import { settleReturnedIntent } from '#server/payments/stripe-intent'
import { readStripeAddCardView, readStripePayView } from '#server/payments/stripe-pay-view'
import { ADD_CARD_MESSAGES, keepHostedSetupCard, keepSetupCard, startStripeSetupCheckout } from '#server/payments/stripe-setup'
import { orderContactId, orderWithoutCard } from '#server/memberships/order-card'
import { orderPathFor } from '#server/checkout/receipt-email'
import { buyerOf } from '#server/checkout/checkout-page'
import { notFound } from '#server/errors/responses'
import type { I18nHandle } from '#app/utils/i18n'
import { portalToast } from '#app/utils/portal-toast.server'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'

/** Draws the cart and its totals with the checkout's words. */
export const handle: I18nHandle = { i18n: ['checkout'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? 'Order not found' },
  { name: 'robots', content: 'noindex' },
]

/**
 * /checkout/orders/{guid}: the confirmation of a sale and its receipt. The guid is the spec's
 * public invoice id: unguessable, so whoever holds the address (the buyer, from the redirect or
 * the receipt email) may read it; anything else is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const url = new URL(request.url)
  const guid = params.guId ?? ''
  // Back from Stripe's page (a session), or paid in the page with the Payment Element or back from
  // a bank's check (an intent): settle now rather than wait for the webhook (either may come
  // first). The order is read with that attempt's state: once the webhook has settled it as
  // paid, the usual order, there is nothing to ask Stripe.
  const sessionId = url.searchParams.get('session_id')
  const intentId = url.searchParams.get('payment_intent')
  const origin = tenantOrigin(tenant, url, context.platform.env)
  const returning = sessionId ?? intentId
  const read = returning ? await loadOrderWithAttempt(context.platform.database, tenant, guid, { provider: 'STRIPE', checkoutRef: returning }, context.language) : null
  if (!read?.attemptPaid) {
    if (sessionId) await settleReturnedSession(context.platform, tenant, { invoiceGuid: guid, sessionId, origin, now: new Date() })
    if (intentId) await settleReturnedIntent(context.platform, tenant, { invoiceGuid: guid, intentId, origin, now: new Date() })
  }
  // Back from adding the card a membership of this order bills to: kept for the order's contact, once; the address is cleaned.
  const setupIntentId = url.searchParams.get('setup_intent')
  const setupSessionId = url.searchParams.get('setup_session')
  if (setupIntentId || setupSessionId) {
    const contactId = await orderContactId(context.platform, tenant, guid)
    if (!contactId) throw notFound(tFor(context.language, 'checkout')('orderNotFound'))
    const now = new Date()
    const kept = setupIntentId
      ? await keepSetupCard(context.platform, tenant, { setupIntentId, contactId, now })
      : await keepHostedSetupCard(context.platform, tenant, { sessionId: setupSessionId ?? '', contactId, now })
    throw redirectWithToast(orderPathFor(guid), kept ? { type: 'success', message: ADD_CARD_MESSAGES.keptForMembership } : { type: 'error', message: ADD_CARD_MESSAGES.notAdded })
  }
  // The order and its attempt are two statements of one read-committed transaction: a webhook
  // that commits between them shows the attempt paid beside the order as it was before. Such an
  // order, still awaiting payment, is read again.
  const settledRead = read?.attemptPaid && read.order && !awaitsPayment(read.order.status) ? read.order : null
  let order = settledRead ?? (await loadOrder(context.platform.database, tenant, guid, context.language))
  const payable = order && awaitsPayment(order.status) ? await loadPayableInvoice(context.platform, tenant.id, guid) : null
  // A payment whose return and callback were both lost is found by asking the provider.
  if (payable && (await catchUpOpenAttempts(context.platform, tenant, { found: payable, origin, now: new Date() }))) {
    order = await loadOrder(context.platform.database, tenant, guid, context.language)
  }
  const active = order && awaitsPayment(order.status) ? await readActiveProvider(context.platform, tenant.id) : null
  const payWith = active ? PROVIDER_NAMES[active.provider] : null
  const canPay = payWith !== null
  const stripePay = active?.provider === 'STRIPE' ? await readStripePayView(context.platform, tenant, { invoiceGuid: guid, signedInContactId: buyerOf(user)?.contactId ?? null, found: payable, language: context.language }) : null
  // A membership this order started has no card yet (nothing was paid at checkout): the page asks for one while the studio takes Stripe cards.
  const addCard = order?.asksForCard ? await readStripeAddCardView(context.platform, tenant) : null
  const failure = url.searchParams.get('payment')
  const failed = failure === 'failed' ? CARD_PAYMENT_MESSAGES.providerDown : failure === 'declined' ? CARD_PAYMENT_MESSAGES.declined : null
  const paymentFailed = failed ? translateMessage(context.language, failed) : null
  const { toast: written, headers: toastHeaders } = getToast(request)
  const toast = portalToast(written, context.language)
  const t = tFor(context.language, 'checkout')
  const title = order ? t('orderTitle', { number: order.numberText }) : t('orderNotFound')
  // A void order's note is one of our own messages (sold out while paying, not paid in time).
  if (order?.voidReason) order = { ...order, voidReason: translateMessage(context.language, order.voidReason) }
  const headers = new Headers(toastHeaders ?? undefined)
  headers.set('Cache-Control', 'private, no-store')
  return data({ shell: loaded.shell, title, order, isSignedIn: user !== null, canPay, payWith, stripePay, paymentFailed, toast, addCard }, { status: order ? 200 : 404, headers })
}

/** Pay: a pending order goes (again) to the payment page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const form = await request.formData()
  if (form.get('intent') === 'add-card') {
    // Without JavaScript, the membership's card is kept on Stripe's own page in setup mode.
    const guid = params.guId ?? ''
    const wanting = await orderWithoutCard(context.platform, tenant, guid)
    if (!wanting) throw notFound(tFor(context.language, 'checkout')('orderNotFound'))
    const keys = { tenantId: tenant.id, ip: context.ip, email: `order:${guid}` }
    const allowed = await context.platform.attemptLimiter.check('card-setup', keys)
    if (!allowed.ok) return data({ message: translateMessage(context.language, allowed.message) }, { status: 429 })
    const started = await startStripeSetupCheckout(context.platform, tenant, { contactId: wanting.contactId, origin, returnPath: orderPathFor(guid) })
    if (started.kind !== 'redirect') return data({ message: translateMessage(context.language, started.message) }, { status: 409 })
    await context.platform.attemptLimiter.record('card-setup', keys)
    return redirect(started.url, 303)
  }
  const started = await startOnlinePayment(context.platform, tenant, { invoiceGuid: params.guId ?? '', origin, now: new Date() })
  if (started.kind === 'not-found') throw notFound(tFor(context.language, 'checkout')('orderNotFound'))
  // A whole page load, as from checkout: the card form's page policy comes with its document.
  if (started.kind === 'redirect') return redirectDocument(started.url, 303)
  if (started.kind === 'post') return data({ handoff: { url: started.url, fields: started.fields, providerName: started.providerName, totalText: started.totalText } })
  return data({ message: translateMessage(context.language, started.message) }, { status: 409 })
}

export default function OrderRoute() {
  const { shell, order, isSignedIn, canPay, payWith, stripePay, paymentFailed, toast, addCard } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('checkout')
  if (!order) return <PublicNotFoundPage shell={shell} />
  const handoff = answered && 'handoff' in answered ? answered.handoff : null
  const problem = (answered && 'message' in answered ? answered.message : null) ?? paymentFailed
  const hostedPage = (
    <Form method="post" className="flex flex-wrap items-center gap-3" data-hosted-payment>
      <p className="flex-1 text-sm text-slate-700">
        {payWith === 'PaymentSpring' ? t('payNextPageCardOrBank') : t('payOnProviderPaymentPage', { provider: payWith })}
      </p>
      <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={navigation.state !== 'idle'}>
        {t('payAmount', { amount: order.dueText })}
      </button>
    </Form>
  )
  return (
    <PublicLayout shell={shell}>
      <ToastNotice toast={toast} />
      <div className="mx-auto max-w-2xl space-y-6">
        <OrderHeading order={order} />
        {awaitsPayment(order.status) ? (
          <div className="rounded-lg border border-slate-200 bg-white p-5">
            {problem ? (
              <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {problem}
              </p>
            ) : null}
            {handoff ? (
              <ProviderHandoff handoff={handoff} />
            ) : stripePay ? (
              <StripePaymentForm invoiceGuid={order.guid} totalText={order.dueText} stripe={stripePay} hostedPage={hostedPage} />
            ) : canPay ? (
              hostedPage
            ) : (
              <p className="text-sm text-slate-700">{t('cardPaymentsUnavailable')}</p>
            )}
          </div>
        ) : null}
        <section aria-labelledby="order-lines" className="rounded-lg border border-slate-200 bg-white">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id="order-lines" className="text-base font-semibold text-slate-900">
              {order.isStaffInvoice ? t('yourInvoice') : t('yourOrder')}
            </h2>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700" data-order-status>
              {order.statusText}
            </span>
          </div>
          <ul className="divide-y divide-slate-200">
            {order.lines.map((line, index) => (
              <li key={index} className="flex items-start justify-between gap-4 px-4 py-3" data-order-line={line.itemName}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {line.quantity > 1 ? `${line.quantity} × ` : ''}
                    {line.itemName}
                  </p>
                  {line.optionName ? <p className="text-sm text-slate-600">{line.optionName}</p> : null}
                  {line.givenText ? <p className="text-sm text-emerald-800">{line.givenText}</p> : null}
                </div>
                <p className="shrink-0 font-semibold text-slate-900">{line.amountText}</p>
              </li>
            ))}
          </ul>
          <CartTotals totals={order.totals} />
          {order.paidText ? (
            <dl className="space-y-1 border-t border-slate-200 px-4 py-3 text-sm" data-order-balance>
              <div className="flex justify-between text-slate-700">
                <dt>{t('paidSoFar')}</dt>
                <dd>{order.paidText}</dd>
              </div>
              <div className="flex justify-between font-semibold text-slate-900">
                <dt>{t('balanceDue')}</dt>
                <dd>{order.dueText}</dd>
              </div>
            </dl>
          ) : null}
        </section>
        {order.status === 'paid' && order.renewalText ? (
          <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" data-renewal>
            <p>{order.renewalText}</p>
            {addCard ? <AddCardForm view={addCard} path={`/checkout/orders/${order.guid}`} invoiceGuid={order.guid} /> : null}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {isSignedIn && order.status === 'paid' && order.hasCourse ? (
            <Link to="/mycourses" className={buttonClasses({ variant: 'primary' })}>
              {t('goToMyCourses')}
            </Link>
          ) : null}
          {isSignedIn && order.hasMembership ? (
            <Link to="/store" className={buttonClasses({ variant: isSignedIn && order.hasCourse ? 'secondary' : 'primary' })}>
              {t('seeMyMemberships')}
            </Link>
          ) : null}
          <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
            {t('backToWebsite')}
          </Link>
        </div>
      </div>
    </PublicLayout>
  )
}

/** Bold and emphasised parts of the heading's sentences. */
const MARKS = { strong: <span className="font-semibold" />, em: <span className="font-medium" /> }

function OrderHeading({ order }: { order: OrderView }) {
  const { t } = useTranslation('checkout')
  if (awaitsPayment(order.status) && (order.isStaffInvoice || order.status === 'unpaid')) {
    const values = { date: order.dateText, name: order.buyerName || order.email, due: order.dueText, dueBy: order.dueByText ?? '', email: order.email }
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-5">
        <div className="flex items-start gap-3">
          <Clock aria-hidden className="mt-1 h-6 w-6 shrink-0 text-amber-700" />
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{t('invoiceHeading', { number: order.numberText })}</h1>
            <p className="mt-1 text-sm text-slate-700">
              <Trans t={t} i18nKey={order.dueByText ? 'invoiceDueBy' : 'invoiceDue'} values={values} components={MARKS} />
            </p>
          </div>
        </div>
      </div>
    )
  }
  if (awaitsPayment(order.status)) {
    const values = { number: order.numberText, date: order.dateText, email: order.email }
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-5">
        <div className="flex items-start gap-3">
          <Clock aria-hidden className="mt-1 h-6 w-6 shrink-0 text-amber-700" />
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{order.isMembershipPeriod ? t('membershipPaymentDue') : t('orderAwaitsPayment')}</h1>
            <p className="mt-1 text-sm text-slate-700">
              <Trans t={t} i18nKey={order.isMembershipPeriod ? 'membershipInvoiceAwaits' : 'orderAwaits'} values={values} components={MARKS} />
            </p>
          </div>
        </div>
      </div>
    )
  }
  if (order.status === 'void') {
    return (
      <div className="rounded-lg border border-red-200 bg-red-50 p-5">
        <div className="flex items-start gap-3">
          <CircleAlert aria-hidden className="mt-1 h-6 w-6 shrink-0 text-red-700" />
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{t('orderNotCompleted')}</h1>
            <p className="mt-1 text-sm text-slate-700">
              <Trans t={t} i18nKey="orderVoid" values={{ number: order.numberText, reason: order.voidReason ?? t('orderVoidReason') }} components={MARKS} />
            </p>
          </div>
        </div>
      </div>
    )
  }
  const values = { number: order.numberText, date: order.dateText, email: order.email }
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-5">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-1 h-6 w-6 shrink-0 text-emerald-600" />
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{order.isStaffInvoice ? t('invoicePaidHeading', { number: order.numberText }) : t('orderPlacedHeading')}</h1>
          <p className="mt-1 text-sm text-slate-700">
            <Trans t={t} i18nKey={order.isStaffInvoice ? 'invoicePaidText' : 'orderPlacedText'} values={values} components={MARKS} />
          </p>
        </div>
      </div>
    </div>
  )
}
