import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CONTACT_FORM_MESSAGES, contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { CONTACT_CREATED_MESSAGE, createContact } from '#server/contacts/create-contact'
import { CreateContactPage, NEW_CONTACT_PATH } from '#app/components/contacts/create-contact-form'
import { screenMeta } from '#app/components/layout/page-title'
import { translatedReply } from '#server/contacts/translated-reply'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

/** The contacts list's Create Contact dialog (spec 2.9) as a page: where the button leads without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  return { title: tFor(context.language, 'contacts')('createContact'), contactForm: contactFormOptionsFor(tenant.settings) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: actor, tenant } = await requirePermission(request, context, 'showContacts')
  const { language } = context
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: contactFormSchema(contactFormOptionsFor(tenant.settings)) })
  if (submission.status !== 'success') return data(translatedReply(submission.reply(), language), { status: 400 })
  const result = await createContact({
    platform: context.platform,
    tenant,
    actorContactId: actor.contactId,
    input: submission.value,
    ip: context.ip || null,
  })
  if (!result.ok && result.error === 'forbidden') return data(translatedReply(submission.reply({ formErrors: [result.message ?? ''] }), language), { status: 400 })
  if (!result.ok) {
    return data(translatedReply(submission.reply({ fieldErrors: { email: [CONTACT_FORM_MESSAGES.duplicateEmail] } }), language), { status: 400 })
  }
  return redirectWithToast(`/contacts/${result.value.guid}/detail`, { type: 'success', message: translateMessage(language, CONTACT_CREATED_MESSAGE) })
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Create Contact')

export const handle: I18nHandle = { i18n: ['contacts'] }

export default function NewContactRoute() {
  const { contactForm } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  const { t } = useContactsWords()
  return (
    <CreateContactPage options={contactForm} action={NEW_CONTACT_PATH} lastResult={lastResult} cancel={{ href: '/contacts' }} back={{ href: '/contacts', label: t('backToContacts') }} />
  )
}
