import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CUSTOM_FIELD_TOASTS, loadCustomFieldForEdit, removeCustomField } from '#server/custom-fields/custom-field-dialog'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Delete Custom Field!' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const field = await loadCustomFieldForEdit(context.platform, requireTenant(context), params.guId ?? '')
  if (!field) throw notFound()
  return { name: field.name, title: formbuilderWords(context.language)('deleteCustomField') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const removed = await removeCustomField(context.platform, requireTenant(context), params.guId ?? '')
  if (!removed) throw notFound()
  return redirectWithToast('/settings/customfield', { type: 'success', message: CUSTOM_FIELD_TOASTS.deleted })
}

/** Spec: 'Delete Custom Field!' / 'Are you sure you want to continue?'. */
export default function DeleteCustomFieldRoute() {
  const { title } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  return <ConfirmDialog title={title} message={t('continueQuestion')} closeTo="/settings/customfield" intent="delete" />
}
