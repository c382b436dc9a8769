import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from '@remix-run/react'
import { BuyForm, hasOnlinePrice } from '#app/components/catalog/public/buy-form'
import { StateBadge } from '#app/components/catalog/public/item-card'
import { ItemDetail } from '#app/components/catalog/public/item-detail'
import { JsonLdScript } from '#app/components/catalog/public/json-ld-script'
import { HowToBuy, PriceList, StateNotice } from '#app/components/catalog/public/purchase-panel'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { itemPageHead } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { jsonLdScriptText, productJsonLd } from '#server/catalog/public/json-ld'
import { isPublicListingShown } from '#server/catalog/public/public-item-gates'
import { loadPublicProduct, merchandiseHref, type ProductPageView } from '#server/catalog/public/public-item-pages'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { takesCardPayments } from '#server/payments/card-payments'

/** /merchandise/details/{slug}: one product or bundle with its prices and Buy button. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const shown = isPublicListingShown(tenant.settings, 'merchandise')
  const loaded = await loadPublicPage(context, { tenant, user, pageName: shown ? 'merchandise' : null })
  const product = shown ? await loadPublicProduct(context.platform.database, tenant, params.slug ?? '', await takesCardPayments(context.platform, tenant.id), context.language) : null
  if (!product) return data({ shell: loaded.shell, view: null }, { status: 404 })
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const path = merchandiseHref(product.slug)
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const head = itemPageHead(product, { origin, path, siteTitle: loaded.shell.site.title, description: product.summary || product.name, type: 'product' })
  return data(
    {
      shell: loaded.shell,
      view: { product, head, jsonLd: jsonLdScriptText(productJsonLd(product, { origin, path, organisationName: loaded.shell.site.title })), listingTitle: loaded.page?.title || tFor(context.language, 'listings')('merchandise') },
    },
    { headers: user ? undefined : shareablePageHeaders(request) },
  )
}

export const headers: HeadersFunction = shareableLoaderHeaders

/** The item page's words (prices, states, the buy form) come with the page. */
export const handle: I18nHandle = { i18n: ['listings'] }


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data?.view ? data.view.head : notFoundHead(matches))

export default function MerchandiseDetailsRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  const { t, i18n } = useTranslation('listings')
  if (!view) return <PublicNotFoundPage shell={shell} />
  const { product } = view
  return (
    <PublicLayout shell={shell}>
      <ItemDetail
        kind={product.kind}
        back={{ href: '/merchandise', label: i18n.language === 'en' ? t('allOf', { listing: view.listingTitle.toLowerCase() }) : t('allMerchandise') }}
        name={product.name}
        image={product.image}
        gallery={product.gallery}
        summary={product.summary}
        descriptionHtml={product.descriptionHtml}
        facts={<ProductFacts product={product} />}
        panel={<ProductPanel product={product} />}
      />
      <JsonLdScript text={view.jsonLd} />
    </PublicLayout>
  )
}

function ProductFacts({ product }: { product: ProductPageView }) {
  const { t } = useTranslation('listings')
  if (product.bundleParts.length === 0 && product.state === 'open') return null
  return (
    <div className="space-y-3">
      <StateBadge state={product.state} text={product.stateText} />
      {product.bundleParts.length > 0 ? (
        <div>
          <h2 className="mb-1 text-sm font-medium text-slate-800">{t('inThisBundle')}</h2>
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {product.bundleParts.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function ProductPanel({ product }: { product: ProductPageView }) {
  const { t } = useTranslation('listings')
  return (
    <div className="space-y-4">
      <PriceList prices={product.prices} />
      {product.state !== 'open' ? (
        <StateNotice>{t('productSoldOutNotice')}</StateNotice>
      ) : product.purchase.isCheckoutAvailable && hasOnlinePrice(product.prices) ? (
        <BuyForm itemGuid={product.guid} prices={product.prices} label={product.buttonLabel} itemName={product.name} />
      ) : (
        <HowToBuy purchase={product.purchase} what="buy" />
      )}
    </div>
  )
}
