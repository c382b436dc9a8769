import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { customFieldDialogView, DIALOG_INTENT, isDialogContext, saveCustomFieldDialog } from '#server/custom-fields/custom-field-dialog'
import { unreadableForm } from '#server/settings/screen-form'
import { CustomFieldDialog } from '#app/components/forms/custom-field-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction = () => [{ title: 'Add Custom Field' }]

function contextOf(type: string | undefined) {
  if (!type || !isDialogContext(type)) throw notFound()
  return type
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return customFieldDialogView(contextOf(params.type), null)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const dialogContext = contextOf(params.type)
  const form = await request.formData().catch(() => null)
  if (!form) return data({ ...unreadableForm(), intent: DIALOG_INTENT }, { status: 400 })
  const outcome = await saveCustomFieldDialog(context.platform, requireTenant(context), { context: dialogContext, field: null }, form)
  if (!outcome.ok) return data(outcome.details, { status: 400 })
  return redirectWithToast('/settings/customfield', { type: 'success', message: outcome.value.toast })
}

export default function NewCustomFieldRoute() {
  const view = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFieldDialog {...view} isNew result={result ?? null} />
}
