import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { CUSTOM_FIELD_TOASTS, loadCustomFieldForEdit, removeCustomField } from '#server/custom-fields/custom-field-dialog'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction = () => [{ title: 'Delete Custom Field!' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const field = await loadCustomFieldForEdit(context.platform, requireTenant(context), params.guId ?? '')
  if (!field) throw notFound()
  return { name: field.name }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const removed = await removeCustomField(context.platform, requireTenant(context), params.guId ?? '')
  if (!removed) throw notFound()
  return redirectWithToast('/settings/customfield', { type: 'success', message: CUSTOM_FIELD_TOASTS.deleted })
}

/** Spec: 'Delete Custom Field!' / 'Are you sure you want to continue?'. */
export default function DeleteCustomFieldRoute() {
  return <ConfirmDialog title="Delete Custom Field!" message="Are you sure you want to continue?" closeTo="/settings/customfield" intent="delete" />
}
