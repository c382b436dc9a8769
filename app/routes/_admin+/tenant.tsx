import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Trans } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { usePlatformWords } from '#app/components/platform-admin/use-platform-words'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'
import { SearchAsYouType } from '#app/components/ui/search-as-you-type'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { DEFAULT_TENANT_PAGE_SIZE, listAllTenants, readTenantListQuery, setTenantSuspended, TENANT_PAGE_SIZES, type TenantListQuery } from '#server/platform-admin/all-tenants'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Tenants' }]

export const handle: I18nHandle = { i18n: ['platform'] }

/** The platform owner's screen: only the master tenant's admins; on any other tenant it does not exist. */
async function requirePlatformOwner(request: Request, context: LoaderFunctionArgs['context']) {
  const access = await requireAdmin(request, context)
  if (!requireTenant(context).isMaster) throw notFound()
  return access
}

const listHref = (query: TenantListQuery, changes: Partial<TenantListQuery> & { confirm?: string } = {}) => {
  const next = { ...query, ...changes }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.page > 1) params.set('page', String(next.page))
  if (next.size !== DEFAULT_TENANT_PAGE_SIZE) params.set('size', String(next.size))
  if (changes.confirm) params.set('confirm', changes.confirm)
  const search = params.toString()
  return `/tenant${search ? `?${search}` : ''}`
}

/** /tenant: every organisation (search, plan, contacts, created, status) with suspend and reinstate; `?confirm={id}` asks first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePlatformOwner(request, context)
  const params = new URL(request.url).searchParams
  const query = readTenantListQuery(params)
  const page = await listAllTenants(context.platform, tenant, query, context.language)
  const confirmId = params.get('confirm')
  const confirming = confirmId ? (page.tenants.find((each) => each.id === confirmId && !each.isMaster && each.status !== 'Archived') ?? null) : null
  return data({ ...page, confirming, title: tFor(context.language, 'platform')('tenantsTitle') }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePlatformOwner(request, context)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent !== 'suspend' && intent !== 'reinstate') throw notFound()
  const back = typeof form.get('back') === 'string' && String(form.get('back')).startsWith('/tenant') ? String(form.get('back')) : '/tenant'
  const done = await setTenantSuspended(context.platform, { unverifiedId: String(form.get('id') ?? ''), suspend: intent === 'suspend', now: new Date() })
  if (!done.ok && done.error === 'not_found') throw notFound()
  return redirectWithToast(back, done.ok ? { type: 'success', message: done.value.message } : { type: 'error', message: done.message })
}

const STATUS_CLASSES = {
  Active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Suspended: 'bg-amber-50 text-amber-900 ring-amber-200',
  Archived: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const

export default function TenantsRoute() {
  const { tenants, total, query, confirming } = useLoaderData<typeof loader>()
  const pageCount = Math.max(1, Math.ceil(total / query.size))
  const first = total === 0 ? 0 : (query.page - 1) * query.size + 1
  const last = Math.min(total, query.page * query.size)
  const here = listHref(query)
  const { t, locale } = usePlatformWords()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title={t('tenantsTitle')} description={t('tenantsDescription')} />
      <SearchAsYouType
        id="tenant-search"
        label={t('tenantSearchLabel')}
        placeholder={t('tenantSearchPlaceholder')}
        buttonLabel={t('search')}
        defaultValue={query.q}
        debounceMs={300}
        kept={query.size !== DEFAULT_TENANT_PAGE_SIZE ? { size: String(query.size) } : {}}
        action="/tenant"
      />
      <Table label={t('organisations')} minWidth={760}>
        <TableHead>
          <HeaderCell>{t('colOrganisation')}</HeaderCell>
          <HeaderCell>{t('colOrgId')}</HeaderCell>
          <HeaderCell>{t('colPlan')}</HeaderCell>
          <HeaderCell align="end">{t('colContacts')}</HeaderCell>
          <HeaderCell>{t('colCreated')}</HeaderCell>
          <HeaderCell>{t('colStatus')}</HeaderCell>
          <HeaderCell align="end">{t('colAction')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={7} empty={<span>{t('noMatchingRecords')}</span>}>
          {tenants.map((row) => (
            <Row key={row.id} data-tenant-row={row.orgIdText}>
              <Cell className="font-medium text-slate-900">
                {row.name}
                {row.isMaster ? <span className="ml-2 text-xs font-normal text-slate-500">{t('markPlatform')}</span> : row.isFranchise ? <span className="ml-2 text-xs font-normal text-slate-500">{t('markFranchise')}</span> : null}
              </Cell>
              <Cell className="font-mono text-xs text-slate-700">{row.orgIdText}</Cell>
              <Cell className="capitalize">{row.planText}</Cell>
              <Cell align="end" className="tabular-nums">
                {row.contacts.toLocaleString(locale)}
              </Cell>
              <Cell>{row.createdText}</Cell>
              <Cell>
                <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_CLASSES[row.status]}`}>{t(`tenantStatus_${row.status}`)}</span>
              </Cell>
              <Cell align="end">
                {row.isMaster || row.status === 'Archived' ? null : row.status === 'Suspended' ? (
                  <Form method="post" className="inline">
                    <input type="hidden" name="intent" value="reinstate" />
                    <input type="hidden" name="id" value={row.id} />
                    <input type="hidden" name="back" value={here} />
                    <button type="submit" className="text-sm font-medium text-brand-text hover:underline">
                      {t('reinstate')}
                      <span className="sr-only"> {row.name}</span>
                    </button>
                  </Form>
                ) : (
                  <Link to={listHref(query, { confirm: row.id })} preventScrollReset className="text-sm font-medium text-red-700 hover:underline">
                    {t('suspend')}
                    <span className="sr-only"> {row.name}</span>
                  </Link>
                )}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center justify-end gap-4 text-sm text-slate-700">
        <PageSizeForm id="tenant-page-size" sizes={TENANT_PAGE_SIZES} current={query.size} action="/tenant" hiddenFields={query.q ? <input type="hidden" name="q" value={query.q} /> : null} />
        <span>{t('rangeOfTotal', { first, last, total })}</span>
        <PageLinks page={query.page} pageCount={pageCount} hrefOf={(page) => listHref(query, { page })} />
      </div>
      {confirming ? (
        <ConfirmDialog closeTo={here} title={t('suspendTitle')} intent="suspend" yesLabel={t('suspend')} hiddenFields={[['id', confirming.id], ['back', here]]}>
          <p className="text-sm text-slate-700">
            <Trans t={t} i18nKey="suspendQuestion" values={{ name: confirming.name }} components={{ strong: <strong /> }} />
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
