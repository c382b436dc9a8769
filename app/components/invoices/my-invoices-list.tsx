import { Link } from '@remix-run/react'
import { FileDown, ReceiptText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import type { MyInvoice } from '#server/invoices/my-invoices'
import { InvoiceStatusChip } from './invoice-status-chip'
import { useInvoiceStatusWord } from './use-invoice-status-word'

/** A student's invoices as cards (they read well at 360 px): what, when, how much is owed, Pay and the PDF. */
export function MyInvoicesList({ invoices, emptyTitle, emptyText }: { invoices: MyInvoice[]; emptyTitle: string; emptyText: string }) {
  const { t } = useTranslation('portal')
  const statusWord = useInvoiceStatusWord()
  if (invoices.length === 0) {
    return (
      <EmptyState icon={ReceiptText} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    )
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t('invoices')}>
      {invoices.map((invoice) => (
        <li key={invoice.guid} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-invoice={invoice.numberText}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {t('invoiceNumber', { number: invoice.numberText })} <span className="font-normal text-slate-500">· {invoice.dateText}</span>
              </p>
              <p className="mt-0.5 text-sm text-slate-700">{invoice.itemsText}</p>
              {invoice.dueText && invoice.payPath ? <p className="mt-0.5 text-sm text-slate-600">{t('dueOn', { date: invoice.dueText })}</p> : null}
            </div>
            <InvoiceStatusChip text={statusWord(invoice.statusText)} word={invoice.statusText} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">
              {t('invoiceTotal')} <span className="font-medium tabular-nums text-slate-900">{invoice.totalText}</span>
              {invoice.payPath ? (
                <>
                  {' '}
                  · {t('invoiceOwed')} <span className="font-medium tabular-nums text-slate-900">{invoice.balanceText}</span>
                </>
              ) : null}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/invoices/${invoice.guid}/pdf`} className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-text hover:underline">
                <FileDown aria-hidden className="h-4 w-4" /> PDF<span className="sr-only">{t('ofInvoice', { number: invoice.numberText })}</span>
              </Link>
              {invoice.payPath ? (
                <ButtonLink to={invoice.payPath} variant="primary">
                  {t('payAmount', { amount: invoice.balanceText })}
                  <span className="sr-only">{t('forInvoice', { number: invoice.numberText })}</span>
                </ButtonLink>
              ) : null}
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
