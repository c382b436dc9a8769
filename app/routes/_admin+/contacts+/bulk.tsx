import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { z } from 'zod'
import {
  bulkCarriedFields,
  bulkContactActionSchema,
  bulkReturnPath,
  formParams,
  loadBulkConfirmationFacts,
} from '#server/contacts/bulk-contact-action'
import { parseContactSelection } from '#server/contacts/contact-selection'
import { deleteContacts } from '#server/contacts/delete-contacts'
import { checkContactSelection } from '#server/contacts/selected-contacts'
import { bulkTagSchema, tagContacts } from '#server/contacts/tag-contacts'
import { screenMeta } from '#app/components/layout/page-title'
import { BULK_CONFIRM_TITLES, BULK_YES_LABELS, BulkConfirmContent, type BulkTagErrors } from '#app/components/contacts/bulk-confirm-content'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page ? BULK_CONFIRM_TITLES[page.action] : 'Contacts')

/**
 * The confirmation of a bulk action on contacts as a page of its own: where the list's Delete,
 * Tag and Export buttons lead without JavaScript (with it, the same content opens in a dialog on
 * the list). Yes posts the delete or tag here, or downloads the export.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const params = new URL(request.url).searchParams
  const back = bulkReturnPath(params)
  const action = bulkContactActionSchema.safeParse(params.get('bulk'))
  if (!action.success) throw redirectWithToast(back, { type: 'error', message: 'Choose Delete, Tag or Export for the selected contacts.' })
  const parsed = parseContactSelection(params)
  const selection = parsed.ok ? await checkContactSelection({ database: context.platform.database, tenant, selection: parsed.value }) : parsed
  if (!selection.ok) throw redirectWithToast(back, { type: 'error', message: selection.message })
  const facts = await loadBulkConfirmationFacts({ database: context.platform.database, tenant, selection: selection.value })
  return { action: action.data, back, allMatching: selection.value.kind === 'all', carried: bulkCarriedFields(params, selection.value), ...facts }
}

type BulkActionData = { formError?: string; tagErrors?: BulkTagErrors }

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const params = formParams(await request.formData())
  const back = bulkReturnPath(params)
  const intent = z.enum(['delete', 'tag']).safeParse(params.get('intent'))
  if (!intent.success) return data<BulkActionData>({ formError: 'Choose Delete or Tag for the selected contacts.' }, { status: 400 })
  const parsed = parseContactSelection(params)
  const selection = parsed.ok ? await checkContactSelection({ database: context.platform.database, tenant, selection: parsed.value }) : parsed
  if (!selection.ok) return data<BulkActionData>({ formError: selection.message }, { status: 400 })
  if (intent.data === 'delete') {
    const actorContactIds = [user.contactId, user.previewedByContactId].filter((id): id is string => id !== null)
    const outcome = await deleteContacts({ platform: context.platform, tenant, actorContactIds, selection: selection.value, ip: context.ip || null })
    return redirectWithToast(back, { type: 'success', message: outcome.value.message })
  }
  const tag = bulkTagSchema.safeParse(Object.fromEntries(params))
  if (!tag.success) return data<BulkActionData>({ tagErrors: tag.error.flatten().fieldErrors }, { status: 400 })
  const outcome = await tagContacts({ platform: context.platform, tenant, selection: selection.value, tag: tag.data })
  if (!outcome.ok) return data<BulkActionData>({ formError: outcome.message, tagErrors: { tagId: [outcome.message] } }, { status: 404 })
  return redirectWithToast(back, { type: 'success', message: outcome.value.message })
}

export default function BulkContactsRoute() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const location = useLocation()
  const isExport = page.action === 'export'
  return (
    <ConfirmDialog
      closeTo={page.back}
      title={BULK_CONFIRM_TITLES[page.action]}
      intent={page.action}
      yesLabel={BULK_YES_LABELS[page.action]}
      yesVariant={page.action === 'delete' ? 'danger' : 'primary'}
      // The post keeps this page's address, so a refused form is drawn again with its selection.
      action={isExport ? '/contacts/export.csv' : `/contacts/bulk${location.search}`}
      method={isExport ? 'get' : 'post'}
      reloadDocument={isExport}
      hiddenFields={page.carried}
    >
      <BulkConfirmContent
        action={page.action}
        count={page.count}
        notFound={page.notFound}
        allMatching={page.allMatching}
        tags={page.tags}
        formError={result?.formError}
        tagErrors={result?.tagErrors}
      />
    </ConfirmDialog>
  )
}
