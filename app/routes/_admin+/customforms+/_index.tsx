import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Eye, FileText, Plus } from 'lucide-react'
import { hasPermission } from '#server/auth/permissions'
import { loadFormsList, togglePublished } from '#server/forms/forms-list'
import { formTypeLabel } from '#server/forms/form-types'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction = () => [{ title: 'Forms' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStaff(request, context)
  requireModule(context, 'forms')
  // Submissions are contact data: only roles that may see contacts get the link (decision 056).
  const showsSubmissions = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  return { forms: await loadFormsList(context.platform, tenant), showsSubmissions }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const form = await request.formData().catch(() => null)
  const outcome = await togglePublished(context.platform, tenant, {
    guId: String(form?.get('guId') ?? ''),
    publish: form?.get('intent') === 'publish',
  })
  if (!outcome) throw notFound()
  return redirectWithToast('/customforms', { type: 'success', message: outcome })
}

/** Staff list of forms: a green dot marks those visitors see on the public site. */
export default function CustomFormsRoute() {
  const { forms, showsSubmissions } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Forms</h1>
        <Link to="/customforms/new" className="ml-auto inline-flex items-center gap-1.5 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          <Plus aria-hidden className="h-4 w-4" /> Add Form
        </Link>
      </header>
      <p className="text-sm text-slate-600">
        <span aria-hidden className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full bg-green-500" />
        All Form with a green dot are visible in public view.
      </p>
      {forms.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No forms yet. Add your first registration form.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">Type</th>
                <th scope="col" className="px-4 py-3 text-right">Fields</th>
                <th scope="col" className="px-4 py-3 text-right">Submissions</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {forms.map((form) => (
                <tr key={form.guId}>
                  <td className="px-4 py-3">
                    <span
                      aria-label={form.isPublished ? 'Published' : 'Private'}
                      title={form.isPublished ? 'Published: visible in public view' : 'Private'}
                      className={`mr-2 inline-block h-2.5 w-2.5 rounded-full ${form.isPublished ? 'bg-green-500' : 'bg-slate-300'}`}
                    />
                    <Link to={`/customforms/${form.guId}`} className="font-medium text-slate-900 hover:text-brand">
                      {form.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{formTypeLabel(form.formType)}</td>
                  <td className="px-4 py-3 text-right text-slate-600">{form.fieldCount}</td>
                  <td className="px-4 py-3 text-right">
                    {showsSubmissions ? (
                      <Link to={`/customforms/${form.guId}/submissions`} className="inline-flex items-center gap-1 text-brand hover:underline">
                        <FileText aria-hidden className="h-4 w-4" /> {form.submissionCount}
                      </Link>
                    ) : (
                      <span className="inline-flex items-center gap-1">
                        <FileText aria-hidden className="h-4 w-4" /> {form.submissionCount}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <a href={`/introductory/${form.guId}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50">
                        <Eye aria-hidden className="h-3.5 w-3.5" /> Preview
                      </a>
                      <Form method="post">
                        <input type="hidden" name="guId" value={form.guId} />
                        <button
                          type="submit"
                          name="intent"
                          value={form.isPublished ? 'unpublish' : 'publish'}
                          className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                        >
                          {form.isPublished ? 'Unpublish' : 'Publish'}
                        </button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
