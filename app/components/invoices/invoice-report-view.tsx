import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ArrowDown, ArrowUp, Plus, ReceiptText, Search } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { EmptyState } from '#app/components/ui/empty-state'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { PreviousNextNav } from '#app/components/ui/pagination'
import { ListLink, ListLinks } from '#app/components/ui/list-link'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { INVOICE_PAGE_SIZES, INVOICE_STATUS_FILTERS, invoiceReportHref, type InvoiceReportQuery, type InvoiceSort } from '#server/invoices/invoice-report-query'
import type { InvoiceReportPage } from '#server/invoices/invoice-report'
import type { UpcomingMembershipPayment } from '#server/invoices/upcoming-membership-payments'
import { InvoiceStatusChip } from './invoice-status-chip'
import { useInvoiceStatusWord } from './use-invoice-status-word'

/** /invoices for staff: the invoice report with its filters and totals, and the membership payments coming up. */
export function InvoiceReportView({ query, report, upcoming }: { query: InvoiceReportQuery; report: InvoiceReportPage; upcoming: UpcomingMembershipPayment[] }) {
  const { t } = useTranslation('billing')
  const statusWord = useInvoiceStatusWord()
  const filtered = query.search !== '' || query.status !== 'all' || query.showArchive
  const { totals } = report
  const first = totals.count === 0 ? 0 : report.offset + 1
  const last = Math.min(report.offset + query.max, totals.count)
  const sortHeader = (sort: InvoiceSort, label: string, align: 'left' | 'right' = 'left') => {
    const active = query.sort === sort
    const order = active && query.order === 'desc' ? 'asc' : 'desc'
    const Arrow = query.order === 'desc' ? ArrowDown : ArrowUp
    return (
      <HeaderCell className={align === 'right' ? 'text-right' : undefined} aria-sort={active ? (query.order === 'desc' ? 'descending' : 'ascending') : undefined}>
        <Link to={invoiceReportHref(query, { sort, order, offset: 0 })} className="inline-flex items-center gap-1 hover:text-slate-900" preventScrollReset>
          {label}
          {active ? <Arrow aria-hidden className="h-3.5 w-3.5" /> : null}
        </Link>
      </HeaderCell>
    )
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={t('invoices')}
        description={t('invoicesDescription')}
        actions={
          <ButtonLink to="/invoices/new" variant="primary">
            <Plus aria-hidden className="h-4 w-4" /> {t('newInvoice')}
          </ButtonLink>
        }
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-invoice-totals>
        {[
          [t('invoices'), totals.countText],
          [t('totalsInvoiced'), totals.totalText],
          [t('totalsTaken'), totals.paidText],
          [t('totalsOwed'), totals.balanceText],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Form method="get" action="/invoices" className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-0 basis-full flex-col gap-1.5 sm:max-w-xs sm:flex-1 sm:basis-auto">
          <label htmlFor="invoice-search" className="text-sm font-medium text-slate-700">
            {t('search')}
          </label>
          <input id="invoice-search" type="search" name="search" defaultValue={query.search} maxLength={100} placeholder={t('searchPlaceholder')} className={FIELD_INPUT_CLASSES} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invoice-status" className="text-sm font-medium text-slate-700">
            {t('status')}
          </label>
          <select id="invoice-status" name="status" defaultValue={query.status} className={FIELD_INPUT_CLASSES}>
            {INVOICE_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`statusFilter_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invoice-max" className="text-sm font-medium text-slate-700">
            {t('perPage')}
          </label>
          <select id="invoice-max" name="max" defaultValue={query.max} className={FIELD_INPUT_CLASSES}>
            {INVOICE_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="showArchive" value="true" defaultChecked={query.showArchive} className="h-4 w-4 rounded border-slate-300" />
          {t('showArchived')}
        </label>
        {query.sort !== 'created' ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.order !== 'desc' ? <input type="hidden" name="order" value={query.order} /> : null}
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> {t('search')}
        </Button>
      </Form>

      {totals.count === 0 && !filtered ? (
        <EmptyState icon={ReceiptText} title={t('noInvoicesYet')}>
          {t('noInvoicesYetText')}
        </EmptyState>
      ) : (
        <>
          <ListLinks>
            <Table label={t('invoices')} minWidth={900}>
              <TableHead>
                {sortHeader('number', t('columnInvoice'))}
                {sortHeader('created', t('columnDate'))}
                {sortHeader('contact', t('columnContact'))}
                <HeaderCell>{t('columnItems')}</HeaderCell>
                {sortHeader('due', t('columnDue'))}
                {sortHeader('total', t('columnTotal'), 'right')}
                {sortHeader('balance', t('columnBalance'), 'right')}
                <HeaderCell>{t('status')}</HeaderCell>
              </TableHead>
              <TableBody columnCount={8} empty={<span>{t('noInvoicesMatch')}</span>}>
                {report.rows.map((row) => (
                  <Row key={row.guid}>
                    <Cell className="whitespace-nowrap">
                      <ListLink to={`/invoices/${row.guid}`} className="font-medium text-slate-900 hover:text-brand-text hover:underline">
                        {row.numberText}
                      </ListLink>
                      {row.isArchived ? <p className="text-xs text-slate-500">{t('archived')}</p> : null}
                    </Cell>
                    <Cell className="whitespace-nowrap text-slate-700">{row.dateText}</Cell>
                    <Cell>
                      <ListLink to={`/contacts/${row.contactGuid}/details`} className="text-slate-900 hover:text-brand-text hover:underline">
                        {row.contactName || row.email}
                      </ListLink>
                    </Cell>
                    <Cell className="max-w-64 truncate text-slate-700" title={row.itemsText}>
                      {row.itemsText}
                    </Cell>
                    <Cell className={`whitespace-nowrap ${row.isOverdue ? 'font-medium text-red-700' : 'text-slate-700'}`}>
                      {row.dueText ?? '-'}
                      {row.isOverdue ? <span className="sr-only"> ({t('overdue')})</span> : null}
                    </Cell>
                    <Cell className="whitespace-nowrap text-right tabular-nums text-slate-900">{row.totalText}</Cell>
                    <Cell className="whitespace-nowrap text-right tabular-nums text-slate-900">{row.balanceText}</Cell>
                    <Cell>
                      <InvoiceStatusChip text={statusWord(row.statusText)} word={row.statusText} />
                    </Cell>
                  </Row>
                ))}
              </TableBody>
            </Table>
          </ListLinks>
          <PreviousNextNav
            first={first}
            last={last}
            total={totals.count}
            previousHref={report.offset > 0 ? invoiceReportHref(query, { offset: Math.max(0, report.offset - query.max) }) : null}
            nextHref={last < totals.count ? invoiceReportHref(query, { offset: report.offset + query.max }) : null}
          />
        </>
      )}

      <Card title={t('upcomingPayments')}>
        {upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">{t('upcomingNone')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-upcoming-payments>
            {upcoming.map((payment, index) => (
              <li key={`${payment.contactGuid}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0">
                  <Link to={`/contacts/${payment.contactGuid}/details`} className="font-medium text-slate-900 hover:text-brand-text hover:underline">
                    {payment.contactName}
                  </Link>
                  <span className="text-slate-600"> · {payment.membershipName}</span>
                </span>
                <span className="whitespace-nowrap text-slate-700">
                  {payment.dateText} · <span className="tabular-nums">{payment.amountText}</span> · {payment.paidBy}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
