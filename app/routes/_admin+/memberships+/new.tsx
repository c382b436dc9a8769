import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Add Membership')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'membership')
  requireModule(context, 'store')
  return loadItemEditorScreen(access, context, 'membership', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'membership')
  requireModule(context, 'store')
  return itemEditorAction(access, request, context, 'membership', null)
}

export default function NewMembershipRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ItemEditorPage loaded={loaded} result={result} />
}
