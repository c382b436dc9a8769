import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Download, Search } from 'lucide-react'
import { tenantToday } from '#server/dates/tenant-today'
import { NAMED_SALES_PERIODS, namedSalesPeriod, salesPeriodText } from '#server/reports/sales-period'
import { DEFAULT_SALES_PAGE_SIZE, parseSalesReportQuery, SALES_CSV_PATH, SALES_PAGE_SIZES, SALES_REPORT_PATH, salesReportSearch, type SalesReportQuery } from '#server/reports/sales-query'
import { loadSalesReport, type CurrencyTotals, type MoneyTotals } from '#server/reports/sales-report'
import { CARD_PROVIDERS, LEDGER_METHODS, PROVIDER_LABELS, type TransactionStatusText } from '#server/reports/sales-words'
import { periodLabelsIn } from '#server/reports/sales-words-in'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { useBillingWords } from '#app/components/invoices/use-billing-words'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { DateText } from '#app/components/ui/date-text'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireStaffArea } from '#app/utils/navigation.server'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Sales')

export const handle: I18nHandle = { i18n: ['billing'] }

/** /reports/sales: money taken, given back and refused in a period, with its totals (a GET filter form, server paging). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const today = tenantToday(context.platform, tenant)
  const { language } = context
  const { query, problem } = parseSalesReportQuery(new URL(request.url).searchParams, today)
  const report = await loadSalesReport({ database: context.platform.database, tenant, query, language })
  const shown: SalesReportQuery = { ...query, page: report.page }
  const periodLabels = periodLabelsIn(language)
  return {
    title: tFor(language, 'billing')('sales'),
    query: shown,
    problem: problem === null ? null : translateMessage(language, problem),
    periodText: salesPeriodText(query.period, language, periodLabels),
    presets: NAMED_SALES_PERIODS.map((kind) => ({
      kind,
      label: periodLabels[kind],
      href: `${SALES_REPORT_PATH}${salesReportSearch(shown, { period: namedSalesPeriod(kind, today), page: 1 })}`,
      current: query.period.kind === kind,
    })),
    csvHref: `${SALES_CSV_PATH}${salesReportSearch(shown, {}, { paging: false })}`,
    totals: report.totals,
    rows: report.rows,
    total: report.total,
    pageCount: report.pageCount,
  }
}

export default function SalesReportRoute() {
  const { query, problem, periodText, presets, csvHref, totals, rows, total, pageCount } = useLoaderData<typeof loader>()
  const { t, locale } = useBillingWords()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <PageHeader
        title={t('sales')}
        description={t('salesDescription')}
        actions={
          <ButtonLink to={csvHref} reloadDocument download variant="secondary">
            <Download aria-hidden className="h-4 w-4" />
            {t('exportCsv')}
          </ButtonLink>
        }
      />
      <section aria-label={t('periodAndFilters')} className="flex flex-col gap-3">
        <nav aria-label={t('period')} className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Link
              key={preset.kind}
              to={preset.href}
              aria-current={preset.current ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text ${
                preset.current ? 'border-brand bg-brand text-on-brand' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {preset.label}
            </Link>
          ))}
        </nav>
        <SalesFilterForm query={query} />
        {problem ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {problem}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {t('showing')}{' '}
          <span data-period className="font-medium text-slate-900">
            {periodText}
          </span>
        </p>
      </section>

      {totals.map((currencyTotals) => (
        <PeriodTotals key={currencyTotals.currency} totals={currencyTotals} several={totals.length > 1} />
      ))}

      <div>
        <Table caption={t('transactions')} hideCaption minWidth={880}>
          <TableHead>
            <HeaderCell>{t('columnDate')}</HeaderCell>
            <HeaderCell>{t('columnInvoice')}</HeaderCell>
            <HeaderCell>{t('columnContact')}</HeaderCell>
            <HeaderCell>{t('columnItems')}</HeaderCell>
            <HeaderCell>{t('method')}</HeaderCell>
            <HeaderCell align="end">{t('amount')}</HeaderCell>
            <HeaderCell>{t('status')}</HeaderCell>
          </TableHead>
          <TableBody columnCount={7} empty={t('noRecordFound')}>
            {rows.map((row) => (
              <Row key={row.id} data-sale-row={row.status}>
                <Cell className="whitespace-nowrap text-slate-700">
                  <DateText value={row.date} />
                </Cell>
                <Cell className="whitespace-nowrap">
                  <Link to={row.invoice.path} className="font-medium text-brand-text hover:underline">
                    {row.invoice.numberText}
                  </Link>
                </Cell>
                <Cell>
                  <Link to={row.contact.path} className="text-slate-900 hover:text-brand-text hover:underline">
                    {row.contact.name}
                  </Link>
                </Cell>
                <Cell className="max-w-xs text-slate-700">{row.items}</Cell>
                <Cell className="whitespace-nowrap text-slate-700">{row.methodText}</Cell>
                <Cell align="end" className={`whitespace-nowrap tabular-nums ${row.amountMinor < 0 ? 'text-red-700' : 'text-slate-900'}`}>
                  {row.amountText}
                </Cell>
                <Cell>
                  <StatusChip status={row.status} />
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
        <SalesPagination query={query} total={total} pageCount={pageCount} />
      </div>
      {/* Said to a screen reader after each change of period or filter. */}
      <p className="sr-only" aria-live="polite">
        {t('transactionsInPeriod', { count: total, number: total.toLocaleString(locale), period: periodText })}
      </p>
    </div>
  )
}

/** From and to days, the way it was paid and the provider: a GET form, so it works without JavaScript. */
function SalesFilterForm({ query }: { query: SalesReportQuery }) {
  const { t } = useBillingWords()
  return (
    <Form method="get" action={SALES_REPORT_PATH} className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sales-from" className="text-sm font-medium text-slate-700">
          {t('from')}
        </label>
        <input id="sales-from" type="date" name="from" defaultValue={query.period.from} key={`from-${query.period.from}`} className={FIELD_INPUT_CLASSES} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sales-to" className="text-sm font-medium text-slate-700">
          {t('to')}
        </label>
        <input id="sales-to" type="date" name="to" defaultValue={query.period.to} key={`to-${query.period.to}`} className={FIELD_INPUT_CLASSES} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sales-method" className="text-sm font-medium text-slate-700">
          {t('method')}
        </label>
        <select id="sales-method" name="method" defaultValue={query.method ?? ''} key={`method-${query.method ?? ''}`} className={FIELD_INPUT_CLASSES}>
          <option value="">{t('all')}</option>
          {LEDGER_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`saleMethod_${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sales-provider" className="text-sm font-medium text-slate-700">
          {t('provider')}
        </label>
        <select id="sales-provider" name="provider" defaultValue={query.provider ?? ''} key={`provider-${query.provider ?? ''}`} className={FIELD_INPUT_CLASSES}>
          <option value="">{t('all')}</option>
          {CARD_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {PROVIDER_LABELS[provider]}
            </option>
          ))}
        </select>
      </div>
      {query.pageSize !== DEFAULT_SALES_PAGE_SIZE ? <input type="hidden" name="size" value={query.pageSize} /> : null}
      <Button type="submit" variant="secondary">
        <Search aria-hidden className="h-4 w-4" /> {t('applyFilters')}
      </Button>
    </Form>
  )
}

/** Taken, refunded and net for the period, then the same by item type and by provider. */
function PeriodTotals({ totals, several }: { totals: CurrencyTotals; several: boolean }) {
  const { t } = useBillingWords()
  const name = several ? t('totalsIn', { currency: totals.currency }) : t('totals')
  return (
    <section aria-label={name} data-totals={totals.currency} className="flex flex-col gap-3">
      {several ? <h2 className="text-sm font-semibold text-slate-900">{name}</h2> : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label={t('taken')} value={totals.overall.takenText} name="taken" />
        <Stat label={t('refunded')} value={totals.overall.refundedText} name="refunded" />
        <Stat label={t('net')} value={totals.overall.netText} name="net" />
      </ul>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <BreakdownTable caption={t('byItemType')} heading={t('itemType')} lines={totals.byItemType.map((line) => ({ key: line.itemType, label: line.label, totals: line }))} />
        <BreakdownTable caption={t('byProvider')} heading={t('provider')} lines={totals.byChannel.map((line) => ({ key: line.key, label: line.label, totals: line }))} />
      </div>
    </section>
  )
}

function Stat({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-total={name}>
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-xl font-semibold tabular-nums text-slate-900">{value}</span>
    </li>
  )
}

function BreakdownTable({ caption, heading, lines }: { caption: string; heading: string; lines: Array<{ key: string; label: string; totals: MoneyTotals }> }) {
  const { t } = useBillingWords()
  return (
    <Table caption={caption} minWidth={320}>
      <TableHead>
        <HeaderCell>{heading}</HeaderCell>
        <HeaderCell align="end">{t('taken')}</HeaderCell>
        <HeaderCell align="end">{t('refunded')}</HeaderCell>
        <HeaderCell align="end">{t('net')}</HeaderCell>
      </TableHead>
      <TableBody columnCount={4} empty={t('nothingTakenInPeriod')}>
        {lines.map((line) => (
          <Row key={line.key} data-breakdown={line.key}>
            <HeaderCell scope="row">{line.label}</HeaderCell>
            <Cell align="end" className="whitespace-nowrap tabular-nums">
              {line.totals.takenText}
            </Cell>
            <Cell align="end" className="whitespace-nowrap tabular-nums">
              {line.totals.refundedText}
            </Cell>
            <Cell align="end" className="whitespace-nowrap tabular-nums font-medium">
              {line.totals.netText}
            </Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  )
}

const STATUS_CLASSES: Readonly<Record<TransactionStatusText, string>> = {
  Completed: 'bg-green-50 text-green-800',
  Failed: 'bg-red-50 text-red-800',
  Refunded: 'bg-amber-50 text-amber-900',
}

function StatusChip({ status }: { status: TransactionStatusText }) {
  const { t } = useBillingWords()
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>{t(`saleStatus_${status}`)}</span>
}

/** Under the table: the count, the page size and the previous and next page links. */
function SalesPagination({ query, total, pageCount }: { query: SalesReportQuery; total: number; pageCount: number }) {
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1
  const last = Math.min(total, query.page * query.pageSize)
  const kept = new URLSearchParams(salesReportSearch(query, {}, { paging: false }))
  const { t, locale } = useBillingWords()
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-1 py-3 text-sm text-slate-600">
      <p>
        <span className="font-medium text-slate-900">{total.toLocaleString(locale)}</span> {t('transactionCount', { count: total })}
        {total > 0 ? <span> · {t('showingRange', { first: first.toLocaleString(locale), last: last.toLocaleString(locale) })}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <PageSizeForm
          id="sales-page-size"
          sizes={SALES_PAGE_SIZES}
          current={query.pageSize}
          action={SALES_REPORT_PATH}
          hiddenFields={[...kept.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        />
        <span>{t('pageOfPages', { page: query.page.toLocaleString(locale), pageCount: pageCount.toLocaleString(locale) })}</span>
        <PageLinks page={query.page} pageCount={pageCount} hrefOf={(page) => `${SALES_REPORT_PATH}${salesReportSearch(query, { page })}`} />
      </div>
    </div>
  )
}
