import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { FranchiseForm } from '#app/components/franchises/franchise-form'
import { franchiseFormAction } from '#app/utils/franchise-form-action.server'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'New Franchise' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireFranchiseManager(request, context)
  return { title: tFor(context.language, 'settings')('newFranchise') }
}

export const action = (args: ActionFunctionArgs) => franchiseFormAction(args, null)

/** Settings > Franchise > New: the franchise, its first admin and its address. */
export default function NewFranchiseRoute() {
  const posted = useActionData<typeof action>()
  return <FranchiseForm mode="create" values={posted?.values ?? {}} errors={posted?.errors ?? {}} />
}
