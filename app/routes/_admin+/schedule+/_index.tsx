import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { CalendarDays, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { loadClassList } from '#server/catalog/classes/class-views'
import { tFor } from '#server/i18n/server-translator'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { ButtonLink, Button } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireModule, requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Classes')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const showArchived = new URL(request.url).searchParams.get('archived') === '1'
  const classes = await loadClassList(context.platform.database, tenant, { showArchived, now: context.platform.clock.now(), language: context.language })
  return { title: tFor(context.language, 'catalog')('classes'), classes, showArchived }
}

/** The staff list of classes: colour, teacher, room, rules in words and the next session. */
export default function ClassesRoute() {
  const { t } = useTranslation('catalog')
  const { classes, showArchived } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={t('classes')}
        description={t('classesDescription')}
        actions={
          <>
            <Form method="get" className="flex items-center gap-2 text-sm text-slate-700">
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" name="archived" value="1" defaultChecked={showArchived} className="h-4 w-4" /> {t('showArchived')}
              </label>
              <Button type="submit" variant="secondary" size="sm">
                {t('apply')}
              </Button>
            </Form>
            <ButtonLink to="/schedule/new" variant="primary">
              <Plus aria-hidden className="h-4 w-4" /> {t('addClass')}
            </ButtonLink>
          </>
        }
      />
      {classes.length === 0 ? (
        <EmptyState icon={CalendarDays} title={t('noClassesYet')}>
          {t('noClassesHint')}
        </EmptyState>
      ) : (
        <Table label={t('classes')} minWidth={760}>
          <TableHead>
            <HeaderCell>{t('name')}</HeaderCell>
            <HeaderCell>{t('teacher')}</HeaderCell>
            <HeaderCell>{t('room')}</HeaderCell>
            <HeaderCell>{t('schedule')}</HeaderCell>
            <HeaderCell>{t('nextSession')}</HeaderCell>
          </TableHead>
          <TableBody columnCount={5} empty={null}>
            {classes.map((item) => (
              <Row key={item.guid} data-class-row={item.name}>
                <Cell>
                  <span className="flex items-center gap-2">
                    <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-full border border-black/10" style={{ backgroundColor: item.colour ? `#${item.colour}` : '#cbd5e1' }} />
                    <Link to={`/schedule/${item.guid}`} className="font-medium text-slate-900 hover:text-brand-text">
                      {item.name}
                    </Link>
                    {item.isArchived ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t('archived')}</span> : null}
                    {!item.isPublished && !item.isArchived ? <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">{t('hidden')}</span> : null}
                  </span>
                </Cell>
                <Cell className="text-slate-700">{item.teacherName ?? '—'}</Cell>
                <Cell className="text-slate-700">{item.roomName ?? '—'}</Cell>
                <Cell className="text-slate-700">
                  {item.rules.length ? (
                    <ul className="flex flex-col gap-0.5">
                      {item.rules.map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </ul>
                  ) : (
                    t('ended')
                  )}
                </Cell>
                <Cell>
                  {item.nextSession ? (
                    <Link to={item.nextSession.path} className="text-brand-text hover:underline">
                      <time dateTime={item.nextSession.dateTime}>{item.nextSession.text}</time>
                    </Link>
                  ) : (
                    <span className="text-slate-600">{t('none')}</span>
                  )}
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
