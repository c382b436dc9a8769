import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Archive, ArchiveRestore, Ban, CreditCard, FileDown, Mail, Pencil } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import type { PaymentFieldErrors, PaymentFormValues } from '#server/invoices/record-invoice-payment'
import type { StaffInvoice } from '#server/invoices/staff-invoice'
import { InvoiceStatusChip } from './invoice-status-chip'
import { useInvoiceStatusWord } from './use-invoice-status-word'

export const INVOICE_INTENTS = { pay: 'record-payment', void: 'void', archive: 'archive', unarchive: 'unarchive', email: 'email' } as const

/** The payment form's answer; its messages come already in the page's language. */
interface PaymentFormState {
  values: PaymentFormValues
  fieldErrors: PaymentFieldErrors
  message: string | null
}

/** /invoices/{guid} for staff: the invoice, the money it took, and what can be done with it. */
export function StaffInvoiceView({ invoice, payment, confirmVoid, confirmVoidText, payPath }: { invoice: StaffInvoice; payment: PaymentFormState | null; confirmVoid: boolean; confirmVoidText: string; payPath: string }) {
  const { t } = useTranslation('billing')
  const statusWord = useInvoiceStatusWord()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const path = `/invoices/${invoice.guid}`
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title={t('invoiceNumber', { number: invoice.numberText })}
        description={`${invoice.sourceText} · ${invoice.dateText}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {invoice.can.edit ? (
              <ButtonLink to={`${path}/edit`} variant="secondary">
                <Pencil aria-hidden className="h-4 w-4" /> {t('edit')}
              </ButtonLink>
            ) : null}
            <ButtonLink to={`${path}/pdf`} variant="secondary">
              <FileDown aria-hidden className="h-4 w-4" /> PDF
            </ButtonLink>
            {invoice.status !== 'void' ? (
              <Form method="post">
                <input type="hidden" name="intent" value={INVOICE_INTENTS.email} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  <Mail aria-hidden className="h-4 w-4" /> {t('email')}
                </Button>
              </Form>
            ) : null}
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Card>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-sm text-slate-500">{t('billedTo')}</p>
                <Link to={`/contacts/${invoice.contact.guid}/details`} className="text-lg font-semibold text-slate-900 hover:text-brand-text hover:underline">
                  {invoice.contact.name || invoice.contact.email}
                </Link>
                <p className="text-sm text-slate-600">{[invoice.contact.email, invoice.contact.phone].filter(Boolean).join(' · ')}</p>
              </div>
              <div className="text-right">
                <InvoiceStatusChip text={statusWord(invoice.statusText)} word={invoice.statusText} />
                {invoice.isArchived ? <p className="mt-1 text-xs text-slate-500">{t('archived')}</p> : null}
              </div>
            </div>
            <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {invoice.dueText ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">{t('columnDue')}</dt>
                  <dd className={invoice.isOverdue ? 'font-medium text-red-700' : 'text-slate-900'}>
                    {invoice.dueText}
                    {invoice.isOverdue ? ` (${t('overdue')})` : ''}
                  </dd>
                </div>
              ) : null}
              {invoice.salesPerson ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">{t('salesPerson')}</dt>
                  <dd className="text-slate-900">{invoice.salesPerson}</dd>
                </div>
              ) : null}
              {invoice.emailedText ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">{t('lastEmailed')}</dt>
                  <dd className="text-slate-900">{invoice.emailedText}</dd>
                </div>
              ) : null}
              <div className="flex gap-2">
                <dt className="text-slate-500">{t('account')}</dt>
                <dd className="text-slate-900">{invoice.contact.accountBalanceText}</dd>
              </div>
            </dl>
            {invoice.note ? <p className="mt-3 whitespace-pre-line rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{invoice.note}</p> : null}
          </Card>

          <Table label={t('linesOfInvoice', { number: invoice.numberText })} minWidth={560}>
            <TableHead>
              <HeaderCell>{t('columnItem')}</HeaderCell>
              <HeaderCell className="text-right">{t('columnQty')}</HeaderCell>
              <HeaderCell className="text-right">{t('columnPrice')}</HeaderCell>
              <HeaderCell className="text-right">{t('columnTotal')}</HeaderCell>
            </TableHead>
            <TableBody columnCount={4} empty={<span>{t('noLines')}</span>}>
              {invoice.lines.map((line, index) => (
                <Row key={index}>
                  <Cell>
                    <span className="font-medium text-slate-900">{line.itemName}</span>
                    {line.optionName ? <span className="text-slate-600"> · {line.optionName}</span> : null}
                  </Cell>
                  <Cell className="text-right tabular-nums">{line.quantity}</Cell>
                  <Cell className="text-right tabular-nums">{line.unitPriceText}</Cell>
                  <Cell className="text-right tabular-nums">{line.totalText}</Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
          <dl className="ml-auto w-full max-w-sm space-y-1 text-sm" data-invoice-sums>
            <Sum label={t('subtotal')} value={invoice.totals.subtotal} />
            {invoice.totals.discount ? <Sum label={t('discount')} value={invoice.totals.discount} /> : null}
            {invoice.totals.cardFees ? <Sum label={t('cardFees')} value={invoice.totals.cardFees} /> : null}
            {invoice.totals.tax ? <Sum label={invoice.totals.taxLabel} value={invoice.totals.tax} /> : null}
            <Sum label={t('columnTotal')} value={invoice.totals.total} strong />
            <Sum label={t('paid')} value={invoice.totals.paid} />
            {invoice.totals.refunded ? <Sum label={t('refunded')} value={invoice.totals.refunded} /> : null}
            <Sum label={t('columnBalance')} value={invoice.totals.balance} strong />
          </dl>

          <Card title={t('payments')}>
            {invoice.payments.length === 0 ? (
              <p className="text-sm text-slate-600">{t('noPayments')}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" data-invoice-payments>
                {invoice.payments.map((taken) => (
                  <li key={taken.guid} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <span>
                      <span className="font-medium text-slate-900">{taken.methodText}</span>
                      <span className="text-slate-600"> · {taken.dateText}</span>
                      {taken.recordedBy ? <span className="text-slate-600"> · {t('recordedBy', { name: taken.recordedBy })}</span> : null}
                      {taken.note ? <span className="block text-slate-600">{taken.note}</span> : null}
                    </span>
                    <span className="flex items-baseline gap-3">
                      <span className="tabular-nums text-slate-900">
                        {taken.amountText}
                        {taken.refundedText ? <span className="text-slate-600"> ({t('amountRefunded', { amount: taken.refundedText })})</span> : null}
                      </span>
                      {taken.refundableMinor > 0 ? (
                        <Link to={`/invoices/${invoice.guid}/refund?payment=${taken.guid}`} className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
                          {t('refund')}
                          <span className="sr-only"> {t('refundWhichPayment', { method: taken.methodText, amount: taken.amountText })}</span>
                        </Link>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          {invoice.can.takePayment ? (
            <Card title={t('recordAPayment')}>
              {/* Keyed by what was paid, so a recorded payment leaves an empty form, not the last one's values. */}
              <PaymentForm key={invoice.totals.paid} invoice={invoice} state={payment} busy={busy} />
              <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
                <CreditCard aria-hidden className="mr-1 inline h-4 w-4" />
                {t('cardPaymentsBefore')}{' '}
                <Link to={payPath} className="font-medium text-brand-text underline-offset-2 hover:underline">
                  {t('cardPaymentsLink')}
                </Link>{' '}
                {t('cardPaymentsAfter')}
              </p>
            </Card>
          ) : null}
          <Card title={t('manage')}>
            <div className="flex flex-col items-start gap-2">
              {invoice.can.void ? (
                <ButtonLink to={`${path}?confirm=void`} variant="danger" preventScrollReset>
                  <Ban aria-hidden className="h-4 w-4" /> {t('voidInvoice')}
                </ButtonLink>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value={invoice.isArchived ? INVOICE_INTENTS.unarchive : INVOICE_INTENTS.archive} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  {invoice.isArchived ? <ArchiveRestore aria-hidden className="h-4 w-4" /> : <Archive aria-hidden className="h-4 w-4" />}
                  {invoice.isArchived ? t('restoreToList') : t('archive')}
                </Button>
              </Form>
              {invoice.can.takePayment ? null : (
                <Link to={payPath} className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
                  {t('openPublicPage')}
                </Link>
              )}
            </div>
          </Card>
        </div>
      </div>
      {confirmVoid && invoice.can.void ? <ConfirmDialog title={t('voidInvoice')} message={confirmVoidText} closeTo={path} action={path} intent={INVOICE_INTENTS.void} yesLabel={t('void')} /> : null}
    </div>
  )
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

function PaymentForm({ invoice, state, busy }: { invoice: StaffInvoice; state: PaymentFormState | null; busy: boolean }) {
  const { t } = useTranslation('billing')
  const values = state?.values ?? { method: 'cash', amount: '', note: '' }
  const errors = state?.fieldErrors ?? {}
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value={INVOICE_INTENTS.pay} />
      {state?.message && Object.keys(errors).length === 0 ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('paidWith')}</legend>
        {[
          ['cash', t('methodCash')],
          ['other', t('paidWithOther')],
          ...(invoice.can.applyCredit ? [['account', t('paidWithAccount', { amount: invoice.contact.accountCreditText })]] : []),
        ].map(([value, label]) => (
          <label key={value} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="method" value={value} defaultChecked={values.method === value} className="h-4 w-4" />
            {label}
          </label>
        ))}
        {errors.method ? <p className="text-sm text-red-700">{errors.method}</p> : null}
      </fieldset>
      <Field id="payment-amount" label={t('amountIn', { currency: invoice.currency })} hint={t('balanceHint', { amount: invoice.totals.balance })} errors={errors.amount ? [errors.amount] : null} required>
        {(control) => <input {...control} name="amount" inputMode="decimal" autoComplete="off" defaultValue={values.amount} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Field id="payment-note" label={t('note')} errors={errors.note ? [errors.note] : null}>
        {(control) => <input {...control} name="note" maxLength={255} defaultValue={values.note} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        {t('recordPayment')}
      </Button>
    </Form>
  )
}
