import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { ProductFields } from '#app/components/catalog/product-fields'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Edit Product')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return loadItemEditorScreen(access, context, 'product', params.guId ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return itemEditorAction(access, request, context, 'product', params.guId ?? '')
}

export default function EditProductRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ItemEditorPage loaded={loaded} result={result} kindTitle="Stock and supplier" kindFields={(values, errors) => <ProductFields values={values} errors={errors} suppliers={loaded.suppliers} />} />
}
