import { Form, Link, useNavigation } from '@remix-run/react'
import { Archive, ArchiveRestore, Ban, CreditCard, FileDown, Mail, Pencil } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import type { PaymentFieldErrors, PaymentFormValues } from '#server/invoices/record-invoice-payment'
import type { StaffInvoice } from '#server/invoices/staff-invoice'
import { VOID_MESSAGES } from '#server/invoices/void-invoice'
import { InvoiceStatusChip } from './invoice-status-chip'

export const INVOICE_INTENTS = { pay: 'record-payment', void: 'void', archive: 'archive', unarchive: 'unarchive', email: 'email' } as const

interface PaymentFormState {
  values: PaymentFormValues
  fieldErrors: PaymentFieldErrors
  message: string | null
}

/** /invoices/{guid} for staff: the invoice, the money it took, and what can be done with it. */
export function StaffInvoiceView({ invoice, payment, confirmVoid, payPath }: { invoice: StaffInvoice; payment: PaymentFormState | null; confirmVoid: boolean; payPath: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const path = `/invoices/${invoice.guid}`
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title={`Invoice ${invoice.numberText}`}
        description={`${invoice.sourceText} · ${invoice.dateText}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {invoice.can.edit ? (
              <ButtonLink to={`${path}/edit`} variant="secondary">
                <Pencil aria-hidden className="h-4 w-4" /> Edit
              </ButtonLink>
            ) : null}
            <ButtonLink to={`${path}/pdf`} variant="secondary">
              <FileDown aria-hidden className="h-4 w-4" /> PDF
            </ButtonLink>
            {invoice.status !== 'void' ? (
              <Form method="post">
                <input type="hidden" name="intent" value={INVOICE_INTENTS.email} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  <Mail aria-hidden className="h-4 w-4" /> Email
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
                <p className="text-sm text-slate-500">Billed to</p>
                <Link to={`/contacts/${invoice.contact.guid}/details`} className="text-lg font-semibold text-slate-900 hover:text-brand-text hover:underline">
                  {invoice.contact.name || invoice.contact.email}
                </Link>
                <p className="text-sm text-slate-600">{[invoice.contact.email, invoice.contact.phone].filter(Boolean).join(' · ')}</p>
              </div>
              <div className="text-right">
                <InvoiceStatusChip text={invoice.statusText} />
                {invoice.isArchived ? <p className="mt-1 text-xs text-slate-500">Archived</p> : null}
              </div>
            </div>
            <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {invoice.dueText ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">Due</dt>
                  <dd className={invoice.isOverdue ? 'font-medium text-red-700' : 'text-slate-900'}>
                    {invoice.dueText}
                    {invoice.isOverdue ? ' (overdue)' : ''}
                  </dd>
                </div>
              ) : null}
              {invoice.salesPerson ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">Sales person</dt>
                  <dd className="text-slate-900">{invoice.salesPerson}</dd>
                </div>
              ) : null}
              {invoice.emailedText ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">Last emailed</dt>
                  <dd className="text-slate-900">{invoice.emailedText}</dd>
                </div>
              ) : null}
              <div className="flex gap-2">
                <dt className="text-slate-500">Account</dt>
                <dd className="text-slate-900">{invoice.contact.accountBalanceText}</dd>
              </div>
            </dl>
            {invoice.note ? <p className="mt-3 whitespace-pre-line rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{invoice.note}</p> : null}
          </Card>

          <Table label={`Lines of invoice ${invoice.numberText}`} minWidth={560}>
            <TableHead>
              <HeaderCell>Item</HeaderCell>
              <HeaderCell className="text-right">Qty</HeaderCell>
              <HeaderCell className="text-right">Price</HeaderCell>
              <HeaderCell className="text-right">Total</HeaderCell>
            </TableHead>
            <TableBody columnCount={4} empty={<span>No lines.</span>}>
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
            <Sum label="Subtotal" value={invoice.totals.subtotal} />
            {invoice.totals.discount ? <Sum label="Discount" value={invoice.totals.discount} /> : null}
            {invoice.totals.cardFees ? <Sum label="Card fees" value={invoice.totals.cardFees} /> : null}
            {invoice.totals.tax ? <Sum label={invoice.totals.taxLabel} value={invoice.totals.tax} /> : null}
            <Sum label="Total" value={invoice.totals.total} strong />
            <Sum label="Paid" value={invoice.totals.paid} />
            {invoice.totals.refunded ? <Sum label="Refunded" value={invoice.totals.refunded} /> : null}
            <Sum label="Balance" value={invoice.totals.balance} strong />
          </dl>

          <Card title="Payments">
            {invoice.payments.length === 0 ? (
              <p className="text-sm text-slate-600">No payments yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" data-invoice-payments>
                {invoice.payments.map((taken) => (
                  <li key={taken.guid} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <span>
                      <span className="font-medium text-slate-900">{taken.methodText}</span>
                      <span className="text-slate-600"> · {taken.dateText}</span>
                      {taken.recordedBy ? <span className="text-slate-600"> · by {taken.recordedBy}</span> : null}
                      {taken.note ? <span className="block text-slate-600">{taken.note}</span> : null}
                    </span>
                    <span className="flex items-baseline gap-3">
                      <span className="tabular-nums text-slate-900">
                        {taken.amountText}
                        {taken.refundedText ? <span className="text-slate-600"> ({taken.refundedText} refunded)</span> : null}
                      </span>
                      {taken.refundableMinor > 0 ? (
                        <Link to={`/invoices/${invoice.guid}/refund?payment=${taken.guid}`} className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
                          Refund
                          <span className="sr-only">
                            {' '}
                            {taken.methodText} payment of {taken.amountText}
                          </span>
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
            <Card title="Record a payment">
              {/* Keyed by what was paid, so a recorded payment leaves an empty form, not the last one's values. */}
              <PaymentForm key={invoice.totals.paid} invoice={invoice} state={payment} busy={busy} />
              <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
                <CreditCard aria-hidden className="mr-1 inline h-4 w-4" />
                Card payments are taken on the invoice&rsquo;s pay page:{' '}
                <Link to={payPath} className="font-medium text-brand-text underline-offset-2 hover:underline">
                  open the pay link
                </Link>{' '}
                or email the invoice.
              </p>
            </Card>
          ) : null}
          <Card title="Manage">
            <div className="flex flex-col items-start gap-2">
              {invoice.can.void ? (
                <ButtonLink to={`${path}?confirm=void`} variant="danger" preventScrollReset>
                  <Ban aria-hidden className="h-4 w-4" /> Void invoice
                </ButtonLink>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value={invoice.isArchived ? INVOICE_INTENTS.unarchive : INVOICE_INTENTS.archive} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  {invoice.isArchived ? <ArchiveRestore aria-hidden className="h-4 w-4" /> : <Archive aria-hidden className="h-4 w-4" />}
                  {invoice.isArchived ? 'Restore to the list' : 'Archive'}
                </Button>
              </Form>
              {invoice.can.takePayment ? null : (
                <Link to={payPath} className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
                  Open the invoice&rsquo;s public page
                </Link>
              )}
            </div>
          </Card>
        </div>
      </div>
      {confirmVoid && invoice.can.void ? <ConfirmDialog title="Void invoice" message={VOID_MESSAGES.confirm} closeTo={path} action={path} intent={INVOICE_INTENTS.void} yesLabel="Void" /> : null}
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
        <legend className="mb-1 text-sm font-medium text-slate-700">Paid with</legend>
        {[
          ['cash', 'Cash'],
          ['other', 'Other (cheque, bank transfer)'],
          ...(invoice.can.applyCredit ? [['account', `Account credit (${invoice.contact.accountBalanceText.replace('In credit ', '')})`]] : []),
        ].map(([value, label]) => (
          <label key={value} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="method" value={value} defaultChecked={values.method === value} className="h-4 w-4" />
            {label}
          </label>
        ))}
        {errors.method ? <p className="text-sm text-red-700">{errors.method}</p> : null}
      </fieldset>
      <Field id="payment-amount" label={`Amount (${invoice.currency})`} hint={`Balance ${invoice.totals.balance}`} errors={errors.amount ? [errors.amount] : null} required>
        {(control) => <input {...control} name="amount" inputMode="decimal" autoComplete="off" defaultValue={values.amount} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Field id="payment-note" label="Note" errors={errors.note ? [errors.note] : null}>
        {(control) => <input {...control} name="note" maxLength={255} defaultValue={values.note} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        Record payment
      </Button>
    </Form>
  )
}
