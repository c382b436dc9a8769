import { randomUUID } from 'node:crypto'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { CartLinesTable } from '#app/components/checkout/cart-lines-table'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, buttonClasses } from '#app/components/ui/button'
import { ContactChooser } from '#app/components/contacts/contact-chooser'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import { redirectWithToast, toastCookieHeader } from '#app/utils/toast.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { cartCookieHeader, readCartToken } from '#server/checkout/cart-cookie'
import { addToCart, changeCartLine } from '#server/checkout/cart-store'
import { applyCartOfferCode, OFFER_CODE_MESSAGES, removeCartOfferCode, tillCartOf } from '#server/checkout/cart-offer-code'
import { OfferCodeForm } from '#app/components/checkout/offer-code-form'
import { completeTillSale, loadTillCart, loadTillChoices, loadTillCustomer, TILL_CARD_METHOD, TILL_COOKIE, TILL_METHODS, TILL_MESSAGES, TILL_PATH, tillChoiceFields } from '#server/checkout/till'
import { orderPathFor } from '#server/checkout/receipt-email'
import { takesCardPayments } from '#server/payments/card-payments'
import { invoiceNumberText } from '#server/checkout/order-view'
import { searchContacts } from '#server/contacts/search-contacts'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'

/** Draws the cart and its totals with the checkout's words, the desk's own with the catalog's. */
export const handle: I18nHandle = { i18n: ['checkout', 'catalog'] }

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Sell at the desk')

/**
 * /store/cart-checkout: staff ring up a sale for a contact at the desk (the spec's cart
 * checkout): find the customer (?q=, then ?contact={guid}), add what they take, and take cash,
 * another payment, or put it on their account. Store module; staff, front desk and admins.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'store')
  const url = new URL(request.url)
  const query = (url.searchParams.get('q') ?? '').slice(0, 100)
  const [choices, cart, customer, matches] = await Promise.all([
    loadTillChoices(context.platform.database, tenant, context.language),
    loadTillCart(context.platform.database, tenant, readCartToken(request, TILL_COOKIE), new Date(), context.language),
    loadTillCustomer(context.platform.database, tenant, url.searchParams.get('contact'), context.language),
    query.trim() ? searchContacts({ platform: context.platform, tenant, unverifiedQuery: query }) : Promise.resolve([]),
  ])
  const takesCards = await takesCardPayments(context.platform, tenant.id)
  const title = tFor(context.language, 'catalog')('till_title')
  const chooseCustomer = translateMessage(context.language, TILL_MESSAGES.chooseCustomer)
  return { title, chooseCustomer, choices, cart, customer, query, matches, attempt: randomUUID(), methods: takesCards ? [...TILL_METHODS, TILL_CARD_METHOD] : [...TILL_METHODS], takesCards }
}

const intentSchema = z.object({ intent: z.enum(['add', 'quantity', 'remove', 'offer', 'remove-offer', 'sell']) })

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requireStaff(request, context)
  requireModule(context, 'store')
  const url = new URL(request.url)
  const back = `${TILL_PATH}${url.search}`
  const form = Object.fromEntries(await request.formData())
  const intent = intentSchema.safeParse(form)
  if (!intent.success) return redirectWithToast(back, { type: 'error', message: 'Please use the buttons on this page.' })
  const token = readCartToken(request, TILL_COOKIE)
  switch (intent.data.intent) {
    case 'add': {
      const added = await addToCart(context.platform, { tenantId: tenant.id, token, contactId: null, posted: { ...form, ...tillChoiceFields(form.choice) }, channel: 'till' })
      if (!added.ok) return redirectWithToast(back, { type: 'error', message: added.message })
      const headers = new Headers()
      headers.append('Set-Cookie', toastCookieHeader({ type: 'success', message: TILL_MESSAGES.added(added.value.itemName) }))
      if (added.value.newToken) headers.append('Set-Cookie', cartCookieHeader(added.value.newToken, context.platform.env.isProduction, TILL_COOKIE))
      return redirect(back, { headers })
    }
    case 'quantity':
    case 'remove': {
      const changed = await changeCartLine(context.platform, { tenantId: tenant.id, token, contactId: null, change: intent.data.intent, posted: form })
      // The cart's words said of the sale: '… is out of the sale.' is TILL_MESSAGES.removed, which the page translates.
      return redirectWithToast(back, changed.ok ? { type: 'success', message: changed.value.message.replace('your cart', 'the sale') } : { type: 'error', message: changed.message })
    }
    case 'offer': {
      const applied = await applyCartOfferCode(context.platform, tenant, { locate: tillCartOf(token), code: form.offerCode, now: new Date(), channel: 'till', takesCards: false })
      if (!applied.ok) return data({ offerRefusal: { code: typeof form.offerCode === 'string' ? form.offerCode.slice(0, 30) : '', message: translateMessage(context.language, applied.message) } }, { status: 400 })
      return redirectWithToast(back, { type: 'success', message: applied.value.message })
    }
    case 'remove-offer': {
      await removeCartOfferCode(context.platform, tenant.id, { locate: tillCartOf(token), now: new Date() })
      return redirectWithToast(back, { type: 'success', message: OFFER_CODE_MESSAGES.removed })
    }
    case 'sell': {
      const origin = tenantOrigin(tenant, url, context.platform.env)
      const takesCards = await takesCardPayments(context.platform, tenant.id)
      const sold = await completeTillSale(context.platform, tenant, { token, posted: form, salesPersonId: user.contactId, now: new Date(), origin, takesCards })
      if (!sold.ok) return data({ message: translateMessage(context.language, sold.message) }, { status: sold.error === 'invalid_input' ? 400 : 409 })
      // A card sale goes on to its order page, where the customer pays on the provider's page.
      if (sold.value.awaitingPayment) {
        return redirectWithToast(orderPathFor(sold.value.invoiceGuid), { type: 'success', message: TILL_MESSAGES.awaitingCard(invoiceNumberText(sold.value.invoiceNumber), sold.value.customerName) })
      }
      return redirectWithToast(TILL_PATH, { type: 'success', message: TILL_MESSAGES.sold(invoiceNumberText(sold.value.invoiceNumber), sold.value.customerName) })
    }
  }
}

export default function TillRoute() {
  const { t } = useTranslation('catalog')
  const { title, chooseCustomer, choices, cart, customer, query, matches, attempt, methods, takesCards } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const refused = result && 'message' in result ? result : null
  const offerRefusal = result && 'offerRefusal' in result ? result.offerRefusal : null
  const navigation = useNavigation()
  const selling = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'sell'
  const withContact = (guid: string) => `${TILL_PATH}?contact=${encodeURIComponent(guid)}`
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={t('till_description')}
        actions={
          <Link to="/store" className={buttonClasses({ variant: 'secondary' })}>
            {t('till_backToStore')}
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] xl:items-start">
        <div className="min-w-0 space-y-6">
          <Card title={t('till_customer')}>
            {customer ? (
              <div className="flex flex-wrap items-center justify-between gap-3" data-till-customer={customer.name}>
                <div className="flex items-center gap-3">
                  <UserRound aria-hidden className="h-8 w-8 rounded-full bg-slate-100 p-1.5 text-slate-500" />
                  <div>
                    <p className="font-medium text-slate-900">{customer.name}</p>
                    <p className="text-sm text-slate-600">{[customer.email, customer.balanceText].filter(Boolean).join(' · ')}</p>
                  </div>
                </div>
                <Link to={TILL_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  {t('till_change')}
                </Link>
              </div>
            ) : (
              <ContactChooser id="till-search" query={query} matches={matches} chooseHref={withContact} />
            )}
          </Card>
          <Card title={t('till_addToSale')}>
            {choices.length === 0 ? (
              <p className="text-sm text-slate-600">{t('till_nothingOnSale')}</p>
            ) : (
              // A new key after each change of the sale starts the form afresh, so Add never repeats the last choice.
              <Form key={cart?.lines.map((line) => `${line.guid}:${line.quantity}`).join(',') ?? 'empty'} method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="add" />
                <Field id="till-choice" label={t('till_item')} className="min-w-0 basis-full">
                  {(control) => (
                    <select {...control} name="choice" required defaultValue="" className={`${FIELD_INPUT_CLASSES} w-full min-w-0`}>
                      <option value="" disabled>
                        {t('till_chooseItem')}
                      </option>
                      {choices.map((group) => (
                        <optgroup key={group.label} label={group.label}>
                          {group.choices.map((choice) => (
                            <option key={choice.value} value={choice.value}>
                              {choice.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id="till-quantity" label={t('till_quantity')}>
                  {(control) => (
                    <select {...control} name="quantity" defaultValue="1" className={`${FIELD_INPUT_CLASSES} w-20`}>
                      {Array.from({ length: 9 }, (_, index) => index + 1).map((quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Button type="submit" variant="secondary">
                  {t('till_add')}
                </Button>
              </Form>
            )}
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          {cart ? (
            <>
              <CartLinesTable cart={cart} title={t('till_theSale')} />
              <OfferCodeForm offer={cart.offer} refusal={offerRefusal} id="till-offer-code" />
            </>
          ) : (
            <Card title={t('till_theSale')}>
              <p className="py-6 text-center text-sm text-slate-600" data-empty-sale>
                {t('till_emptySale')}
              </p>
            </Card>
          )}
          <Card title={t('till_payment')}>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="sell" />
              <input type="hidden" name="attempt" value={attempt} />
              <input type="hidden" name="contact" value={customer?.guid ?? ''} />
              {refused?.message ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-till-error>
                  {refused.message}
                </p>
              ) : null}
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-slate-700">{t('till_howCustomerPays')}</legend>
                <div className="space-y-2">
                  {methods.map((method, index) => (
                    <label key={method.value} className="flex items-center gap-2 text-sm text-slate-800">
                      <input type="radio" name="method" value={method.value} defaultChecked={index === 0} className="h-4 w-4 accent-brand" />
                      {t(`till_method_${method.value}`)}
                    </label>
                  ))}
                </div>
                <p className="mt-2 text-xs text-slate-600">
                  {takesCards ? t('till_cardHint') : t('till_noCardsHint')}
                </p>
              </fieldset>
              <Field id="till-note" label={t('till_note')} hint={t('till_noteHint')}>
                {(control) => <textarea {...control} name="note" rows={2} maxLength={1000} className={FIELD_INPUT_CLASSES} />}
              </Field>
              <Button type="submit" variant="primary" className="w-full" busy={selling} disabled={!cart || !customer || cart.problems.length > 0 || cart.offer?.message != null}>
                {cart ? t('till_completeSaleTotal', { total: cart.totals.total }) : t('till_completeSale')}
              </Button>
              {!customer ? <p className="text-xs text-slate-600">{chooseCustomer}</p> : null}
            </Form>
          </Card>
        </div>
      </div>
    </div>
  )
}
