import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from '@remix-run/react'
import { ItemGrid } from '#app/components/catalog/public/item-card'
import { JsonLdScript } from '#app/components/catalog/public/json-ld-script'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { itemHeadTags } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { itemListJsonLd, jsonLdScriptText } from '#server/catalog/public/json-ld'
import { isPublicListingShown } from '#server/catalog/public/public-item-gates'
import { loadPublicDonations } from '#server/catalog/public/public-item-pages'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'

/** /donations: the tenant's campaigns (404 unless the tenant shows donations and the Donations module is on). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const shown = isPublicListingShown(tenant.settings, 'donations')
  const loaded = await loadPublicPage(context, { tenant, user, pageName: shown ? 'donations' : null })
  if (!shown) return data({ shell: loaded.shell, listing: null }, { status: 404 })
  const donations = await loadPublicDonations(context.platform.database, tenant, context.language)
  const t = tFor(context.language, 'listings')
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const title = loaded.page?.title || t('donations')
  const site = { origin: tenantOrigin(tenant, new URL(request.url), context.platform.env), path: '/donations', organisationName: loaded.shell.site.title }
  const head = itemHeadTags({
    title,
    siteTitle: loaded.shell.site.title,
    description: t('donationsDescription', { site: loaded.shell.site.title }),
    canonicalUrl: `${site.origin}${site.path}`,
    imageUrl: null,
    imageAlt: null,
    type: 'website',
  })
  const jsonLd = jsonLdScriptText(itemListJsonLd(title, donations.cards.map((card) => ({ name: card.name, href: card.href })), site))
  return data({ shell: loaded.shell, listing: { title, cards: donations.cards, head, jsonLd } }, { headers: user ? undefined : shareablePageHeaders(request) })
}

export const headers: HeadersFunction = shareableLoaderHeaders

/** The listing's words (prices, states, the buy form) come with the page. */
export const handle: I18nHandle = { i18n: ['listings'] }


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data?.listing ? data.listing.head : notFoundHead(matches))

export default function DonationsRoute() {
  const { shell, listing } = useLoaderData<typeof loader>()
  const { t } = useTranslation('listings')
  return (
    <PublicLayout shell={shell}>
      {listing ? (
        <>
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{listing.title}</h1>
          <ItemGrid cards={listing.cards} empty={t('noCampaigns')} />
          <JsonLdScript text={listing.jsonLd} />
        </>
      ) : (
        <PageNotFound />
      )}
    </PublicLayout>
  )
}
