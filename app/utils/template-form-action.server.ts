import { data, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'
import { readTemplateForm, TEMPLATE_MESSAGES, UNREADABLE_TEMPLATE_FORM, type TemplateFormErrors } from '#server/email-templates/email-template-form'
import { deleteEmailTemplate, saveEmailTemplate } from '#server/email-templates/email-templates'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

/**
 * The posts of the template form, added (`editGuid` null) or edited: Submit saves it and goes
 * back to the list (settings spec: create, edit and delete each return to the list); a refused
 * form is drawn again with what was typed and its messages; Yes on the delete confirmation
 * deletes it. Refusals are answered in the page's language; toasts are translated by the layout.
 */
export async function templateFormAction({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, editGuid: string | null) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData().catch(() => null)
  if (!form) return data({ values: { name: '', subject: '', body: '' }, errors: { form: translateMessage(context.language, UNREADABLE_TEMPLATE_FORM) } as TemplateFormErrors }, { status: 400 })
  if (form.get('intent') === 'delete' && editGuid !== null) {
    const deleted = await deleteEmailTemplate(context.platform, tenant, editGuid)
    if (!deleted.ok) throw notFound(TEMPLATE_MESSAGES.notFound)
    return redirectWithToast('/settings/templates', { type: 'success', message: deleted.value.message })
  }
  const values = readTemplateForm(form)
  const saved = await saveEmailTemplate(context.platform, tenant, { editGuid, values, now: context.platform.clock.now() })
  if (saved.ok) return redirectWithToast('/settings/templates', { type: 'success', message: saved.value.message })
  if (saved.error === 'not_found') throw notFound(TEMPLATE_MESSAGES.notFound)
  return data({ values, errors: translateMessages(context.language, saved.details.errors) }, { status: 400 })
}
