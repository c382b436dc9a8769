import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Lock } from 'lucide-react'
import { PaymentSpringPayForms } from '#app/components/checkout/paymentspring-pay-forms'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { loadOrder } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import { notFound } from '#server/errors/responses'
import { readActiveProvider } from '#server/payments/active-provider'
import { awaitsPayment } from '#server/payments/payable-invoice'
import { orderContactIfSignedIn, payWithPaymentSpring } from '#server/payments/paymentspring-checkout'
import { paymentSpringBase } from '#server/payments/paymentspring-client'
import { listSavedPaymentMethods } from '#server/payments/saved-payment-methods'
import { buyerOf } from '#server/checkout/checkout-page'
import { cardExpiryYears, PAY_FORM_MESSAGES } from '#server/payments/paymentspring-form'
import { PAYMENTSPRING_TOKEN_MESSAGES } from '#server/payments/paymentspring-token'
import { tFor } from '#server/i18n/server-translator'
import type { Language } from '#server/i18n/languages'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

/** Draws the cart and its totals with the checkout's words. */
export const handle: I18nHandle = { i18n: ['checkout'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Order not found' }, { name: 'robots', content: 'noindex' }]

/** The form's refusals the browser may make itself, in the page's language, by their English. */
function payFormWords(language: Language): Record<string, string> {
  const messages = [...Object.values(PAY_FORM_MESSAGES), ...Object.values(PAYMENTSPRING_TOKEN_MESSAGES)]
  return Object.fromEntries(messages.map((message) => [message, translateMessage(language, message)]).filter(([english, shown]) => english !== shown))
}

/**
 * /checkout/orders/{guid}/pay: the card and bank form of a pending order when the studio takes
 * payments through PaymentSpring (which has no hosted page). Anything else goes to the order page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const guid = params.guId ?? ''
  const order = await loadOrder(context.platform.database, tenant, guid, context.language)
  const t = tFor(context.language, 'checkout')
  if (!order) return data({ shell: loaded.shell, title: t('orderNotFound'), order: null, years: [], saved: [], canSave: false, browserTokens: null, messageWords: {} }, { status: 404 })
  const active = await readActiveProvider(context.platform, tenant.id)
  if (!awaitsPayment(order.status) || active?.provider !== 'PSPRING') throw redirect(orderPathFor(guid))
  // Kept cards are offered to the order's own contact, signed in: the order's address alone shows none.
  const ownerContactId = await orderContactIfSignedIn(context.platform, tenant.id, guid, buyerOf(user)?.contactId ?? null)
  const saved = ownerContactId ? await listSavedPaymentMethods(context.platform, tenant.id, { contactId: ownerContactId, provider: 'PSPRING', accountId: active.accountId, language: context.language }) : []
  // The browser makes the one-use token itself, so the card never reaches us: it needs the API's
  // address and the studio's public key (made for web pages). The private key stays here.
  const browserTokens = { apiBase: paymentSpringBase(context.platform.env), publicKey: active.credentials.apiKey }
  return data(
    { shell: loaded.shell, title: t('payOrderTitle', { number: order.numberText }), order, years: cardExpiryYears(new Date()), saved, canSave: ownerContactId !== null, browserTokens, messageWords: payFormWords(context.language) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const guid = params.guId ?? ''
  const form = await request.formData()
  const method = form.get('intent') === 'bank' ? 'bank' : 'card'
  const active = await readActiveProvider(context.platform, tenant.id)
  if (active?.provider !== 'PSPRING') {
    if (!(await loadOrder(context.platform.database, tenant, guid))) throw notFound(tFor(context.language, 'checkout')('orderNotFound'))
    throw redirect(orderPathFor(guid), 303)
  }
  const user = await getSessionUser(request, context)
  const paid = await payWithPaymentSpring(context.platform, tenant, active.credentials, {
    invoiceGuid: guid,
    method,
    form,
    signedInContactId: buyerOf(user)?.contactId ?? null,
    origin: tenantOrigin(tenant, new URL(request.url), context.platform.env),
    now: new Date(),
  })
  if (paid.ok) throw redirect(orderPathFor(guid), 303)
  if (paid.error === 'not_found') throw notFound(tFor(context.language, 'checkout')('orderNotFound'))
  return data({ refused: { method: paid.details.method, errors: translateMessages(context.language, paid.details.errors), values: paid.details.values, message: translateMessage(context.language, paid.message) } }, { status: paid.error === 'invalid_input' ? 400 : 409 })
}

export default function PayOrderRoute() {
  const { shell, order, years, saved, canSave, browserTokens, messageWords } = useLoaderData<typeof loader>()
  const { t } = useTranslation('checkout')
  const answered = useActionData<typeof action>()
  if (!order) return <PublicNotFoundPage shell={shell} />
  return (
    <PublicLayout shell={shell}>
      <div className="mx-auto max-w-4xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('payOrderTitle', { number: order.numberText })}</h1>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
            <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {t('payIntro', { total: order.totals.total })}
          </p>
        </div>
        <PaymentSpringPayForms totalText={order.totals.total} years={years} saved={saved} canSave={canSave} refused={answered?.refused ?? null} browserTokens={browserTokens} messageWords={messageWords} />
        <Link to={orderPathFor(order.guid)} className="inline-block text-sm font-medium text-brand-text underline underline-offset-2">
          {t('backToOrder')}
        </Link>
      </div>
    </PublicLayout>
  )
}
