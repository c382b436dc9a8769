import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { customFieldDialogView, DIALOG_INTENT, isDialogContext, saveCustomFieldDialog } from '#server/custom-fields/custom-field-dialog'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { CustomFieldDialog } from '#app/components/forms/custom-field-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Add Custom Field' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

function contextOf(type: string | undefined) {
  if (!type || !isDialogContext(type)) throw notFound()
  return type
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { ...customFieldDialogView(contextOf(params.type), null, context.language), title: formbuilderWords(context.language)('addCustomField') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const dialogContext = contextOf(params.type)
  const form = await request.formData().catch(() => null)
  if (!form) return data(screenResultIn(context.language, { ...unreadableForm(), intent: DIALOG_INTENT }), { status: 400 })
  const outcome = await saveCustomFieldDialog(context.platform, requireTenant(context), { context: dialogContext, field: null }, form, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast('/settings/customfield', { type: 'success', message: outcome.value.toast })
}

export default function NewCustomFieldRoute() {
  const { title, ...view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFieldDialog {...view} isNew result={result ?? null} />
}
