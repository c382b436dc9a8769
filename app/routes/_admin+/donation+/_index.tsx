import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Donations')

export const handle: I18nHandle = { i18n: ['catalog'] }

/** The studio's donation campaigns (spec 002 2.17, Products: /donation). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'donation')
  requireModule(context, 'donation')
  return loadItemListScreen(access, request, context, 'donation')
}

export default function DonationCampaignsRoute() {
  const { t } = useTranslation('catalog')
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      hasPrice={false}
      extraColumn={{ title: t('goal'), cell: (row) => row.goal ?? t('noGoal') }}
    />
  )
}
