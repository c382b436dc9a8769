import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { amountInputValue } from '#server/catalog/money'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { CUSTOM_LINE, emptyLine, INVOICE_FORM_LINES, type InvoiceFormValues } from './invoice-form'

export interface InvoiceFormContact {
  guid: string
  name: string
  email: string | null
}

/** The contact a new invoice is for, by guid from the address; null when there is none such. */
export async function loadInvoiceContact(database: DatabaseHandle, tenant: Tenant, unverifiedGuid: string | null): Promise<InvoiceFormContact | null> {
  if (!unverifiedGuid || !isUuid(unverifiedGuid)) return null
  const row = await withTenant(database, tenant.id, (trx) =>
    trx.selectFrom('contacts').select(['guid', 'first_name', 'last_name', 'email']).where('guid', '=', unverifiedGuid).where('is_archived', '=', false).executeTakeFirst(),
  )
  return row ? { guid: row.guid, name: `${row.first_name} ${row.last_name}`.trim() || (row.email ?? ''), email: row.email } : null
}

/** A blank form for a new invoice: the studio's invoice note by default (Payment Settings). */
export function newInvoiceValues(tenant: Tenant, contactGuid: string): InvoiceFormValues {
  return { contact: contactGuid, dueOn: '', note: tenant.settings.invoiceNote, salesPerson: '', lines: Array.from({ length: INVOICE_FORM_LINES }, emptyLine) }
}

/** A staff invoice as its edit form shows it, with its contact; null for an unknown guid. */
export async function loadInvoiceFormValues(
  database: DatabaseHandle,
  tenant: Tenant,
  unverifiedGuid: string,
): Promise<{ values: InvoiceFormValues; contact: InvoiceFormContact; number: number } | null> {
  if (!isUuid(unverifiedGuid)) return null
  return withTenant(database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
      .leftJoin('contacts as seller', 'seller.id', 'invoices.sales_person_id')
      .select([
        'invoices.id',
        'invoices.number',
        'invoices.due_on',
        'invoices.note',
        'invoices.currency',
        'contacts.guid',
        'contacts.first_name',
        'contacts.last_name',
        'contacts.email',
        'seller.guid as seller_guid',
      ])
      .where('invoices.guid', '=', unverifiedGuid)
      .executeTakeFirst()
    if (!invoice) return null
    const lines = await trx
      .selectFrom('invoice_lines')
      .leftJoin('item_price_options', 'item_price_options.id', 'invoice_lines.price_option_id')
      .select([
        'invoice_lines.item_type',
        'invoice_lines.item_name',
        'invoice_lines.quantity',
        'invoice_lines.unit_price_minor',
        'invoice_lines.tax_minor',
        'invoice_lines.card_fees_minor',
        'item_price_options.guid as option_guid',
      ])
      .where('invoice_lines.invoice_id', '=', invoice.id)
      .orderBy('invoice_lines.sequence')
      .limit(INVOICE_FORM_LINES)
      .execute()
    const formLines = lines.map((line) =>
      line.item_type === 'custom'
        ? {
            choice: CUSTOM_LINE,
            description: line.item_name,
            price: amountInputValue(Number(line.unit_price_minor), invoice.currency),
            quantity: String(line.quantity),
            taxable: Number(line.tax_minor) > 0,
            cardFees: Number(line.card_fees_minor) > 0,
          }
        : { ...emptyLine(), choice: line.option_guid ?? '', quantity: String(line.quantity) },
    )
    while (formLines.length < INVOICE_FORM_LINES) formLines.push(emptyLine())
    return {
      number: invoice.number,
      contact: { guid: invoice.guid, name: `${invoice.first_name} ${invoice.last_name}`.trim() || (invoice.email ?? ''), email: invoice.email },
      values: { contact: invoice.guid, dueOn: invoice.due_on ?? '', note: invoice.note, salesPerson: invoice.seller_guid ?? '', lines: formLines },
    }
  })
}
