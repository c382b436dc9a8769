import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { DonationFields } from '#app/components/catalog/donation-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Add Donation campaign')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'donation')
  requireModule(context, 'donation')
  return loadItemEditorScreen(access, context, 'donation', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'donation')
  requireModule(context, 'donation')
  return itemEditorAction(access, request, context, 'donation', null)
}

export default function NewDonationCampaignRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <ItemEditorPage
      loaded={loaded}
      result={result}
      hasPriceOptions={false}
      kindTitle="What donors give"
      kindFields={(values, errors) => <DonationFields values={values} errors={errors} currency={loaded.currency} />}
    />
  )
}
