import { withTenant } from '#db/tenant-scope'
import type { CATALOG } from '#server/i18n/catalog'
import { paragraphsFrom, studioOrProductEmail } from '#server/email-templates/studio-email'
import { productTypeText } from '#server/email-templates/render-template'
import { giftNameIn } from '#server/checkout/gift-name-in'
import type { InvoiceStatus } from '#db/tables/checkout'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { queueEmail } from '#server/mail/queue-email'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { publicInvoicePath } from './public-invoice-path'
import { loadStaffInvoice, type StaffInvoice } from './staff-invoice'

/** The spec's invoice email templates, chosen by the invoice's status (spec 001: payment status values). */
type EmailWord = keyof (typeof CATALOG)['en']['emails']

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

const TEMPLATE_WORDS = {
  invoice_pending: { subject: 'invoicePendingSubject', opening: 'invoicePendingOpening' },
  invoice_success: { subject: 'invoiceSuccessSubject', opening: 'invoiceSuccessOpening' },
  invoice_failed: { subject: 'invoiceFailedSubject', opening: 'invoiceFailedOpening' },
  invoice_reminder: { subject: 'invoiceReminderSubject', opening: 'invoiceReminderOpening' },
} as const satisfies Record<InvoiceTemplate, { subject: EmailWord; opening: EmailWord }>

/**
 * The built-in words of each template, until a tenant edits its own on the templates screen,
 * in the contact's language (amounts and the due date come written in it with the invoice).
 * Plain text, so every mail client shows it the same.
 */
export function invoiceEmailText(template: InvoiceTemplate, invoice: StaffInvoice, studioName: string, payUrl: string, language: Language = 'en'): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  const values = { number: invoice.numberText, studio: studioName, due: invoice.dueText ?? '' }
  const lines = invoice.lines.map((line) => {
    // A gift's option is the product's own name ('Monthly gift'): the reader reads it in their language.
    const option = line.optionName && line.itemType === 'donation' ? giftNameIn(line.optionName, language) : line.optionName
    const what = [line.itemName, option].filter(Boolean).join(': ')
    return `- ${line.quantity > 1 ? `${line.quantity} × ` : ''}${what}: ${line.totalText}`
  })
  const { totals } = invoice
  const sums = [
    t('subtotal', { amount: totals.subtotal }),
    ...(totals.discount ? [t('discount', { amount: totals.discount })] : []),
    ...(totals.cardFees ? [t('cardFees', { amount: totals.cardFees })] : []),
    ...(totals.tax ? [t('taxLine', { label: totals.taxLabel, amount: totals.tax })] : []),
    t('total', { amount: totals.total }),
    t('paid', { amount: totals.paid }),
    ...(totals.refunded ? [t('refunded', { amount: totals.refunded })] : []),
    t('balanceDue', { amount: totals.balance }),
  ]
  const open = template !== 'invoice_success'
  return {
    subject: t(TEMPLATE_WORDS[template].subject, values),
    text: [
      t('hello', { name: invoice.contact.name }),
      '',
      t(TEMPLATE_WORDS[template].opening, values),
      ...(invoice.dueText && open ? ['', t('dueDate', { date: invoice.dueText })] : []),
      '',
      ...lines,
      '',
      ...sums,
      ...(invoice.note ? ['', invoice.note] : []),
      '',
      open ? t('payOnline', { url: payUrl }) : t('yourInvoice', { url: payUrl }),
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
  // The contact reads it in their language: amounts and the due date written in it too.
  const language = recipientLanguage(invoice.contact.language, tenant)
  const shown = language === 'en' ? invoice : ((await loadStaffInvoice(platform.database, tenant, invoice.guid, input.today, language)) ?? invoice)
  const productEmail = invoiceEmailText(template, shown, tenant.name, `${input.origin}${publicInvoicePath(invoice.guid)}`, language)
  const first = invoice.lines[0]
  const email = await studioOrProductEmail(platform, tenant, {
    templateName: template,
    contact: { guid: invoice.contact.guid },
    product: first ? { name: first.itemName, type: first.isCustom ? '' : productTypeText(first.itemType, language) } : null,
    productEmail,
    // After the greeting and its opening line: the due date, the lines, the sums and the link to pay.
    details: paragraphsFrom(productEmail.text, 2),
  })
  await queueEmail(platform, { tenantId: tenant.id, to: invoice.contact.email, ...email })
  await withTenant(platform.database, tenant.id, (trx) => trx.updateTable('invoices').set({ emailed_at: input.now }).where('guid', '=', invoice.guid).execute())
  platform.caches.changed(tenant.id, ['invoices'])
  return ok({ message: EMAIL_MESSAGES.sent(invoice.contact.email), template })
}

