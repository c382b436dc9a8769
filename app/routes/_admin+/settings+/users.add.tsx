import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CONTACT_FORM_MESSAGES, contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { translatedReply } from '#server/contacts/translated-reply'
import { tFor } from '#server/i18n/server-translator'
import { CONTACT_ADDED_MESSAGE, createUser } from '#server/users/create-user'
import { ADD_CONTACT_PATH, CreateContactPage } from '#app/components/contacts/create-contact-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'

/** The Create Contact dialog as a page: where the add-contact button leads without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  return { contactForm: contactFormOptionsFor(tenant.settings), title: tFor(context.language, 'settings')('users_createContact') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: actor } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const { language } = context
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: contactFormSchema(contactFormOptionsFor(tenant.settings)) })
  if (submission.status !== 'success') return data(translatedReply(submission.reply(), language), { status: 400 })
  const result = await createUser({
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
  return redirectWithToast(`/settings/users/${result.value.guid}`, { type: 'success', message: CONTACT_ADDED_MESSAGE })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Create Contact' }]

/** The Create Contact form drawn here speaks the contacts screens' words. */
export const handle: I18nHandle = { i18n: ['settings', 'contacts'] }

export default function AddContactRoute() {
  const { contactForm } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  const { t } = useTranslation('settings')
  return (
    <CreateContactPage options={contactForm} action={ADD_CONTACT_PATH} lastResult={lastResult} cancel={{ href: '/settings/users' }} back={{ href: '/settings/users', label: t('backToUsers') }} />
  )
}
