import { withTenant } from '#db/tenant-scope'
import { paragraphsFrom, studioOrProductEmail } from '#server/email-templates/studio-email'
import { productTypeText } from '#server/email-templates/render-template'
import type { InvoiceStatus } from '#db/tables/checkout'
import { err, ok, type WordedResult } from '#server/errors/result'
import { queueEmail } from '#server/mail/queue-email'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { publicInvoicePath } from './public-invoice-path'
import type { StaffInvoice } from './staff-invoice'

/** The spec's invoice email templates, chosen by the invoice's status (spec 001: payment status values). */
export type InvoiceTemplate = 'invoice_pending' | 'invoice_success' | 'invoice_failed' | 'invoice_reminder'

export const EMAIL_MESSAGES = {
  sent: (email: string) => `The invoice was emailed to ${email}.`,
  noEmail: 'This contact has no email address. Add one on their profile first.',
  notSendable: 'A void invoice is not emailed.',
} as const

/**
 * Which template an invoice is emailed with: paid (or given back) is its receipt, a refused
 * membership charge is the failed notice, an open invoice past its due date is the reminder,
 * and any other open invoice asks to be paid.
 */
export function invoiceTemplateFor(invoice: { status: InvoiceStatus; dueOn: string | null }, today: string): InvoiceTemplate | null {
  switch (invoice.status) {
    case 'paid':
    case 'refunded':
      return 'invoice_success'
    case 'failed':
      return 'invoice_failed'
    case 'void':
      return null
    case 'pending':
    case 'unpaid':
      return invoice.dueOn !== null && invoice.dueOn < today ? 'invoice_reminder' : 'invoice_pending'
  }
}

/**
 * The built-in words of each template, until a tenant edits its own on the templates screen.
 * Plain text, so every mail client shows it the same.
 */
export function invoiceEmailText(template: InvoiceTemplate, invoice: StaffInvoice, studioName: string, payUrl: string): { subject: string; text: string } {
  const heading: Record<InvoiceTemplate, { subject: string; opening: string }> = {
    invoice_pending: { subject: `Invoice ${invoice.numberText} from ${studioName}`, opening: `Here is your invoice ${invoice.numberText} from ${studioName}.` },
    invoice_success: { subject: `Receipt for invoice ${invoice.numberText} from ${studioName}`, opening: `Thank you: invoice ${invoice.numberText} is paid.` },
    invoice_failed: {
      subject: `Payment failed for invoice ${invoice.numberText}`,
      opening: `We could not take the payment for invoice ${invoice.numberText}. You can pay it with another card from the link below.`,
    },
    invoice_reminder: {
      subject: `Reminder: invoice ${invoice.numberText} is overdue`,
      opening: `This is a reminder that invoice ${invoice.numberText} from ${studioName} was due on ${invoice.dueText ?? ''} and is not paid yet.`,
    },
  }
  const lines = invoice.lines.map((line) => {
    const what = [line.itemName, line.optionName].filter(Boolean).join(': ')
    return `- ${line.quantity > 1 ? `${line.quantity} × ` : ''}${what}: ${line.totalText}`
  })
  const sums = [
    `Subtotal: ${invoice.totals.subtotal}`,
    ...(invoice.totals.discount ? [`Discount: ${invoice.totals.discount}`] : []),
    ...(invoice.totals.cardFees ? [`Card fees: ${invoice.totals.cardFees}`] : []),
    ...(invoice.totals.tax ? [`${invoice.totals.taxLabel}: ${invoice.totals.tax}`] : []),
    `Total: ${invoice.totals.total}`,
    `Paid: ${invoice.totals.paid}`,
    ...(invoice.totals.refunded ? [`Refunded: ${invoice.totals.refunded}`] : []),
    `Balance due: ${invoice.totals.balance}`,
  ]
  const open = template !== 'invoice_success'
  return {
    subject: heading[template].subject,
    text: [
      `Hello ${invoice.contact.name},`,
      '',
      heading[template].opening,
      ...(invoice.dueText && open ? ['', `Due date: ${invoice.dueText}`] : []),
      '',
      ...lines,
      '',
      ...sums,
      ...(invoice.note ? ['', invoice.note] : []),
      '',
      open ? `Pay online: ${payUrl}` : `Your invoice: ${payUrl}`,
    ].join('\n'),
  }
}

/** 'Email' on an invoice (spec: POST item/invoice/{id}/email): the template matching its status, through the outbox. */
export async function emailInvoice(
  platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'caches' | 'tenants'>,
  tenant: Tenant,
  input: { invoice: StaffInvoice; origin: string; today: string; now: Date },
): Promise<WordedResult<{ message: string; template: InvoiceTemplate }, 'conflict'>> {
  const { invoice } = input
  const template = invoiceTemplateFor({ status: invoice.status, dueOn: invoice.dueOn }, input.today)
  if (!template) return err('conflict', EMAIL_MESSAGES.notSendable)
  if (!invoice.contact.email) return err('conflict', EMAIL_MESSAGES.noEmail)
  const productEmail = invoiceEmailText(template, invoice, tenant.name, `${input.origin}${publicInvoicePath(invoice.guid)}`)
  const first = invoice.lines[0]
  const email = await studioOrProductEmail(platform, tenant, {
    templateName: template,
    contact: { guid: invoice.contact.guid },
    product: first ? { name: first.itemName, type: first.isCustom ? '' : productTypeText(first.itemType) } : null,
    productEmail,
    // After the greeting and its opening line: the due date, the lines, the sums and the link to pay.
    details: paragraphsFrom(productEmail.text, 2),
  })
  await queueEmail(platform, { tenantId: tenant.id, to: invoice.contact.email, ...email })
  await withTenant(platform.database, tenant.id, (trx) => trx.updateTable('invoices').set({ emailed_at: input.now }).where('guid', '=', invoice.guid).execute())
  platform.caches.changed(tenant.id, ['invoices'])
  return ok({ message: EMAIL_MESSAGES.sent(invoice.contact.email), template })
}

