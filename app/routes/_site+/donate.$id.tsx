import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '#server/i18n/translate-message'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DonateForm, SuggestedAmounts, type DonateRefusal } from '#app/components/catalog/public/donate-form'
import { toastCookieHeader } from '#app/utils/toast.server'
import { addDonationToCart, DONATE_MESSAGES } from '#server/checkout/add-donation'
import { cartCookieHeader, readCartToken } from '#server/checkout/cart-cookie'
import { buyerOf } from '#server/checkout/checkout-page'
import { notFound } from '#server/errors/responses'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { takesCardPayments } from '#server/payments/card-payments'
import { ItemDetail } from '#app/components/catalog/public/item-detail'
import { JsonLdScript } from '#app/components/catalog/public/json-ld-script'
import { HowToBuy } from '#app/components/catalog/public/purchase-panel'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { itemPageHead } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { donationJsonLd, jsonLdScriptText } from '#server/catalog/public/json-ld'
import { isPublicListingShown } from '#server/catalog/public/public-item-gates'
import { donateHref, loadPublicDonation, type DonationPageView } from '#server/catalog/public/public-item-pages'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'

/** /donate/{id}: one campaign by its guid, its amounts and the Donate button. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const shown = isPublicListingShown(tenant.settings, 'donations')
  const loaded = await loadPublicPage(context, { tenant, user, pageName: shown ? 'donations' : null })
  const donation = shown ? await loadPublicDonation(context.platform.database, tenant, params.id ?? '', await takesCardPayments(context.platform, tenant.id), context.language) : null
  if (!donation) return data({ shell: loaded.shell, view: null }, { status: 404 })
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const path = donateHref(donation.guid)
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const head = itemPageHead(donation, { origin, path, siteTitle: loaded.shell.site.title, description: donation.summary || tFor(context.language, 'listings')('giveTo', { name: donation.name }), type: 'article' })
  return data(
    {
      shell: loaded.shell,
      view: { donation, head, jsonLd: jsonLdScriptText(donationJsonLd(donation, { origin, path, organisationName: loaded.shell.site.title })), listingTitle: loaded.page?.title || tFor(context.language, 'listings')('donations') },
    },
    { headers: user ? undefined : shareablePageHeaders(request) },
  )
}

/** Donate: the gift goes into the cart and the donor on to checkout, or the form says what to change. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const fields = await request.formData()
  const added = await addDonationToCart(context.platform, {
    tenantId: tenant.id,
    token: readCartToken(request),
    contactId: buyerOf(user)?.contactId ?? null,
    donationGuid: params.id ?? '',
    fields,
  })
  if (!added.ok && added.error === 'not_found') throw notFound(DONATE_MESSAGES.notFound)
  if (!added.ok) {
    const text = (name: string) => {
      const value = fields.get(name)
      return typeof value === 'string' ? value.slice(0, 40) : ''
    }
    // A field's message stands under its field; the box above sums up (or, with no field to blame, says it all).
    const byField = added.details.amount !== undefined || added.details.otherAmount !== undefined || added.details.frequency !== undefined || added.details.limit !== undefined
    const refused: DonateRefusal = {
      message: translateMessage(context.language, byField ? FORM_MESSAGES.invalidForm : added.message),
      errors: Object.fromEntries(Object.entries(added.details).map(([field, message]) => [field, translateMessage(context.language, message)])),
      values: { amount: text('amount'), otherAmount: text('otherAmount'), frequency: text('frequency'), limit: text('limit') },
    }
    return data({ refused }, { status: added.error === 'invalid_input' ? 400 : 409 })
  }
  const headers = new Headers()
  headers.append('Set-Cookie', toastCookieHeader({ type: 'success', message: DONATE_MESSAGES.added(added.value.itemName) }))
  if (added.value.newToken) headers.append('Set-Cookie', cartCookieHeader(added.value.newToken, context.platform.env.isProduction))
  return redirect('/checkout', { status: 303, headers })
}

export const headers: HeadersFunction = shareableLoaderHeaders

/** The item page's words (prices, states, the buy form) come with the page. */
export const handle: I18nHandle = { i18n: ['listings'] }


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data?.view ? data.view.head : notFoundHead(matches))

export default function DonateRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { t, i18n } = useTranslation('listings')
  if (!view) return <PublicNotFoundPage shell={shell} />
  const { donation } = view
  return (
    <PublicLayout shell={shell}>
      <ItemDetail
        kind="donation"
        back={{ href: '/donations', label: i18n.language === 'en' ? t('allOf', { listing: view.listingTitle.toLowerCase() }) : t('allDonations') }}
        name={donation.name}
        image={donation.image}
        summary={donation.summary}
        descriptionHtml={donation.descriptionHtml}
        facts={donation.goalText ? <p className="text-sm text-slate-700">{t('ourGoal')} <span className="font-semibold text-slate-900">{donation.goalText}</span></p> : null}
        panel={<DonatePanel donation={donation} refused={answered?.refused ?? null} />}
      />
      <JsonLdScript text={view.jsonLd} />
    </PublicLayout>
  )
}

function DonatePanel({ donation, refused }: { donation: DonationPageView; refused: DonateRefusal | null }) {
  if (donation.purchase.isCheckoutAvailable && donation.frequencies.length > 0) return <DonateForm donation={donation} refused={refused} />
  return (
    <div className="space-y-4">
      <SuggestedAmounts donation={donation} />
      <HowToBuy purchase={donation.purchase} what="give" />
    </div>
  )
}
