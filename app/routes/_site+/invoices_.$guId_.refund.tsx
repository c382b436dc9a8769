import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { InvoiceStatusChip } from '#app/components/invoices/invoice-status-chip'
import { useInvoiceStatusWord } from '#app/components/invoices/use-invoice-status-word'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { statusOf } from '#server/errors/error-codes'
import { notFound } from '#server/errors/responses'
import { REFUND_MESSAGES, refundFormValues, refundInvoicePayment, type RefundFieldErrors, type RefundFormValues } from '#server/invoices/refund-invoice-payment'
import { loadRefundView, type RefundablePayment, type RefundView } from '#server/invoices/refund-view'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'

/** The status words come from the portal's, as on the student's own invoice pages. */
export const handle: I18nHandle = { i18n: ['billing', 'portal'] }

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Refund' }]

/**
 * /invoices/{guid}/refund?payment={invoicePaymentGuid}: staff give back one payment of an
 * invoice, in full or in part. Without ?payment= it lists the invoice's payments to choose
 * from. Another tenant's or an unknown invoice or payment is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const view = await loadRefundView(context.platform.database, access.tenant, { unverifiedGuid: params.guId ?? '', unverifiedPaymentGuid: new URL(request.url).searchParams.get('payment') }, context.language)
  if (!view) throw notFound('Invoice not found')
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
  headers.set('Cache-Control', 'private, no-store')
  const t = tFor(context.language, 'billing')
  const title = `${t('refund')} · ${t('invoiceNumber', { number: view.invoice.numberText })}`
  // Said on the page, not answered by a post: in the page's language from here.
  const said = { nothingLeft: translateMessage(context.language, REFUND_MESSAGES.nothingLeft), givenStays: translateMessage(context.language, REFUND_MESSAGES.givenStays) }
  return data({ title, shell, view, said }, { headers })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const guid = params.guId ?? ''
  const url = new URL(request.url)
  const form = await request.formData()
  const paymentField = form.get('payment')
  const values = refundFormValues(form)
  const refunded = await refundInvoicePayment(context.platform, access.tenant, {
    unverifiedGuid: guid,
    unverifiedPaymentGuid: typeof paymentField === 'string' && paymentField ? paymentField : url.searchParams.get('payment') ?? '',
    values,
    staffContactId: access.user.contactId,
    origin: tenantOrigin(access.tenant, url, context.platform.env),
    now: context.platform.clock.now(),
  })
  if (refunded.ok) return redirectWithToast(`/invoices/${guid}`, { type: 'success', message: refunded.value.message })
  if (refunded.error === 'not_found') throw notFound('Payment not found')
  const say = (message: string) => translateMessage(context.language, message)
  const fieldErrors = Object.fromEntries(Object.entries(refunded.details.fieldErrors).map(([field, message]) => [field, message === undefined ? message : say(message)]))
  return data({ values, fieldErrors, message: say(refunded.message) }, { status: statusOf(refunded.error) })
}

export default function InvoiceRefundRoute() {
  const { shell: loadedShell, view, said } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { shell, toast, session } = loadedShell
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={loadedShell.sidebarFolded} session={session}>
      <RefundScreen view={view} said={said} answered={answered ?? null} />
    </StaffShell>
  )
}

/** What the page says of refunds, in its language. */
interface RefundSaid {
  nothingLeft: string
  givenStays: string
}

interface RefundFormState {
  values: RefundFormValues
  fieldErrors: RefundFieldErrors
  message: string
}

function RefundScreen({ view, said, answered }: { view: RefundView; said: RefundSaid; answered: RefundFormState | null }) {
  const { t } = useTranslation('billing')
  const statusWord = useInvoiceStatusWord()
  const { invoice, chosen } = view
  const invoicePath = `/invoices/${invoice.guid}`
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title={chosen ? t('refundAPayment') : t('refunds')}
        description={`${t('invoiceNumber', { number: invoice.numberText })} · ${invoice.contactName}`}
        actions={
          <ButtonLink to={invoicePath} variant="secondary">
            <ArrowLeft aria-hidden className="h-4 w-4" /> {t('backToInvoice')}
          </ButtonLink>
        }
      />
      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div className="flex items-center gap-2">
            <dt className="text-slate-500">{t('status')}</dt>
            <dd>
              <InvoiceStatusChip text={statusWord(invoice.statusText)} word={invoice.statusText} />
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-500">{t('paid')}</dt>
            <dd className="tabular-nums text-slate-900">{invoice.paidText}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-500">{t('refunded')}</dt>
            <dd className="tabular-nums text-slate-900">{invoice.refundedText}</dd>
          </div>
        </dl>
      </Card>
      {chosen ? <ChosenPayment invoice={invoice} payment={chosen} said={said} answered={answered} /> : <PaymentChoices view={view} />}
    </div>
  )
}

/** Without ?payment=: the invoice's payments, each with a way to refund what is left of it. */
function PaymentChoices({ view }: { view: RefundView }) {
  const { t } = useTranslation('billing')
  return (
    <Card title={t('payments')}>
      {view.payments.length === 0 ? (
        <p className="text-sm text-slate-600">{t('refundNoPayments')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-refund-payments>
          {view.payments.map((payment) => (
            <li key={payment.guid} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{payment.methodText}</span>
                <span className="text-slate-600"> · {payment.dateText}</span>
                <span className="block tabular-nums text-slate-600">
                  {payment.amountText}
                  {payment.refundedMinor > 0 ? ` (${t('amountRefunded', { amount: payment.refundedText })})` : ''}
                </span>
              </span>
              {payment.leftMinor > 0 ? (
                <ButtonLink to={`?payment=${payment.guid}`} variant="secondary" size="sm">
                  <Undo2 aria-hidden className="h-4 w-4" /> {t('refund')}
                </ButtonLink>
              ) : (
                <span className="text-slate-600">{t('givenBackInFull')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function ChosenPayment({ invoice, payment, said, answered }: { invoice: RefundView['invoice']; payment: RefundablePayment; said: RefundSaid; answered: RefundFormState | null }) {
  const { t } = useTranslation('billing')
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <Card title={t('payment')}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-refund-payment>
            <Detail label={t('method')} value={payment.methodText} />
            <Detail label={t('columnDate')} value={payment.dateText} />
            <Detail label={t('amount')} value={payment.amountText} numeric />
            <Detail label={t('refundedSoFar')} value={payment.refundedText} numeric />
            <Detail label={t('leftToGiveBack')} value={payment.leftText} numeric />
            {payment.note ? <Detail label={t('note')} value={payment.note} /> : null}
          </dl>
        </Card>
        <Card title={t('refundsOfPayment')}>
          {payment.refunds.length === 0 ? (
            <p className="text-sm text-slate-600">{t('refundNoneYet')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {payment.refunds.map((refund, index) => (
                <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span>
                    <span className="text-slate-900">{refund.dateText}</span>
                    {refund.recordedBy ? <span className="text-slate-600"> · {t('recordedBy', { name: refund.recordedBy })}</span> : null}
                    {refund.reason ? <span className="block text-slate-600">{refund.reason}</span> : null}
                    {refund.refundRef ? <span className="block text-xs text-slate-500">{t('providerReference', { reference: refund.refundRef })}</span> : null}
                    {refund.failedText ? <span className="block text-sm font-medium text-red-700">{refund.failedText}</span> : null}
                  </span>
                  <span className={`tabular-nums ${refund.failedText ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{refund.amountText}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card title={t('refund')}>
        {payment.leftMinor > 0 ? (
          <RefundForm key={answered ? 'answered' : payment.refundedMinor} invoice={invoice} payment={payment} givenStays={said.givenStays} answered={answered} />
        ) : (
          <p className="text-sm text-slate-600">{said.nothingLeft}</p>
        )}
      </Card>
    </div>
  )
}

function Detail({ label, value, numeric = false }: { label: string; value: string; numeric?: boolean }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className={numeric ? 'tabular-nums text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  )
}

function RefundForm({ invoice, payment, givenStays, answered }: { invoice: RefundView['invoice']; payment: RefundablePayment; givenStays: string; answered: RefundFormState | null }) {
  const { t } = useTranslation('billing')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const values = answered?.values ?? { amount: payment.leftInput, reason: '', destination: 'money', refundedBefore: String(payment.refundedMinor) }
  const errors = answered?.fieldErrors ?? {}
  const shownFieldErrors = [errors.amount, errors.reason, errors.destination].some(Boolean)
  const backTheWayItCame = payment.method === 'card' ? (payment.providerName ? t('backToCardWith', { provider: payment.providerName }) : t('backToCard')) : t('giveMoneyBack')
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="payment" value={payment.guid} />
      {/* What was given back when this form was shown, not what the last post said: a repeat of the post is told apart by it. */}
      <input type="hidden" name="refundedBefore" value={String(payment.refundedMinor)} />
      {answered?.message && !shownFieldErrors ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {answered.message}
        </p>
      ) : null}
      <Field id="refund-amount" label={t('amountIn', { currency: invoice.currency })} hint={t('upTo', { amount: payment.leftText })} errors={errors.amount ? [errors.amount] : null} required>
        {(control) => <input {...control} name="amount" inputMode="decimal" autoComplete="off" defaultValue={values.amount} className={FIELD_INPUT_CLASSES} />}
      </Field>
      {payment.method === 'account' ? (
        <p className="text-sm text-slate-600">{t('refundToAccount')}</p>
      ) : (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('howItGoesBack')}</legend>
          {[
            ['money', backTheWayItCame],
            ['credit', t('asAccountCredit')],
          ].map(([value, label]) => (
            <label key={value} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="destination" value={value} defaultChecked={values.destination === value} className="h-4 w-4" />
              {label}
            </label>
          ))}
          {errors.destination ? <p className="text-sm text-red-700">{errors.destination}</p> : null}
        </fieldset>
      )}
      <Field id="refund-reason" label={t('reason')} errors={errors.reason ? [errors.reason] : null}>
        {(control) => <input {...control} name="reason" maxLength={255} defaultValue={values.reason} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{givenStays}</p>
      <Button type="submit" variant="primary" disabled={busy} busy={navigation.state === 'submitting'}>
        {t('refund')}
      </Button>
    </Form>
  )
}
