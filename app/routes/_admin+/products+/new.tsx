import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { ProductFields } from '#app/components/catalog/product-fields'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Add Product')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return loadItemEditorScreen(access, context, 'product', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'product')
  requireModule(context, 'merchandise')
  return itemEditorAction(access, request, context, 'product', null)
}

export default function NewProductRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ItemEditorPage loaded={loaded} result={result} kindTitle="Stock and supplier" kindFields={(values, errors) => <ProductFields values={values} errors={errors} suppliers={loaded.suppliers} />} />
}
