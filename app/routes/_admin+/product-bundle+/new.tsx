import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { BundleFields } from '#app/components/catalog/bundle-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Add Product bundle')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return loadItemEditorScreen(access, context, 'bundle', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return itemEditorAction(access, request, context, 'bundle', null)
}

export default function NewProductBundleRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <ItemEditorPage loaded={loaded} result={result} kindTitle="Contents" kindFields={(values, errors) => <BundleFields values={values} errors={errors} products={loaded.products} />} />
  )
}
