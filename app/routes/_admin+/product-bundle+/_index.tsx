import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Product bundles')

/** Merchandise sold together at one price (spec 000 named route product-bundle). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return loadItemListScreen(access, request, context, 'bundle')
}

export default function ProductBundlesRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      description="Products sold together at one price, such as a starter kit."
      extraColumn={{ title: 'Holds', cell: (row) => (row.bundleQuantity === 1 ? '1 product' : `${row.bundleQuantity} products`) }}
    />
  )
}
