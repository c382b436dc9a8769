import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ShoppingCart } from 'lucide-react'
import { z } from 'zod'
import { BuyerForm, type BuyerFormState } from '#app/components/checkout/buyer-form'
import { CartLinesTable } from '#app/components/checkout/cart-lines-table'
import { ProviderHandoff } from '#app/components/checkout/provider-handoff'
import { PublicLayout } from '#app/components/public-layout'
import { buttonClasses } from '#app/components/ui/button'
import { ToastNotice } from '#app/components/ui/toast'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { getToast, toastCookieHeader } from '#app/utils/toast.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { cartCookieHeader, readCartToken } from '#server/checkout/cart-cookie'
import { addToCart, ADD_TO_CART_MESSAGES, changeCartLine } from '#server/checkout/cart-store'
import { addClassDropInToCart } from '#server/checkout/add-class-drop-in'
import { CART_MESSAGES } from '#server/checkout/cart-line-rules'
import { buyerOf, loadCheckoutPage } from '#server/checkout/checkout-page'
import { placeOrder } from '#server/checkout/place-order'
import { applyCartOfferCode, checkoutCartOf, OFFER_CODE_MESSAGES, removeCartOfferCode } from '#server/checkout/cart-offer-code'
import { OfferCodeForm } from '#app/components/checkout/offer-code-form'
import { takesCardPayments } from '#server/payments/card-payments'
import { readActiveProvider } from '#server/payments/active-provider'
import { PROVIDER_NAMES } from '#server/payments/payment-providers'
import { startOnlinePayment } from '#server/payments/start-payment'
import { paysInPage } from '#server/payments/studio-stripe'
import { readCheckoutForm } from '#server/checkout/checkout-form'
import { orderPathFor } from '#server/checkout/receipt-email'
import { ACCOUNT_MESSAGES } from '#server/checkout/account-on-request'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useTranslation } from 'react-i18next'

/** Where an empty cart suggests looking, when the site's menu has them. */
const SHOPPING_PATHS: ReadonlySet<string> = new Set(['/courses', '/events', '/merchandise', '/calendar'])

export const handle: I18nHandle = { i18n: ['checkout'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Checkout' }, { name: 'robots', content: 'noindex' }]

/** /checkout: the visitor's cart, priced now, and the user form that places the order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const active = await readActiveProvider(context.platform, tenant.id)
  const checkoutForm = await readCheckoutForm(context.platform, tenant.id)
  const { page, newToken } = await loadCheckoutPage(context.platform.database, tenant, { token: readCartToken(request), user, now: new Date(), takesCards: active !== null, checkoutForm, language: context.language })
  const { toast, headers: toastHeaders } = getToast(request)
  const headers = new Headers(toastHeaders ?? undefined)
  if (newToken) headers.append('Set-Cookie', cartCookieHeader(newToken, context.platform.env.isProduction))
  const title = tFor(context.language, 'checkout')('pageTitle')
  return data({ shell: loaded.shell, page, payWith: active ? PROVIDER_NAMES[active.provider] : null, toast, title }, { headers })
}

const intentSchema = z.object({ intent: z.enum(['add', 'add-class', 'quantity', 'remove', 'offer', 'remove-offer', 'place']) })

/** Back to the cart with a message (and the new cart's cookie when one was made). */
function toCartWith(toast: { type: 'success' | 'error'; message: string }, cartCookie?: string): Response {
  const headers = new Headers()
  headers.append('Set-Cookie', toastCookieHeader(toast))
  if (cartCookie) headers.append('Set-Cookie', cartCookie)
  return redirect('/checkout', { headers })
}

/**
 * add: an item's Buy / Register form puts it in the cart; quantity and remove change a line;
 * place: the user form turns the cart into a sale and goes to its confirmation.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const form = Object.fromEntries(await request.formData())
  const intent = intentSchema.safeParse(form)
  // Messages are made in English and answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  const toCart = (toast: { type: 'success' | 'error'; message: string }, cartCookie?: string) => toCartWith({ ...toast, message: words(toast.message) }, cartCookie)
  if (!intent.success) return toCart({ type: 'error', message: 'Please use the buttons on this page.' })
  const token = readCartToken(request)
  const buyer = buyerOf(user)
  switch (intent.data.intent) {
    case 'add': {
      const added = await addToCart(context.platform, { tenantId: tenant.id, token, contactId: buyer?.contactId ?? null, posted: form })
      if (!added.ok) return toCart({ type: 'error', message: added.message })
      const cookie = added.value.newToken ? cartCookieHeader(added.value.newToken, context.platform.env.isProduction) : undefined
      return toCart({ type: 'success', message: ADD_TO_CART_MESSAGES.added(added.value.itemName) }, cookie)
    }
    case 'add-class': {
      const added = await addClassDropInToCart(context.platform, { tenantId: tenant.id, token, contactId: buyer?.contactId ?? null, posted: form })
      if (!added.ok) return toCart({ type: 'error', message: added.message })
      const cookie = added.value.newToken ? cartCookieHeader(added.value.newToken, context.platform.env.isProduction) : undefined
      return toCart({ type: 'success', message: CART_MESSAGES.dropInAdded(added.value.itemName) }, cookie)
    }
    case 'quantity':
    case 'remove': {
      const changed = await changeCartLine(context.platform, { tenantId: tenant.id, token, contactId: buyer?.contactId ?? null, change: intent.data.intent, posted: form })
      return toCart(changed.ok ? { type: 'success', message: changed.value.message } : { type: 'error', message: changed.message })
    }
    case 'offer': {
      const locate = checkoutCartOf(token, buyer?.contactId ?? null)
      const takesCards = await takesCardPayments(context.platform, tenant.id)
      const applied = await applyCartOfferCode(context.platform, tenant, { locate, code: form.offerCode, now: new Date(), channel: 'online', takesCards })
      if (!applied.ok) return data({ offerRefusal: { code: typeof form.offerCode === 'string' ? form.offerCode.slice(0, 30) : '', message: words(applied.message) } }, { status: 400 })
      return toCart({ type: 'success', message: applied.value.message })
    }
    case 'remove-offer': {
      const locate = checkoutCartOf(token, buyer?.contactId ?? null)
      await removeCartOfferCode(context.platform, tenant.id, { locate, now: new Date() })
      return toCart({ type: 'success', message: OFFER_CODE_MESSAGES.removed })
    }
    case 'place': {
      if (user && !buyer) return data<BuyerFormState>({ message: words('This is a preview: nothing can be bought.'), errors: {}, values: {} }, { status: 403 })
      // Signed in, the sale is theirs: the account's email, whatever the form says.
      const posted = buyer ? { ...form, email: buyer.email } : form
      const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
      const now = new Date()
      const takesCards = await takesCardPayments(context.platform, tenant.id)
      const placed = await placeOrder(context.platform, tenant, { token, posted, student: buyer ? { contactId: buyer.contactId } : null, now, origin, takesCards, ip: context.ip || null, language: context.language })
      if (placed.ok && placed.value.awaitingPayment) {
        // A page running JavaScript pays with the Payment Element on the order page.
        if (form.payInPage === '1' && (await paysInPage(context.platform, tenant.id))) {
          throw redirect(orderPathFor(placed.value.invoiceGuid), 303)
        }
        // Off to the payment page; if it cannot open, the order page says so and offers Pay again.
        const started = await startOnlinePayment(context.platform, tenant, { invoiceGuid: placed.value.invoiceGuid, origin, now, found: placed.value.payable })
        if (started.kind === 'post') return data({ handoff: { url: started.url, fields: started.fields, providerName: started.providerName, totalText: started.totalText }, orderPath: orderPathFor(placed.value.invoiceGuid) })
        // A whole page load: a payment page is either another site or our own card form, whose
        // page policy (it alone may call PaymentSpring from the browser) comes with its document.
        if (started.kind === 'redirect') throw redirectDocument(started.url, 303)
        throw redirect(`${orderPathFor(placed.value.invoiceGuid)}?payment=failed`, 303)
      }
      if (placed.ok) {
        const account = placed.value.account
        if (account === 'not-offered') throw redirect(orderPathFor(placed.value.invoiceGuid))
        const message = account === 'sent' ? ACCOUNT_MESSAGES.sent(placed.value.email) : ACCOUNT_MESSAGES.hasLogin
        throw redirect(orderPathFor(placed.value.invoiceGuid), { headers: { 'Set-Cookie': toastCookieHeader({ type: 'success', message: words(message) }) } })
      }
      return data<BuyerFormState>({ message: words(placed.message), errors: translateMessages(context.language, placed.details.errors), values: placed.details.values }, { status: placed.error === 'invalid_input' ? 400 : 409 })
    }
  }
}

export default function CheckoutRoute() {
  const { shell, page, payWith, toast, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('checkout')
  const result = useActionData<typeof action>() ?? null
  const state = result && 'errors' in result ? result : null
  const offerRefusal = result && 'offerRefusal' in result ? result.offerRefusal : null
  const placed = result && 'handoff' in result ? result : null
  const cart = page.cart
  const canPlace = cart !== null && cart.problems.length === 0 && !page.isPreview
  return (
    <PublicLayout shell={shell}>
      <ToastNotice toast={toast} />
      <div className="mx-auto max-w-5xl space-y-6">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
        {placed ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5" data-order-placed>
            <h2 className="text-lg font-semibold text-slate-900">{t('orderPlaced')}</h2>
            <ProviderHandoff handoff={placed.handoff} />
            <p className="text-sm text-slate-600">
              {t('nothingBookedUntilPaid')}{' '}
              <Link to={placed.orderPath} className="font-medium text-brand-text underline underline-offset-2">
                {t('seeYourOrder')}
              </Link>
            </p>
          </div>
        ) : cart === null ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center" data-empty-cart>
            <ShoppingCart aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
            <p className="mt-3 font-medium text-slate-900">{t('emptyCart')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('emptyCartHint')}</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {shell.menus.menu.flatMap((entry) =>
                entry.url && SHOPPING_PATHS.has(entry.url) ? [
                  <Link key={entry.url} to={entry.url} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                    {entry.title}
                  </Link>,
                ] : [],
              )}
            </div>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
            <CartLinesTable cart={cart} />
            <div className="space-y-3">
              {page.isPreview ? (
                <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('preview')}</p>
              ) : null}
              {cart.problems.length > 0 ? (
                <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('putRightProblems')}</p>
              ) : null}
              {page.isPreview ? null : <OfferCodeForm offer={cart.offer} refusal={offerRefusal} />}
              <BuyerForm page={page} state={state} canPlace={canPlace && cart.offer?.message == null} payWith={payWith} />
            </div>
          </div>
        )}
      </div>
    </PublicLayout>
  )
}
