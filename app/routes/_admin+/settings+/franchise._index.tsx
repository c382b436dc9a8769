import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { Plus, RotateCcw, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { FRANCHISE_PAGE_SIZES, franchiseListHref, parseFranchiseListQuery } from '#server/franchises/franchise-list-query'
import { listFranchisePage, loadFranchise } from '#server/franchises/franchises'
import { DeleteFranchiseDialog } from '#app/components/franchises/delete-franchise-dialog'
import { FranchiseSearch } from '#app/components/franchises/franchise-search'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'
import { Skeleton } from '#app/components/ui/skeleton'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { franchiseFormAction } from '#app/utils/franchise-form-action.server'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { listArchivedFranchises, restoreFranchise } from '#server/franchises/archived-franchises'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Franchise' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/** Settings > Franchise: the master's franchises; `?delete={guid}` asks before deleting one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const search = new URL(request.url).searchParams
  const query = parseFranchiseListQuery(search)
  const toDelete = search.get('delete')
  const [list, deleting, archived] = await Promise.all([
    listFranchisePage(context.platform, tenant, query, context.language),
    toDelete ? loadFranchise(context.platform, tenant, toDelete) : Promise.resolve(null),
    listArchivedFranchises(context.platform, tenant, new Date(), context.language),
  ])
  return { ...list, deleting: deleting ? { guid: deleting.guid } : null, archived, title: tFor(context.language, 'settings')('franchiseTitle') }
}

/** Delete (the list's dialog), or Restore a franchise deleted within 30 days. */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData().catch(() => null)
  if (form?.get('intent') !== 'restore') return franchiseFormAction(args, null, { deleteOnly: true })
  const { tenant } = await requireFranchiseManager(args.request, args.context)
  const restored = await restoreFranchise(args.context.platform, tenant, String(form.get('guid') ?? ''), new Date())
  if (!restored.ok) throw notFound(translateMessage(args.context.language, restored.message))
  return redirectWithToast('/settings/franchise', { type: 'success', message: restored.value.message })
}

export default function FranchiseListRoute() {
  const { rows, total, pageCount, query, deleting, archived } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  // A search or page change on this list shows placeholder rows until the new page arrives.
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/settings/franchise' && navigation.formMethod !== 'POST'
  const first = total === 0 ? 0 : (query.page - 1) * query.size + 1
  const last = Math.min(total, query.page * query.size)
  const here = franchiseListHref(query)
  const deleteHref = (guid: string) => `${here}${here.includes('?') ? '&' : '?'}delete=${guid}`
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={t('franchiseTitle')} backTo="/settings">
        <ButtonLink to="/settings/franchise/push" variant="secondary">
          {t('pushSettings')}
        </ButtonLink>
        <ButtonLink to="/settings/franchise/new" variant="primary">
          <Plus aria-hidden className="h-4 w-4" />
          {t('addFranchise')}
        </ButtonLink>
      </ScreenHeader>
      <FranchiseSearch query={query} />
      <div aria-busy={loading || undefined}>
        <Table label={t('franchisesTable')} minWidth={280}>
          <TableHead>
            <HeaderCell className="px-3! sm:px-4!">{t('colOrgId')}</HeaderCell>
            <HeaderCell className="px-2! sm:px-4!">{t('colCreatedDate')}</HeaderCell>
            <HeaderCell align="end" className="px-2! sm:px-4!">
              {t('colAction')}
            </HeaderCell>
          </TableHead>
          <TableBody columnCount={3} empty={<span>{t('noMatchingRecords')}</span>}>
            {loading
              ? Array.from({ length: Math.min(query.size, Math.max(rows.length, 3)) }, (_, index) => (
                  <Row key={`skeleton-${index}`}>
                    <Cell>
                      <Skeleton className="h-4 w-40" />
                    </Cell>
                    <Cell>
                      <Skeleton className="h-4 w-20" />
                    </Cell>
                    <Cell>
                      <Skeleton className="ml-auto h-4 w-8" />
                    </Cell>
                  </Row>
                ))
              : rows.map((row) => (
                  <Row key={row.guid}>
                    <Cell className="px-3! sm:px-4!">
                      <Link to={`/settings/franchise/edit/${row.guid}`} className="font-medium text-slate-900 hover:text-brand-text hover:underline">
                        {row.orgId} ({row.tenantId})
                      </Link>
                      <span className="block text-xs text-slate-600">{row.name}</span>
                    </Cell>
                    <Cell className="px-2! whitespace-nowrap text-slate-700 sm:px-4!">{row.dateCreatedStr}</Cell>
                    <Cell align="end" className="px-2! sm:px-4!">
                      <Link
                        to={deleteHref(row.guid)}
                        preventScrollReset
                        aria-label={t('deleteOrg', { orgId: row.orgId })}
                        className="inline-flex rounded-full p-2 text-red-700 hover:bg-red-50"
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </Link>
                    </Cell>
                  </Row>
                ))}
          </TableBody>
        </Table>
        {loading ? (
          <p role="status" className="sr-only">
            {t('loadingFranchises')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-4 px-1 text-sm text-slate-600">
        <PageSizeForm
          id="franchise-page-size"
          sizes={FRANCHISE_PAGE_SIZES}
          current={query.size}
          action="/settings/franchise"
          hiddenFields={query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        />
        <span aria-live="polite">
          {t('rangeOfTotal', { first, last, total })}
        </span>
        <PageLinks page={query.page} pageCount={pageCount} hrefOf={(page) => franchiseListHref(query, { page })} />
      </div>
      {archived.length > 0 ? (
        <section aria-labelledby="deleted-franchises" className="flex flex-col gap-2">
          <h2 id="deleted-franchises" className="text-base font-semibold text-slate-900">
            {t('deletedFranchises')}
          </h2>
          <p className="text-sm text-slate-600">{t('deletedFranchisesHint')}</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {archived.map((franchise) => (
              <li key={franchise.guid} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-deleted-franchise={franchise.orgId}>
                <span className="min-w-0 text-sm">
                  <span className="font-medium text-slate-900">{franchise.name}</span> <span className="font-mono text-xs text-slate-500">{franchise.orgId}</span>
                  <span className="block text-xs text-slate-600">
                    {t('deletedOn', { deleted: franchise.deletedText, until: franchise.restoreUntilText })}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="guid" value={franchise.guid} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={t('restoreOrg', { orgId: franchise.orgId })}>
                    <RotateCcw aria-hidden className="h-4 w-4" />
                    {t('restore')}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {deleting ? <DeleteFranchiseDialog closeTo={here} guid={deleting.guid} /> : null}
    </div>
  )
}
