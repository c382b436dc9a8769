import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { BundleFields } from '#app/components/catalog/bundle-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Edit Product bundle')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return loadItemEditorScreen(access, context, 'bundle', params.guId ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'bundle')
  requireModule(context, 'merchandise')
  return itemEditorAction(access, request, context, 'bundle', params.guId ?? '')
}

export default function EditProductBundleRoute() {
  const { t } = useTranslation('catalog')
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <ItemEditorPage loaded={loaded} result={result} kindTitle={t('cardContents')} kindFields={(values, errors) => <BundleFields values={values} errors={errors} products={loaded.products} />} />
  )
}
