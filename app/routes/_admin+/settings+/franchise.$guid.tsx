import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound } from '#server/errors/responses'
import { FRANCHISE_MESSAGES } from '#server/franchises/franchise-form'
import { loadFranchise } from '#server/franchises/franchises'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Franchise' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/** settings/franchise/{id}: the spec's placeholder view, with no content beyond its title. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const franchise = await loadFranchise(context.platform, tenant, params.guid ?? '')
  if (!franchise) throw notFound(translateMessage(context.language, FRANCHISE_MESSAGES.notFound))
  return { name: franchise.name, title: tFor(context.language, 'settings')('franchiseTitle') }
}

export default function FranchisePlaceholderRoute() {
  const { name } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-6">
      <ScreenHeader title={name} backTo="/settings/franchise" />
    </div>
  )
}
