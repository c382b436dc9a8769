import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Download, Search } from 'lucide-react'
import { loadSubmissionsPage } from '#server/forms/staff-submissions'
import { SUBMISSIONS_PAGE_SIZES } from '#server/forms/list-form-submissions'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { DateText } from '#app/components/ui/date-text'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Submissions' }]

// ScreenHeader and SchemaForm take their own words (Back, Cancel, the widgets') from 'settings'.
export const handle: I18nHandle = { i18n: ['formbuilder', 'settings'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const loaded = await loadSubmissionsPage(context.platform, tenant, params.guId ?? '', new URL(request.url).searchParams, context.language)
  if (!loaded) throw notFound()
  return { ...loaded, title: formbuilderWords(context.language)('submissionsTitle', { name: loaded.form.name }) }
}

/** A form's submissions: searched and paged on the server, newest first. */
export default function SubmissionsRoute() {
  const { form, page, search } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize))
  const linkTo = (target: number) => `?${new URLSearchParams({ search, page: String(target), size: String(page.pageSize) })}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('submissionsTitle', { name: form.name })} backTo="/customforms">
        <ButtonLink to={`/customforms/${form.guId}/submissions.csv`} reloadDocument download variant="secondary">
          <Download aria-hidden className="h-4 w-4" /> {t('exportCsv')}
        </ButtonLink>
      </ScreenHeader>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="submission-search" className="sr-only">{t('searchSubmissions')}</label>
        <input id="submission-search" name="search" defaultValue={search} placeholder={t('searchPlaceholder')} className={`min-w-0 flex-1 ${FIELD_INPUT_CLASSES}`} />
        <label htmlFor="submission-size" className="sr-only">{t('rowsPerPage')}</label>
        <select id="submission-size" name="size" defaultValue={page.pageSize} className={FIELD_INPUT_CLASSES}>
          {SUBMISSIONS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{t('perPage', { size })}</option>
          ))}
        </select>
        <Button type="submit" variant="primary">
          <Search aria-hidden className="h-4 w-4" /> {t('search')}
        </Button>
      </Form>
      <Table label={t('submissions')}>
        <TableHead>
          <HeaderCell>{t('colName')}</HeaderCell>
          <HeaderCell>{t('colEmail')}</HeaderCell>
          <HeaderCell>{t('colPhone')}</HeaderCell>
          <HeaderCell>{t('colSigned')}</HeaderCell>
          <HeaderCell>{t('colSubmitted')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={5} empty={search ? t('noMatchingRecords') : t('noRecordFound')}>
          {page.items.map((item) => (
            <Row key={item.id}>
              <Cell>
                <Link to={`/customforms/${form.guId}/submissions/${item.id}`} className="font-medium text-slate-900 hover:text-brand">
                  {[item.firstName, item.lastName].filter(Boolean).join(' ') || t('noName')}
                </Link>
              </Cell>
              <Cell className="text-slate-600">{item.email}</Cell>
              <Cell className="text-slate-600">{item.phone}</Cell>
              <Cell className="text-slate-600">{item.isSigned ? t('yes') : t('no')}</Cell>
              <Cell className="whitespace-nowrap text-slate-600"><DateText value={item.submitted} /></Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between text-sm text-slate-600">
        <span>{t('pageSummary', { count: page.total, page: page.page, pages: pageCount })}</span>
        <span className="flex gap-2">
          {page.page > 1 ? <ButtonLink to={linkTo(page.page - 1)} variant="secondary" size="sm">{t('previous')}</ButtonLink> : null}
          {page.page < pageCount ? <ButtonLink to={linkTo(page.page + 1)} variant="secondary" size="sm">{t('next')}</ButtonLink> : null}
        </span>
      </nav>
    </div>
  )
}
