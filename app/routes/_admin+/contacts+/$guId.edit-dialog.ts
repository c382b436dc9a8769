import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { loadContactDialogView } from '#server/contacts/contact-dialog-view'
import { CONTACT_FORM_MESSAGES, contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { profileContactGuid } from '#server/contacts/profile/profile-contact-exists'
import { CONTACT_UPDATED_MESSAGE, updateContact } from '#server/contacts/update-contact'
import { notFound } from '#server/errors/responses'
import { requirePermission } from '#app/utils/auth.server'
import { toastCookieHeader } from '#app/utils/toast.server'

/** What a saved dialog answers: the page it was opened on reloads its data and closes it. */
export interface ContactDialogSaved {
  saved: true
  guId: string
}

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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user: actor, tenant } = await requirePermission(request, context, 'showContacts')
  // Another tenant's contact is not there at all: a 404 before any message about the form.
  const guId = await profileContactGuid({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!guId) throw notFound()
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: contactFormSchema(contactFormOptionsFor(tenant.settings)) })
  if (submission.status !== 'success') return Response.json(submission.reply(), { status: 400 })
  const result = await updateContact({
    platform: context.platform,
    tenant,
    actorContactId: actor.contactId,
    guId,
    input: submission.value,
    ip: context.ip || null,
  })
  if (!result.ok) {
    if (result.error === 'not_found') throw notFound()
    return Response.json(submission.reply({ fieldErrors: { email: [CONTACT_FORM_MESSAGES.duplicateEmail] } }), { status: 400 })
  }
  const saved: ContactDialogSaved = { saved: true, guId: result.value.guid }
  // The page behind the dialog reloads its data after the save; its layout shows the toast then.
  return Response.json(saved, { headers: { 'Set-Cookie': toastCookieHeader({ type: 'success', message: CONTACT_UPDATED_MESSAGE }) } })
}
