import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Download, Search } from 'lucide-react'
import { loadSubmissionsPage } from '#server/forms/staff-submissions'
import { SUBMISSIONS_PAGE_SIZES } from '#server/forms/list-form-submissions'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { DateText } from '#app/components/ui/date-text'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
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

/** A form's submissions: searched and paged on the server, newest first. */
export default function SubmissionsRoute() {
  const { form, page, search } = useLoaderData<typeof loader>()
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize))
  const linkTo = (target: number) => `?${new URLSearchParams({ search, page: String(target), size: String(page.pageSize) })}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-4 sm:p-6">
      <ScreenHeader title={`${form.name}: submissions`} backTo="/customforms">
        <ButtonLink to={`/customforms/${form.guId}/submissions.csv`} reloadDocument download variant="secondary">
          <Download aria-hidden className="h-4 w-4" /> Export CSV
        </ButtonLink>
      </ScreenHeader>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="submission-search" className="sr-only">Search submissions</label>
        <input id="submission-search" name="search" defaultValue={search} placeholder="Search name, email or phone" className={`min-w-0 flex-1 ${FIELD_INPUT_CLASSES}`} />
        <label htmlFor="submission-size" className="sr-only">Rows per page</label>
        <select id="submission-size" name="size" defaultValue={page.pageSize} className={FIELD_INPUT_CLASSES}>
          {SUBMISSIONS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{size} per page</option>
          ))}
        </select>
        <Button type="submit" variant="primary">
          <Search aria-hidden className="h-4 w-4" /> Search
        </Button>
      </Form>
      <Table label="Submissions">
        <TableHead>
          <HeaderCell>Name</HeaderCell>
          <HeaderCell>Email</HeaderCell>
          <HeaderCell>Phone</HeaderCell>
          <HeaderCell>Signed</HeaderCell>
          <HeaderCell>Submitted</HeaderCell>
        </TableHead>
        <TableBody columnCount={5} empty={search ? 'No matching records found' : 'No Record Found'}>
          {page.items.map((item) => (
            <Row key={item.id}>
              <Cell>
                <Link to={`/customforms/${form.guId}/submissions/${item.id}`} className="font-medium text-slate-900 hover:text-brand">
                  {[item.firstName, item.lastName].filter(Boolean).join(' ') || '(no name)'}
                </Link>
              </Cell>
              <Cell className="text-slate-600">{item.email}</Cell>
              <Cell className="text-slate-600">{item.phone}</Cell>
              <Cell className="text-slate-600">{item.isSigned ? 'Yes' : 'No'}</Cell>
              <Cell className="whitespace-nowrap text-slate-600"><DateText value={item.submitted} /></Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
        <span>
          {page.total} {page.total === 1 ? 'submission' : 'submissions'}, page {page.page} of {pageCount}
        </span>
        <span className="flex gap-2">
          {page.page > 1 ? <ButtonLink to={linkTo(page.page - 1)} variant="secondary" size="sm">Previous</ButtonLink> : null}
          {page.page < pageCount ? <ButtonLink to={linkTo(page.page + 1)} variant="secondary" size="sm">Next</ButtonLink> : null}
        </span>
      </nav>
    </div>
  )
}
