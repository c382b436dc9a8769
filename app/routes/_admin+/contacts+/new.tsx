import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { CONTACT_FORM_MESSAGES, contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { CONTACT_CREATED_MESSAGE, createContact } from '#server/contacts/create-contact'
import { CreateContactPageForm, NEW_CONTACT_PATH } from '#app/components/contacts/create-contact-form'
import { screenMeta } from '#app/components/layout/page-title'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

/** The contacts list's Create Contact dialog (spec 2.9) as a page: where the button leads without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  return { contactForm: contactFormOptionsFor(tenant.settings) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: actor, tenant } = await requirePermission(request, context, 'showContacts')
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: contactFormSchema(contactFormOptionsFor(tenant.settings)) })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const result = await createContact({
    database: context.platform.database,
    tenant,
    actorContactId: actor.contactId,
    input: submission.value,
    ip: context.ip || null,
  })
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { email: [CONTACT_FORM_MESSAGES.duplicateEmail] } }), { status: 400 })
  }
  return redirectWithToast(`/contacts/${result.value.guid}/detail`, { type: 'success', message: CONTACT_CREATED_MESSAGE })
}

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Create Contact')

export default function NewContactRoute() {
  const { contactForm } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  return (
    <div className="mx-auto flex max-w-[590px] flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to="/contacts" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label="Back to contacts">
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold">Create Contact</h1>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <CreateContactPageForm options={contactForm} action={NEW_CONTACT_PATH} lastResult={lastResult} cancel={{ href: '/contacts' }} />
      </div>
    </div>
  )
}
