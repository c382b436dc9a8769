import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Mail, Plus } from 'lucide-react'
import { DEFAULT_TEMPLATE_PAGE_SIZE, listEmailTemplates, readTemplateListQuery, TEMPLATE_PAGE_SIZES, type TemplateListQuery } from '#server/email-templates/email-templates'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'

export const meta: MetaFunction = () => [{ title: 'Templates' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const query = readTemplateListQuery(new URL(request.url).searchParams)
  const list = await listEmailTemplates(context.platform, requireTenant(context), query)
  return { ...list, size: query.size }
}

function listHref(query: TemplateListQuery): string {
  const params = new URLSearchParams()
  if (query.page > 1) params.set('page', String(query.page))
  if (query.size !== DEFAULT_TEMPLATE_PAGE_SIZE) params.set('size', String(query.size))
  const text = params.toString()
  return text ? `/settings/templates?${text}` : '/settings/templates'
}

/** Settings > Templates (settings spec, Email templates): the studio's templates, newest first. */
export default function TemplatesRoute() {
  const { rows, total, page, size } = useLoaderData<typeof loader>()
  const first = total === 0 ? 0 : (page - 1) * size + 1
  const last = Math.min(total, page * size)
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title="Templates" backTo="/settings">
        <ButtonLink to="/settings/templates/add" variant="primary">
          <Plus aria-hidden className="h-4 w-4" />
          Add Template
        </ButtonLink>
      </ScreenHeader>
      <p className="-mt-4 text-sm text-slate-600">
        Emails in your own words. A template named <TemplateName>invoice_pending</TemplateName>, <TemplateName>invoice_reminder</TemplateName> or <TemplateName>invoice_failed</TemplateName> is sent in place of
        that invoice email (an invoice you email, a membership payment that is due, late or refused), and <TemplateName>invoice_success</TemplateName> in place of a receipt; the invoice&apos;s lines,
        totals and payment link follow your words.
      </p>
      {total === 0 ? (
        <EmptyState icon={Mail} title="No templates found">
          Add one to write an email with merge tags such as the contact&apos;s first name.
        </EmptyState>
      ) : (
        <>
          <Table label="Templates" minWidth={320}>
            <TableHead>
              <HeaderCell>Name</HeaderCell>
              <HeaderCell>Created</HeaderCell>
            </TableHead>
            <TableBody columnCount={2} empty={<span>No templates found</span>}>
              {rows.map((row) => (
                <Row key={row.guid}>
                  <Cell>
                    <Link to={`/settings/templates/edit/${row.guid}`} className="font-medium text-slate-900 hover:text-brand-text hover:underline">
                      {row.name}
                    </Link>
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{row.createdText}</Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <PageSizeForm id="templates-size" sizes={TEMPLATE_PAGE_SIZES} current={size} action="/settings/templates" hiddenFields={null} />
            <PreviousNextNav
              first={first}
              last={last}
              total={total}
              previousHref={page > 1 ? listHref({ page: page - 1, size }) : null}
              nextHref={last < total ? listHref({ page: page + 1, size }) : null}
            />
          </div>
        </>
      )}
    </div>
  )
}

function TemplateName({ children }: { children: string }) {
  return <code className="rounded bg-slate-100 px-1 text-slate-800">{children}</code>
}
