import { data, type ActionFunctionArgs } from '@remix-run/node'
import { MORE_LINES_INTENT, visibleLineCount } from '#app/components/invoices/staff-invoice-form'
import { requireStaffArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { tenantToday } from '#server/dates/tenant-today'
import { notFound } from '#server/errors/responses'
import { translateMessage } from '#server/i18n/translate-message'
import { invoiceFormValues, translateInvoiceFormErrors, type InvoiceFormErrors } from '#server/invoices/invoice-form'
import { saveStaffInvoice } from '#server/invoices/save-staff-invoice'

/**
 * The post of the staff invoice form, new (`editGuid` null) or edited: More lines draws the form
 * again with two more rows (without JavaScript), Save writes it and goes to the invoice, and a
 * refusal draws the form again with what was typed and the messages.
 */
export async function invoiceFormAction({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, editGuid: string | null) {
  const access = await requireStaffArea(request, context)
  const form = await request.formData()
  const values = invoiceFormValues(form)
  const asked = Number(form.get('shownLines')) || 0
  if (form.get('intent') === MORE_LINES_INTENT) return data({ values, errors: {} as InvoiceFormErrors, shownLines: visibleLineCount(values, asked + 2) })
  const saved = await saveStaffInvoice(context.platform, access.tenant, { values, editGuid, today: tenantToday(context.platform, access.tenant), now: context.platform.clock.now() })
  if (saved.ok) return redirectWithToast(`/invoices/${saved.value.guid}`, { type: 'success', message: saved.value.message })
  if (saved.error === 'not_found') throw notFound('Invoice not found')
  return data({ values, errors: translateInvoiceFormErrors(saved.details.errors, (message) => translateMessage(context.language, message)), shownLines: visibleLineCount(values, asked) }, { status: saved.error === 'conflict' ? 409 : 400 })
}
