import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { InvoiceStatus } from '#db/tables/checkout'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { awaitsPayment } from '#server/payments/payable-invoice'
import type { Tenant } from '#server/tenancy/tenant'
import { invoiceStatusText, type InvoiceStatusWord } from './invoice-status-text'
import { publicInvoicePath } from './public-invoice-path'

export interface MyInvoice {
  guid: string
  numberText: string
  dateText: string
  dueText: string | null
  itemsText: string
  totalText: string
  balanceText: string
  status: InvoiceStatus
  /** The English status word; the page shows it in its language. */
  statusText: InvoiceStatusWord
  /** Where it is paid (its public pay link), while it waits for money. */
  payPath: string | null
}

/** How many of a student's invoices one page shows; older ones are rarely looked for. */
export const MY_INVOICES_LIMIT = 100

/**
 * A student's own invoices, newest first (student /invoices), or only their membership
 * payments (/meminvoice). Void invoices and checkout orders abandoned before payment are left
 * out: they were never owed.
 */
export async function loadMyInvoices(
  database: DatabaseHandle,
  tenant: Tenant,
  input: { contactId: string; membershipOnly: boolean },
  language: Language = 'en',
): Promise<MyInvoice[]> {
  const rows = await withTenant(database, tenant.id, (trx) => {
    let query = trx
      .selectFrom('invoices')
      .select(['guid', 'number', 'created_at', 'due_on', 'total_minor', 'balance_minor', 'paid_minor', 'status', 'currency'])
      .select(sql<string | null>`(select string_agg(item_name, ', ' order by sequence) from invoice_lines where invoice_lines.invoice_id = invoices.id)`.as('items'))
      .where('contact_id', '=', input.contactId)
      .where('status', '<>', 'void')
    if (input.membershipOnly) query = query.where('source', '=', 'membership')
    return query.orderBy('created_at', 'desc').orderBy('number', 'desc').limit(MY_INVOICES_LIMIT).execute()
  })
  return rows.map((row) => ({
    guid: row.guid,
    numberText: invoiceNumberText(row.number),
    dateText: dateInLanguage(row.created_at, tenant.settings, 'date', language),
    // A due day is a calendar day, not an instant: written as it is, in no zone.
    dueText: row.due_on ? dateInLanguage(new Date(`${row.due_on}T12:00:00Z`), { ...tenant.settings, timezone: 'UTC' }, 'date', language) : null,
    itemsText: row.items ?? '',
    totalText: moneyText(Number(row.total_minor), row.currency, language),
    balanceText: moneyText(Number(row.balance_minor), row.currency, language),
    status: row.status,
    statusText: invoiceStatusText({ status: row.status, paidMinor: Number(row.paid_minor) }),
    payPath: awaitsPayment(row.status) && Number(row.balance_minor) > 0 ? publicInvoicePath(row.guid) : null,
  }))
}
