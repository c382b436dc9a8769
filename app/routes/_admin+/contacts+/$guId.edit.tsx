import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { checkContactCustomAnswers } from '#server/contacts/contact-custom-answers'
import { contactFormOptionsFor, contactProfileSchema } from '#server/contacts/contact-form-schema'
import { loadContactEditView } from '#server/contacts/contact-edit-view'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { CONTACT_UPDATED_MESSAGE } from '#server/contacts/update-contact'
import { notFound } from '#server/errors/responses'
import { ContactEditForm } from '#app/components/contacts/contact-edit-form'
import { screenMeta } from '#app/components/layout/page-title'
import { translatedReply } from '#server/contacts/translated-reply'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { requirePermission } from '#app/utils/auth.server'
import { beginContactEdit, saveContactEdit } from '#app/utils/contact-edit-action.server'
import { redirectWithToast } from '#app/utils/toast.server'

/** The full Edit Contact page: every field of the contact and its custom field values. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const guId = parseContactGuid(params.guId)
  if (!guId) throw notFound()
  const view = await loadContactEditView(context.platform.database, tenant, guId)
  if (!view) throw notFound()
  return { ...view, title: tFor(context.language, 'contacts')('editContact') }
}

export async function action(args: ActionFunctionArgs) {
  const edit = await beginContactEdit(args)
  const { tenant, formData } = edit
  const { language } = args.context
  const submission = parseWithZod(formData, { schema: contactProfileSchema(contactFormOptionsFor(tenant.settings)) })
  const custom = await checkContactCustomAnswers(args.context.platform.database, tenant, formData)
  const customErrors = custom.errors

  if (submission.status !== 'success' || Object.keys(customErrors).length > 0) {
    // reply() keeps the schema's messages and adds the custom fields' beside them.
    return data(translatedReply(submission.reply({ fieldErrors: customErrors }), language), { status: 400 })
  }
  const saved = await saveContactEdit(args, edit, { input: submission.value, fields: custom.fields, answers: custom.answers }, (options) => submission.reply(options))
  if ('refusal' in saved) return data(translatedReply(saved.refusal, language), { status: 400 })
  return redirectWithToast(`/contacts/${saved.savedGuid}/detail`, { type: 'success', message: translateMessage(language, CONTACT_UPDATED_MESSAGE) })
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Edit Contact')

export const handle: I18nHandle = { i18n: ['contacts'] }

export default function EditContactRoute() {
  const view = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={`/contacts/${view.guId}/detail`} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backTo', { name: view.fullName })}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div>
          <h1 className="text-2xl font-semibold">{t('editContact')}</h1>
          <p className="text-sm text-slate-600">{view.fullName}</p>
        </div>
      </header>
      <ContactEditForm
        guId={view.guId}
        values={view.values}
        customInputs={view.customInputs}
        options={view.options}
        suggestions={view.suggestions}
        lastResult={lastResult}
      />
    </div>
  )
}
