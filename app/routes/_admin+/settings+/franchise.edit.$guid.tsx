import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound } from '#server/errors/responses'
import { FRANCHISE_MESSAGES } from '#server/franchises/franchise-form'
import { loadFranchise } from '#server/franchises/franchises'
import { FranchiseForm } from '#app/components/franchises/franchise-form'
import { DeleteFranchiseDialog } from '#app/components/franchises/delete-franchise-dialog'
import { franchiseFormAction } from '#app/utils/franchise-form-action.server'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Edit Franchise' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/** Settings > Franchise > Edit: one of this master's franchises; `?confirm=delete` asks before deleting it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const franchise = await loadFranchise(context.platform, tenant, params.guid ?? '', context.language)
  if (!franchise) throw notFound(translateMessage(context.language, FRANCHISE_MESSAGES.notFound))
  return { title: tFor(context.language, 'settings')('editFranchise'), franchise, confirmDelete: new URL(request.url).searchParams.get('confirm') === 'delete' }
}

export const action = ({ params, ...args }: ActionFunctionArgs) => franchiseFormAction(args, params.guid ?? '')

export default function EditFranchiseRoute() {
  const { franchise, confirmDelete } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const base = `/settings/franchise/edit/${franchise.guid}`
  const saved = {
    businessName: franchise.name,
    orgId: franchise.orgId,
    phone: franchise.phone,
    accountOwner: franchise.accountOwner,
    fromEmailName: franchise.fromEmailName,
    fromEmail: franchise.fromEmail,
    ...franchise.address,
  }
  return (
    <>
      <FranchiseForm
        mode="edit"
        values={posted?.values ?? saved}
        errors={posted?.errors ?? {}}
        facts={{ tenantId: franchise.tenantId, dateCreatedStr: franchise.dateCreatedStr }}
        owners={franchise.owners}
        deleteHref={`${base}?confirm=delete`}
      />
      {confirmDelete ? <DeleteFranchiseDialog closeTo={base} /> : null}
    </>
  )
}
