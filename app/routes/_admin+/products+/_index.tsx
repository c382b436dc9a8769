import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { ButtonLink } from '#app/components/ui/button'
import { requireModule } from '#app/utils/auth.server'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Merchandise')

/** The studio's merchandise (spec 002 2.17, Products: /products). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return loadItemListScreen(access, request, context, 'product')
}

export default function MerchandiseRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      description="Things the studio sells: mats, clothing, gift cards."
      links={
        <ButtonLink to="/product-bundle" variant="secondary">
          Product bundles
        </ButtonLink>
      }
      extraColumn={{ title: 'In stock', cell: (row) => (row.stockQuantity === null ? 'Not counted' : String(row.stockQuantity)) }}
    />
  )
}
