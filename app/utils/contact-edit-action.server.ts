import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs } from '@remix-run/node'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { profileContactGuid } from '#server/contacts/profile/profile-contact-exists'
import { updateContact } from '#server/contacts/update-contact'
import { notFound } from '#server/errors/responses'
import { requirePermission, type GuardAccess } from '#app/utils/auth.server'

/**
 * The start of an action that edits a contact (the full Edit Contact page, the Edit Contact
 * dialog): the guard, then this tenant's contact or a 404 before any message about the form
 * (another tenant's contact is not there at all), then the posted form.
 */
export async function beginContactEdit({ request, context, params }: Pick<ActionFunctionArgs, 'request' | 'context' | 'params'>): Promise<GuardAccess & { guId: string; formData: FormData }> {
  const access = await requirePermission(request, context, 'showContacts')
  const guId = await profileContactGuid({ database: context.platform.database, tenant: access.tenant, unverifiedGuid: params.guId })
  if (!guId) throw notFound()
  const formData = await request.formData().catch(() => new FormData())
  return { ...access, guId, formData }
}

/**
 * Saves a checked edit (`updateContact`). A contact gone meanwhile is a 404; an email another
 * contact of the studio has is the email field's message, for the form's 400 answer.
 */
export async function saveContactEdit(
  { context }: Pick<ActionFunctionArgs, 'context'>,
  edit: GuardAccess & { guId: string },
  save: Pick<Parameters<typeof updateContact>[0], 'input' | 'fields' | 'answers'>,
  reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>,
): Promise<{ savedGuid: string } | { refusal: SubmissionResult<string[]> }> {
  const result = await updateContact({ platform: context.platform, tenant: edit.tenant, actorContactId: edit.user.contactId, guId: edit.guId, ...save, ip: context.ip || null })
  if (result.ok) return { savedGuid: result.value.guid }
  if (result.error === 'not_found') throw notFound()
  return { refusal: reply({ fieldErrors: { email: [CONTACT_FORM_MESSAGES.duplicateEmail] } }) }
}
