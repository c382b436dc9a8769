import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { InvoiceStatus } from '#db/tables/checkout'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { formatDate } from '#server/dates/tenant-dates'
import { invoiceStatusText } from '#server/invoices/invoice-status-text'
import type { Tenant } from '#server/tenancy/tenant'

export interface MyDonation {
  invoiceGuid: string
  numberText: string
  campaign: string
  dateText: string
  amountText: string
  status: InvoiceStatus
  statusText: string
}

export interface MyDonationsPage {
  donations: MyDonation[]
  /** What the student gave, per currency, on invoices that are paid. */
  givenTexts: string[]
}

/** How many gifts the page lists, newest first. */
export const MY_DONATIONS_LIMIT = 200

/**
 * A student's gifts to the studio's donation campaigns (student /mydonation): each donation
 * line of their invoices, newest first, with the invoice it was given on and its status (a
 * gift waiting for its card payment shows as such). Void invoices are left out.
 */
export async function loadMyDonations(database: DatabaseHandle, tenant: Tenant, contactId: string): Promise<MyDonationsPage> {
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .select(['invoices.guid', 'invoices.number', 'invoices.created_at', 'invoices.status', 'invoices.paid_minor', 'invoices.currency', 'invoice_lines.item_name', 'invoice_lines.total_minor'])
      .where('invoices.contact_id', '=', contactId)
      .where('invoice_lines.item_type', '=', 'donation')
      .where('invoices.status', '<>', 'void')
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoice_lines.sequence')
      .limit(MY_DONATIONS_LIMIT)
      .execute(),
  )
  const given = new Map<string, number>()
  for (const row of rows) if (row.status === 'paid') given.set(row.currency, (given.get(row.currency) ?? 0) + Number(row.total_minor))
  return {
    donations: rows.map((row) => ({
      invoiceGuid: row.guid,
      numberText: invoiceNumberText(row.number),
      campaign: row.item_name,
      dateText: formatDate(row.created_at, tenant.settings),
      amountText: moneyText(Number(row.total_minor), row.currency),
      status: row.status,
      statusText: invoiceStatusText({ status: row.status, paidMinor: Number(row.paid_minor) }),
    })),
    givenTexts: [...given.entries()].map(([currency, minor]) => moneyText(minor, currency)),
  }
}
