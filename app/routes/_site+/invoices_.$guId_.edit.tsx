import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StaffInvoiceForm, visibleLineCount } from '#app/components/invoices/staff-invoice-form'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { invoiceFormAction } from '#app/utils/invoice-form-action.server'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { invoiceNumberText } from '#server/checkout/order-view'
import { tenantToday } from '#server/dates/tenant-today'
import { notFound } from '#server/errors/responses'
import { loadInvoiceChoices } from '#server/invoices/invoice-choices'
import { INVOICE_FORM_MESSAGES } from '#server/invoices/invoice-form'
import { loadInvoiceFormValues } from '#server/invoices/invoice-form-values'
import { loadStaffInvoice } from '#server/invoices/staff-invoice'
import { tFor } from '#server/i18n/server-translator'
import type { I18nHandle } from '#app/utils/i18n'

export const handle: I18nHandle = { i18n: ['billing'] }

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Edit invoice' }]

/** /invoices/{guid}/edit: a staff invoice's lines, due date and note, while nothing has been paid on it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const { tenant } = access
  const guid = params.guId ?? ''
  const invoice = await loadStaffInvoice(context.platform.database, tenant, guid, tenantToday(context.platform, tenant), context.language)
  if (!invoice) throw notFound('Invoice not found')
  if (!invoice.can.edit) throw await redirectWithToast(`/invoices/${invoice.guid}`, { type: 'error', message: INVOICE_FORM_MESSAGES.notEditable })
  const [form, choices] = await Promise.all([loadInvoiceFormValues(context.platform.database, tenant, guid), loadInvoiceChoices(context.platform.database, tenant)])
  if (!form) throw notFound('Invoice not found')
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
  headers.set('Cache-Control', 'private, no-store')
  const numberText = invoiceNumberText(form.number)
  return data({ title: tFor(context.language, 'billing')('editInvoiceNumber', { number: numberText }), shell, guid: invoice.guid, numberText, contact: form.contact, values: form.values, choices, currency: invoice.currency }, { headers })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return invoiceFormAction({ request, context }, params.guId ?? '')
}

export default function EditInvoiceRoute() {
  const { shell: loaded, guid, numberText, contact, values, choices, currency } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { t } = useTranslation('billing')
  const { shell, toast, session } = loaded
  const shownValues = answered?.values ?? values
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.sidebarFolded} session={session}>
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <PageHeader title={t('editInvoiceNumber', { number: numberText })} description={t('editInvoiceDescription')} />
        <StaffInvoiceForm
          key={answered ? 'answered' : 'loaded'}
          contact={contact}
          changeContactHref={null}
          values={shownValues}
          errors={answered?.errors ?? {}}
          choices={choices}
          shownLines={answered?.shownLines ?? visibleLineCount(shownValues, 0)}
          currency={currency}
          submitLabel={t('saveInvoice')}
          cancelHref={`/invoices/${guid}`}
        />
      </div>
    </StaffShell>
  )
}
