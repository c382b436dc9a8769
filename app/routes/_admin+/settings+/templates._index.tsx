import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Link, useLoaderData } from '@remix-run/react'
import { Trans } from 'react-i18next'
import { Mail, Plus } from 'lucide-react'
import { DEFAULT_TEMPLATE_PAGE_SIZE, listEmailTemplates, readTemplateListQuery, TEMPLATE_PAGE_SIZES, type TemplateListQuery } from '#server/email-templates/email-templates'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Templates' }]

export const handle: I18nHandle = { i18n: ['templates'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const query = readTemplateListQuery(new URL(request.url).searchParams)
  const list = await listEmailTemplates(context.platform, requireTenant(context), query, context.language)
  return { ...list, size: query.size, title: tFor(context.language, 'templates')('templates') }
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
  const { t } = useTemplatesWords()
  const first = total === 0 ? 0 : (page - 1) * size + 1
  const last = Math.min(total, page * size)
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={t('templates')} backTo="/settings">
        <ButtonLink to="/settings/templates/add" variant="primary">
          <Plus aria-hidden className="h-4 w-4" />
          {t('addTemplate')}
        </ButtonLink>
      </ScreenHeader>
      <p className="-mt-4 text-sm text-slate-600">
        <Trans t={t} i18nKey="templatesIntro" components={{ code: <TemplateName /> }} />
      </p>
      {total === 0 ? (
        <EmptyState icon={Mail} title={t('noTemplates')}>
          {t('noTemplatesText')}
        </EmptyState>
      ) : (
        <>
          <Table label={t('templates')} minWidth={320}>
            <TableHead>
              <HeaderCell>{t('name')}</HeaderCell>
              <HeaderCell>{t('created')}</HeaderCell>
            </TableHead>
            <TableBody columnCount={2} empty={<span>{t('noTemplates')}</span>}>
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

/** A template name the product knows, inside the intro's words (Trans fills in the name). */
function TemplateName({ children }: { children?: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 text-slate-800">{children}</code>
}
