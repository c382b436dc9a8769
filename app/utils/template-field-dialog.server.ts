import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { customFieldDialogView, DIALOG_INTENT, saveCustomFieldDialog } from '#server/custom-fields/custom-field-dialog'
import { TEMPLATE_MESSAGES } from '#server/email-templates/email-template-form'
import { loadEmailTemplate } from '#server/email-templates/email-templates'
import { notFound } from '#server/errors/responses'
import { translateMessage } from '#server/i18n/translate-message'
import { unreadableForm } from '#server/settings/screen-form'

/**
 * The green + chip of the template editor opens the custom field dialog of any type (settings
 * spec: "new, type all"); a field saved there comes back to the template as a blue chip.
 */
export async function templateFieldDialogLoader({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>, templateGuid: string | null) {
  await requireAdmin(request, context)
  await requireTemplate(context, templateGuid)
  return customFieldDialogView('all', null, context.language)
}

/** Opened from an edit page, the template must be this studio's: another id writes nothing and is not found. */
async function requireTemplate(context: LoaderFunctionArgs['context'], templateGuid: string | null): Promise<void> {
  if (templateGuid !== null && !(await loadEmailTemplate(context.platform, requireTenant(context), templateGuid))) throw notFound(TEMPLATE_MESSAGES.notFound)
}

/** `templateGuid`: the template being edited, or null from the add page. */
export async function templateFieldDialogAction({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, templateGuid: string | null) {
  await requireAdmin(request, context)
  await requireTemplate(context, templateGuid)
  const templatePath = templateGuid === null ? '/settings/templates/add' : `/settings/templates/edit/${templateGuid}`
  const form = await request.formData().catch(() => null)
  if (!form) return data({ ...unreadableForm(translateMessage(context.language, unreadableForm().formError)), intent: DIALOG_INTENT }, { status: 400 })
  const outcome = await saveCustomFieldDialog(context.platform, requireTenant(context), { context: 'all', field: null }, form, context.language)
  if (!outcome.ok) return data(outcome.details, { status: 400 })
  return redirectWithToast(templatePath, { type: 'success', message: outcome.value.toast })
}
