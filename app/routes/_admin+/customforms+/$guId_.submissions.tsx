import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Download, Search } from 'lucide-react'
import { loadSubmissionsPage } from '#server/forms/staff-submissions'
import { SUBMISSIONS_PAGE_SIZES } from '#server/forms/list-form-submissions'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.form.name}: submissions` : 'Submissions' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const loaded = await loadSubmissionsPage(context.platform, tenant, params.guId ?? '', new URL(request.url).searchParams)
  if (!loaded) throw notFound()
  return loaded
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A form's submissions: searched and paged on the server, newest first. */
export default function SubmissionsRoute() {
  const { form, page, search } = useLoaderData<typeof loader>()
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize))
  const linkTo = (target: number) => `?${new URLSearchParams({ search, page: String(target), size: String(page.pageSize) })}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-4 sm:p-6">
      <ScreenHeader title={`${form.name}: submissions`} backTo="/customforms">
        <a href={`/customforms/${form.guId}/submissions.csv`} className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50" download>
          <Download aria-hidden className="h-4 w-4" /> Export CSV
        </a>
      </ScreenHeader>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="submission-search" className="sr-only">Search submissions</label>
        <input id="submission-search" name="search" defaultValue={search} placeholder="Search name, email or phone" className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm" />
        <label htmlFor="submission-size" className="sr-only">Rows per page</label>
        <select id="submission-size" name="size" defaultValue={page.pageSize} className="rounded-md border border-slate-300 px-2 py-2 text-sm">
          {SUBMISSIONS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{size} per page</option>
          ))}
        </select>
        <button type="submit" className="inline-flex items-center gap-1.5 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">
          <Search aria-hidden className="h-4 w-4" /> Search
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{search ? 'No matching records found' : 'No Record Found'}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">Email</th>
                <th scope="col" className="px-4 py-3">Phone</th>
                <th scope="col" className="px-4 py-3">Signed</th>
                <th scope="col" className="px-4 py-3">Submitted (UTC)</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-3">
                    <Link to={`/customforms/${form.guId}/submissions/${item.id}`} className="font-medium text-slate-900 hover:text-brand">
                      {[item.firstName, item.lastName].filter(Boolean).join(' ') || '(no name)'}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{item.email}</td>
                  <td className="px-4 py-3 text-slate-600">{item.phone}</td>
                  <td className="px-4 py-3 text-slate-600">{item.isSigned ? 'Yes' : 'No'}</td>
                  <td className="px-4 py-3 text-slate-600">{dateFormat.format(new Date(item.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
        <span>
          {page.total} {page.total === 1 ? 'submission' : 'submissions'}, page {page.page} of {pageCount}
        </span>
        <span className="flex gap-2">
          {page.page > 1 ? <Link to={linkTo(page.page - 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5">Previous</Link> : null}
          {page.page < pageCount ? <Link to={linkTo(page.page + 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5">Next</Link> : null}
        </span>
      </nav>
    </div>
  )
}
