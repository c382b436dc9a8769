import { withTenant } from '#db/tenant-scope'
import { paragraphsFrom, studioOrProductEmail, type OutgoingWords } from '#server/email-templates/studio-email'
import { queueEmail, queueTenantEmails } from '#server/mail/queue-email'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { loadMembershipPeriodOrders, loadOrder, type OrderView } from './order-view'

/** The receipt's words: plain text, so every mail client shows it the same. */
export function receiptText(order: OrderView, studioName: string, orderUrl: string): { subject: string; text: string } {
  const lines = order.lines.map((line) => {
    const what = [line.itemName, line.optionName].filter(Boolean).join(': ')
    const given = line.givenText ? ` (${line.givenText})` : ''
    return `- ${line.quantity > 1 ? `${line.quantity} × ` : ''}${what}${given}: ${line.amountText}`
  })
  const sums = [
    `Subtotal: ${order.totals.subtotal}`,
    ...(order.totals.discount ? [`${order.totals.discountLabel}: ${order.totals.discount}`] : []),
    ...(order.totals.cardFees ? [`Card fees: ${order.totals.cardFees}`] : []),
    ...(order.totals.tax ? [`${order.totals.taxLabel}: ${order.totals.tax}`] : []),
    `Total: ${order.totals.total}`,
  ]
  // An invoice staff wrote is paid, not ordered: its receipt says so (the invoice_success words).
  const thanks = order.isStaffInvoice ? `Thank you: invoice ${order.numberText} from ${studioName} is paid.` : `Thank you for your order from ${studioName} on ${order.dateText}.`
  return {
    subject: order.isStaffInvoice ? `Receipt for invoice ${order.numberText} from ${studioName}` : `Your order ${order.numberText} from ${studioName}`,
    text: [
      `Hello ${order.buyerName},`,
      '',
      thanks,
      '',
      ...lines,
      '',
      ...sums,
      '',
      `${order.isStaffInvoice ? 'Your invoice' : 'Your order'}: ${orderUrl}`,
    ].join('\n'),
  }
}

/**
 * Queues a sale's receipt to its buyer. Never throws: the sale stands without its email, and
 * the confirmation page shows the receipt; a failure is logged for staff.
 */
export async function queueReceiptEmail(platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'logger' | 'tenants'>, tenant: Tenant, input: { invoiceGuid: string; origin: string }): Promise<void> {
  try {
    const order = await loadOrder(platform.database, tenant, input.invoiceGuid)
    // A till sale to a contact without an email has nobody to send it to.
    if (!order || !order.email) return
    await queueEmail(platform, { tenantId: tenant.id, ...(await receiptEmailOf(platform, tenant, order, input.origin)) })
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
async function receiptEmailOf(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Tenant, order: OrderView, origin: string): Promise<{ to: string } & OutgoingWords> {
  const productEmail = receiptText(order, tenant.name, `${origin}${orderPathFor(order.guid)}`)
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
