import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { EventFields } from '#app/components/catalog/event-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Add Event')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  return loadItemEditorScreen(access, context, 'event', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  return itemEditorAction(access, request, context, 'event', null)
}

export default function NewEventRoute() {
  const { t } = useTranslation('catalog')
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <ItemEditorPage
      loaded={loaded}
      result={result}
      kindTitle={t('cardWhenAndWhere')}
      kindFields={(values, errors) => <EventFields values={values} errors={errors} timeZone={loaded.timeZone} isAddressNeededForEvent={loaded.isAddressNeededForEvent} />}
    />
  )
}
