import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { ButtonLink } from '#app/components/ui/button'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Merchandise')

export const handle: I18nHandle = { i18n: ['catalog'] }

/** The studio's merchandise (spec 002 2.17, Products: /products). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return loadItemListScreen(access, request, context, 'product')
}

export default function MerchandiseRoute() {
  const { t } = useTranslation('catalog')
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      links={
        <ButtonLink to="/product-bundle" variant="secondary">
          {t('productBundles')}
        </ButtonLink>
      }
      extraColumn={{ title: t('inStock'), cell: (row) => (row.stockQuantity === null ? t('notCounted') : String(row.stockQuantity)) }}
    />
  )
}
