import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Events')

export const handle: I18nHandle = { i18n: ['catalog'] }

/** The studio's events (spec 002 2.17, Launch: /rules). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  return loadItemListScreen(access, request, context, 'event')
}

export default function EventsRoute() {
  const list = useLoaderData<typeof loader>()
  return <ItemListScreen {...list} />
}
