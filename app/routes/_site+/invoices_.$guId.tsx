import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { INVOICE_INTENTS, StaffInvoiceView } from '#app/components/invoices/staff-invoice-view'
import { StaffShell } from '#app/components/layout/staff-shell'
import { getSessionUser } from '#app/utils/auth.server'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { tenantToday } from '#server/dates/tenant-today'
import { notFound } from '#server/errors/responses'
import { emailInvoice } from '#server/invoices/invoice-email'
import { publicInvoicePath } from '#server/invoices/public-invoice-path'
import { paymentFormValues, recordInvoicePayment } from '#server/invoices/record-invoice-payment'
import { loadStaffInvoice } from '#server/invoices/staff-invoice'
import { archiveInvoice, VOID_MESSAGES, voidInvoice } from '#server/invoices/void-invoice'
import { isStaffRole } from '#server/shell/roles'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'

/** The status words come from the portal's, as on the student's own invoice pages. */
export const handle: I18nHandle = { i18n: ['billing', 'portal'] }

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Invoice' }]

/**
 * /invoices/{guid}: staff read one invoice with its payments and record money, void, archive
 * or email it. A signed-in student is sent to the invoice's own pay page; another tenant's or
 * an unknown guid is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const guid = params.guId ?? ''
  const user = await getSessionUser(request, context)
  if (user && !isStaffRole(user.role)) throw redirect(publicInvoicePath(guid))
  const access = await requireStaffArea(request, context)
  const invoice = await loadStaffInvoice(context.platform.database, access.tenant, guid, tenantToday(context.platform, access.tenant), context.language)
  if (!invoice) throw notFound('Invoice not found')
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
  headers.set('Cache-Control', 'private, no-store')
  const confirmVoid = new URL(request.url).searchParams.get('confirm') === 'void'
  const title = tFor(context.language, 'billing')('invoiceNumber', { number: invoice.numberText })
  return data({ title, shell, invoice, confirmVoid, confirmVoidText: translateMessage(context.language, VOID_MESSAGES.confirm), payPath: publicInvoicePath(invoice.guid) }, { headers })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const { tenant } = access
  const guid = params.guId ?? ''
  const path = `/invoices/${guid}`
  const form = await request.formData()
  const intent = form.get('intent')
  const now = context.platform.clock.now()
  switch (intent) {
    case INVOICE_INTENTS.pay: {
      const values = paymentFormValues(form)
      const recorded = await recordInvoicePayment(context.platform, tenant, { unverifiedGuid: guid, values, staffContactId: access.user.contactId, now })
      if (recorded.ok) return redirectWithToast(path, { type: 'success', message: recorded.value.message })
      if (recorded.error === 'not_found') throw notFound('Invoice not found')
      const say = (message: string) => translateMessage(context.language, message)
      const fieldErrors = Object.fromEntries(Object.entries(recorded.details.fieldErrors).map(([field, message]) => [field, message === undefined ? message : say(message)]))
      return data({ payment: { values, fieldErrors, message: say(recorded.message) } }, { status: recorded.error === 'conflict' ? 409 : 400 })
    }
    case INVOICE_INTENTS.void: {
      const voided = await voidInvoice(context.platform, tenant, { unverifiedGuid: guid, now })
      if (!voided.ok && voided.error === 'not_found') throw notFound('Invoice not found')
      return redirectWithToast(path, voided.ok ? { type: 'success', message: voided.value.message } : { type: 'error', message: voided.message })
    }
    case INVOICE_INTENTS.archive:
    case INVOICE_INTENTS.unarchive: {
      const archived = await archiveInvoice(context.platform, tenant, { unverifiedGuid: guid, archive: intent === INVOICE_INTENTS.archive, now })
      if (!archived.ok) throw notFound('Invoice not found')
      return redirectWithToast(path, { type: 'success', message: archived.value.message })
    }
    case INVOICE_INTENTS.email: {
      const today = tenantToday(context.platform, tenant)
      const invoice = await loadStaffInvoice(context.platform.database, tenant, guid, today)
      if (!invoice) throw notFound('Invoice not found')
      const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
      const emailed = await emailInvoice(context.platform, tenant, { invoice, origin, today, now })
      return redirectWithToast(path, emailed.ok ? { type: 'success', message: emailed.value.message } : { type: 'error', message: emailed.message })
    }
    default:
      throw notFound()
  }
}

export default function InvoiceRoute() {
  const { shell: loadedShell, invoice, confirmVoid, confirmVoidText, payPath } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { shell, toast, session } = loadedShell
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={loadedShell.sidebarFolded} session={session}>
      <StaffInvoiceView invoice={invoice} payment={answered?.payment ?? null} confirmVoid={confirmVoid} confirmVoidText={confirmVoidText} payPath={payPath} />
    </StaffShell>
  )
}
