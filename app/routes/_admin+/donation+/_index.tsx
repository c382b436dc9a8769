import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Donations')

/** The studio's donation campaigns (spec 002 2.17, Products: /donation). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'donation')
  requireModule(context, 'donation')
  return loadItemListScreen(access, request, context, 'donation')
}

export default function DonationCampaignsRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      description="Campaigns visitors give to from the website's donations page, once or on a schedule."
      hasPrice={false}
      extraColumn={{ title: 'Goal', cell: (row) => row.goal ?? 'No goal' }}
    />
  )
}
