import { withTenant } from '#db/tenant-scope'
import { paragraphsFrom, studioOrProductEmail, type OutgoingWords } from '#server/email-templates/studio-email'
import type { Language } from '#server/i18n/languages'
import { invoiceContactLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { queueEmail, queueTenantEmails } from '#server/mail/queue-email'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { loadMembershipPeriodOrders, loadOrder, loadOrderForBuyer, type OrderView } from './order-view'

/** The receipt's words in the buyer's language: plain text, so every mail client shows it the same. */
export function receiptText(order: OrderView, studioName: string, orderUrl: string, language: Language = 'en'): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  const lines = order.lines.map((line) => {
    const what = [line.itemName, line.optionName].filter(Boolean).join(': ')
    const given = line.givenText ? ` (${line.givenText})` : ''
    return `- ${line.quantity > 1 ? `${line.quantity} × ` : ''}${what}${given}: ${line.amountText}`
  })
  const { totals } = order
  const sums = [
    t('subtotal', { amount: totals.subtotal }),
    ...(totals.discount ? [t('taxLine', { label: totals.discountLabel, amount: totals.discount })] : []),
    ...(totals.cardFees ? [t('cardFees', { amount: totals.cardFees })] : []),
    ...(totals.tax ? [t('taxLine', { label: totals.taxLabel, amount: totals.tax })] : []),
    t('total', { amount: totals.total }),
  ]
  const values = { number: order.numberText, studio: studioName, date: order.dateText }
  // An invoice staff wrote is paid, not ordered: its receipt says so (the invoice_success words).
  const thanks = order.isStaffInvoice ? t('receiptInvoiceThanks', values) : t('receiptOrderThanks', values)
  return {
    subject: order.isStaffInvoice ? t('invoiceSuccessSubject', values) : t('receiptOrderSubject', values),
    text: [t('hello', { name: order.buyerName }), '', thanks, '', ...lines, '', ...sums, '', order.isStaffInvoice ? t('yourInvoice', { url: orderUrl }) : t('yourOrder', { url: orderUrl })].join('\n'),
  }
}

/**
 * Queues a sale's receipt to its buyer. Never throws: the sale stands without its email, and
 * the confirmation page shows the receipt; a failure is logged for staff.
 */
export async function queueReceiptEmail(platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'logger' | 'tenants'>, tenant: Tenant, input: { invoiceGuid: string; origin: string }): Promise<void> {
  try {
    const found = await loadOrderForBuyer(platform.database, tenant, input.invoiceGuid)
    // A till sale to a contact without an email has nobody to send it to.
    if (!found || !found.order.email) return
    await queueEmail(platform, { tenantId: tenant.id, ...(await receiptEmailOf(platform, tenant, found.order, input.origin, found.language)) })
  } catch (error) {
    platform.logger.error({ err: error, invoice: input.invoiceGuid }, 'the receipt of a sale could not be queued')
  }
}

/**
 * queueReceiptEmail for many paid membership periods of one studio (a billing run): their
 * invoices read together, the receipts written to the outbox in one insert. Never throws.
 */
export async function queueMembershipReceipts(
  platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'logger' | 'tenants'>,
  tenant: Tenant,
  input: { invoiceIds: readonly string[]; origin: string },
): Promise<void> {
  if (input.invoiceIds.length === 0) return
  try {
    const orders = await withTenant(platform.database, tenant.id, (trx) => loadMembershipPeriodOrders(trx, tenant, input.invoiceIds))
    const emails = await Promise.all(orders.filter((order) => order.email).map((order) => receiptEmailOf(platform, tenant, order, input.origin)))
    await queueTenantEmails(platform, tenant.id, emails)
  } catch (error) {
    platform.logger.error({ err: error, invoices: input.invoiceIds.length }, 'the receipts of membership payments could not be queued')
  }
}

/** A paid sale's receipt to its buyer: the studio's invoice_success template, or the product's words. */
async function receiptEmailOf(
  platform: Pick<Platform, 'database' | 'tenants'>,
  tenant: Tenant,
  order: OrderView,
  origin: string,
  /** The language `order` is already written in, when it was read for its buyer. */
  buyerLanguage?: Language,
): Promise<{ to: string } & OutgoingWords> {
  // The buyer reads it in their language: amounts and the date written in it too.
  const language = buyerLanguage ?? (await invoiceContactLanguage(platform.database, tenant, order.guid))
  const shown = buyerLanguage !== undefined || language === 'en' ? order : ((await loadOrder(platform.database, tenant, order.guid, language)) ?? order)
  const productEmail = receiptText(shown, tenant.name, `${origin}${orderPathFor(order.guid)}`, language)
  // A paid sale is the spec's 'complete' status, whose email is invoice_success.
  const email = await studioOrProductEmail(platform, tenant, {
    templateName: 'invoice_success',
    contact: { invoiceGuid: order.guid },
    product: order.lines[0] ? { name: order.lines[0].itemName, type: '' } : null,
    productEmail,
    details: paragraphsFrom(productEmail.text, 2),
  })
  return { to: order.email, ...email }
}

export function orderPathFor(guid: string): string {
  return `/checkout/orders/${guid}`
}
