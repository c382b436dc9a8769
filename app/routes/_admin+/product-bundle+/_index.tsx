import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Product bundles')

export const handle: I18nHandle = { i18n: ['catalog'] }

/** Merchandise sold together at one price (spec 000 named route product-bundle). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return loadItemListScreen(access, request, context, 'bundle')
}

export default function ProductBundlesRoute() {
  const { t } = useTranslation('catalog')
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      extraColumn={{ title: t('holds'), cell: (row) => t('productCount', { count: row.bundleQuantity }) }}
    />
  )
}
