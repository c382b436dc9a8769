import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigate } from '@remix-run/react'
import { CheckCircle2, LayoutTemplate, Plus } from 'lucide-react'
import { DEFAULT_WIDGET_PAGE_SIZE, listWidgets, readWidgetListQuery, WIDGET_PAGE_SIZES, type WidgetListQuery } from '#server/widgets/widgets'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { SearchAsYouType } from '#app/components/ui/search-as-you-type'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Widgets' }]

export const handle: I18nHandle = { i18n: ['templates'] }

/** Settings spec: "Search debounce: ... widgets list 300 ms". */
const SEARCH_DEBOUNCE_MS = 300

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const query = readWidgetListQuery(new URL(request.url).searchParams)
  const list = await listWidgets(context.platform, requireTenant(context), query, context.language)
  return { ...list, q: query.q, size: query.size, title: tFor(context.language, 'templates')('widgets') }
}

function listHref(query: WidgetListQuery): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.page > 1) params.set('page', String(query.page))
  if (query.size !== DEFAULT_WIDGET_PAGE_SIZE) params.set('size', String(query.size))
  const text = params.toString()
  return text ? `/settings/widgets?${text}` : '/settings/widgets'
}

/** Settings > Widgets (settings spec, Widgets): the studio's widgets by name, searchable, paged by 50. */
export default function WidgetsRoute() {
  const { rows, total, all, page, q, size } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const { t } = useTemplatesWords()
  const first = total === 0 ? 0 : (page - 1) * size + 1
  const last = Math.min(total, page * size)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={t('widgetsWithCount', { all })} backTo="/settings">
        <ButtonLink to="/settings/widgets/new" variant="primary">
          <Plus aria-hidden className="h-4 w-4" />
          {t('newWidget')}
        </ButtonLink>
      </ScreenHeader>
      <p className="-mt-4 text-sm text-slate-600">
        {t('widgetsIntro')}
      </p>
      {all === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title={t('noWidgets')}
          action={
            <ButtonLink to="/settings/widgets/new" variant="primary">
              {t('newWidget')}
            </ButtonLink>
          }
        >
          {t('noWidgetsText')}
        </EmptyState>
      ) : (
        <>
          <WidgetSearch q={q} size={size} />
          <Table label={t('widgets')} minWidth={560}>
            <TableHead>
              <HeaderCell>{t('name')}</HeaderCell>
              <HeaderCell>{t('type')}</HeaderCell>
              <HeaderCell>{t('published')}</HeaderCell>
              <HeaderCell>{t('updated')}</HeaderCell>
            </TableHead>
            <TableBody columnCount={4} empty={<span>{t('noMatchingRecords')}</span>}>
              {rows.map((row) => (
                <Row key={row.guid} className="cursor-pointer" onClick={() => navigate(`/settings/widgets/${row.guid}`)}>
                  <Cell>
                    <Link to={`/settings/widgets/${row.guid}`} className="font-medium text-slate-900 hover:text-brand-text hover:underline" onClick={(event) => event.stopPropagation()}>
                      {row.name}
                    </Link>
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{t(`widgetType_${row.type}` as const)}</Cell>
                  <Cell className="whitespace-nowrap">
                    {row.isPublished ? (
                      <span className="inline-flex items-center gap-1.5 text-emerald-800">
                        <CheckCircle2 aria-hidden className="h-4 w-4" />
                        <span className="sr-only">{`${t('published')} `}</span>
                        {row.publishedText}
                      </span>
                    ) : (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('notPublished')}</span>
                    )}
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{row.updatedText}</Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <PageSizeForm id="widgets-size" sizes={WIDGET_PAGE_SIZES} current={size} action="/settings/widgets" hiddenFields={q ? <input type="hidden" name="q" value={q} /> : null} />
            <PreviousNextNav
              first={first}
              last={last}
              total={total}
              previousHref={page > 1 ? listHref({ q, page: page - 1, size }) : null}
              nextHref={last < total ? listHref({ q, page: page + 1, size }) : null}
            />
          </div>
        </>
      )}
    </div>
  )
}

/** The name search: a GET form (Search without JavaScript); with it, it applies 300 ms after the last key. */
function WidgetSearch({ q, size }: { q: string; size: number }) {
  const { t } = useTemplatesWords()
  return (
    <SearchAsYouType
      id="widgets-search"
      label={t('searchWidgetsByName')}
      placeholder={t('searchByName')}
      buttonLabel={t('search')}
      defaultValue={q}
      debounceMs={SEARCH_DEBOUNCE_MS}
      kept={size !== DEFAULT_WIDGET_PAGE_SIZE ? { size: String(size) } : {}}
      action="/settings/widgets"
      inputClassName="w-60"
    />
  )
}
