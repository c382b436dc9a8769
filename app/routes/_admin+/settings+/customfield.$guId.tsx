import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { customFieldDialogView, DIALOG_INTENT, loadCustomFieldForEdit, saveCustomFieldDialog } from '#server/custom-fields/custom-field-dialog'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { CustomFieldDialog } from '#app/components/forms/custom-field-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Edit Custom Field' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const field = await loadCustomFieldForEdit(context.platform, requireTenant(context), params.guId ?? '')
  if (!field) throw notFound()
  return { ...customFieldDialogView(field.type, field, context.language), title: formbuilderWords(context.language)('editCustomField') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const field = await loadCustomFieldForEdit(context.platform, tenant, params.guId ?? '')
  if (!field) throw notFound()
  const form = await request.formData().catch(() => null)
  if (!form) return data(screenResultIn(context.language, { ...unreadableForm(), intent: DIALOG_INTENT }), { status: 400 })
  const outcome = await saveCustomFieldDialog(context.platform, tenant, { context: field.type, field }, form, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast('/settings/customfield', { type: 'success', message: outcome.value.toast })
}

export default function EditCustomFieldRoute() {
  const { title, ...view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFieldDialog {...view} isNew={false} result={result ?? null} />
}
