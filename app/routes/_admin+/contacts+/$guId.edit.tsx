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
  return view
}

export async function action(args: ActionFunctionArgs) {
  const edit = await beginContactEdit(args)
  const { tenant, formData } = edit
  const submission = parseWithZod(formData, { schema: contactProfileSchema(contactFormOptionsFor(tenant.settings)) })
  const custom = await checkContactCustomAnswers(args.context.platform.database, tenant, formData)
  const customErrors = custom.errors

  if (submission.status !== 'success' || Object.keys(customErrors).length > 0) {
    // reply() keeps the schema's messages and adds the custom fields' beside them.
    return data(submission.reply({ fieldErrors: customErrors }), { status: 400 })
  }
  const saved = await saveContactEdit(args, edit, { input: submission.value, fields: custom.fields, answers: custom.answers }, (options) => submission.reply(options))
  if ('refusal' in saved) return data(saved.refusal, { status: 400 })
  return redirectWithToast(`/contacts/${saved.savedGuid}/detail`, { type: 'success', message: CONTACT_UPDATED_MESSAGE })
}

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Edit Contact')

export default function EditContactRoute() {
  const view = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={`/contacts/${view.guId}/detail`} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={`Back to ${view.fullName}`}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div>
          <h1 className="text-2xl font-semibold">Edit Contact</h1>
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
