import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Edit Membership')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'membership')
  requireModule(context, 'store')
  return loadItemEditorScreen(access, context, 'membership', params.guId ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'membership')
  requireModule(context, 'store')
  return itemEditorAction(access, request, context, 'membership', params.guId ?? '')
}

export default function EditMembershipRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ItemEditorPage loaded={loaded} result={result} />
}
