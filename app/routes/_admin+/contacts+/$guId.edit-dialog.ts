import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { loadContactDialogView, type ContactDialogSaved } from '#server/contacts/contact-dialog-view'
import { contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { CONTACT_UPDATED_MESSAGE } from '#server/contacts/update-contact'
import { notFound } from '#server/errors/responses'
import { requirePermission } from '#app/utils/auth.server'
import { beginContactEdit, saveContactEdit } from '#app/utils/contact-edit-action.server'
import { toastCookieHeader } from '#app/utils/toast.server'
import { translatedReply } from '#server/contacts/translated-reply'
import { translateMessage } from '#server/i18n/translate-message'

// A resource route answers Responses (JSON) both to the dialog's fetchers and to a plain request.

/**
 * The Edit Contact dialog (spec 2.9) opened in place on the contacts list and the profile, once
 * JavaScript runs: GET is the contact's dialog fields (JSON), POST saves them and nothing else.
 * Without JavaScript the Edit links lead to the full page (/contacts/{guId}/edit) instead.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const guId = parseContactGuid(params.guId)
  if (!guId) throw notFound()
  const view = await loadContactDialogView(context.platform.database, tenant, guId)
  if (!view) throw notFound()
  return Response.json(view, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action(args: ActionFunctionArgs) {
  const edit = await beginContactEdit(args)
  const { language } = args.context
  const submission = parseWithZod(edit.formData, { schema: contactFormSchema(contactFormOptionsFor(edit.tenant.settings)) })
  if (submission.status !== 'success') return Response.json(translatedReply(submission.reply(), language), { status: 400 })
  const saved = await saveContactEdit(args, edit, { input: submission.value }, (options) => submission.reply(options))
  if ('refusal' in saved) return Response.json(translatedReply(saved.refusal, language), { status: 400 })
  const answer: ContactDialogSaved = { saved: true, guId: saved.savedGuid }
  // The page behind the dialog reloads its data after the save; its layout shows the toast then.
  return Response.json(answer, { headers: { 'Set-Cookie': toastCookieHeader({ type: 'success', message: translateMessage(language, CONTACT_UPDATED_MESSAGE) }) } })
}
