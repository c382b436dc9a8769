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
import { CONTACT_SELECTION_MESSAGES, parseContactSelection } from '#server/contacts/contact-selection'
import { deleteContacts } from '#server/contacts/delete-contacts'
import { checkContactSelection } from '#server/contacts/selected-contacts'
import { bulkTagSchema, tagContacts } from '#server/contacts/tag-contacts'
import { screenMeta } from '#app/components/layout/page-title'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { BulkConfirmContent, type BulkTagErrors } from '#app/components/contacts/bulk-confirm-content'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Contacts')

export const handle: I18nHandle = { i18n: ['contacts'] }

/**
 * The confirmation of a bulk action on contacts as a page of its own: where the list's Delete,
 * Tag and Export buttons lead without JavaScript (with it, the same content opens in a dialog on
 * the list). Yes posts the delete or tag here, or downloads the export.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const { language } = context
  const params = new URL(request.url).searchParams
  const back = bulkReturnPath(params)
  const action = bulkContactActionSchema.safeParse(params.get('bulk'))
  if (!action.success) throw redirectWithToast(back, { type: 'error', message: translateMessage(language, CONTACT_SELECTION_MESSAGES.chooseBulk) })
  const parsed = parseContactSelection(params)
  const selection = parsed.ok ? await checkContactSelection({ database: context.platform.database, tenant, selection: parsed.value }) : parsed
  if (!selection.ok) throw redirectWithToast(back, { type: 'error', message: translateMessage(language, selection.message) })
  const facts = await loadBulkConfirmationFacts({ database: context.platform.database, tenant, selection: selection.value })
  return { title: tFor(language, 'contacts')(`bulkTitle_${action.data}`), action: action.data, back, allMatching: selection.value.kind === 'all', carried: bulkCarriedFields(params, selection.value), ...facts }
}

type BulkActionData = { formError?: string; tagErrors?: BulkTagErrors }

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const { language } = context
  const params = formParams(await request.formData())
  const back = bulkReturnPath(params)
  const intent = z.enum(['delete', 'tag']).safeParse(params.get('intent'))
  if (!intent.success) return data<BulkActionData>({ formError: translateMessage(language, CONTACT_SELECTION_MESSAGES.chooseDeleteOrTag) }, { status: 400 })
  const parsed = parseContactSelection(params)
  const selection = parsed.ok ? await checkContactSelection({ database: context.platform.database, tenant, selection: parsed.value }) : parsed
  if (!selection.ok) return data<BulkActionData>({ formError: translateMessage(language, selection.message) }, { status: 400 })
  if (intent.data === 'delete') {
    const actorContactIds = [user.contactId, user.previewedByContactId].filter((id): id is string => id !== null)
    const outcome = await deleteContacts({ platform: context.platform, tenant, actorContactIds, selection: selection.value, ip: context.ip || null, language })
    return redirectWithToast(back, { type: 'success', message: outcome.value.message })
  }
  const tag = bulkTagSchema.safeParse(Object.fromEntries(params))
  if (!tag.success) {
    const tagErrors: BulkTagErrors = Object.fromEntries(Object.entries(tag.error.flatten().fieldErrors).map(([name, messages]) => [name, messages?.map((message) => translateMessage(language, message))]))
    return data<BulkActionData>({ tagErrors }, { status: 400 })
  }
  const outcome = await tagContacts({ platform: context.platform, tenant, selection: selection.value, tag: tag.data, language })
  if (!outcome.ok) {
    const message = translateMessage(language, outcome.message)
    return data<BulkActionData>({ formError: message, tagErrors: { tagId: [message] } }, { status: 404 })
  }
  return redirectWithToast(back, { type: 'success', message: outcome.value.message })
}

export default function BulkContactsRoute() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const location = useLocation()
  const { t } = useContactsWords()
  const isExport = page.action === 'export'
  return (
    <ConfirmDialog
      closeTo={page.back}
      title={page.title}
      intent={page.action}
      yesLabel={t(`bulkYes_${page.action}`)}
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
