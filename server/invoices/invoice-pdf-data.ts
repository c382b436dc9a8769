import { createHash } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import type { InvoiceLinesTable, InvoicesTable } from '#db/tables/checkout'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { discountLabelFor } from '#server/checkout/cart-view'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage, dayInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { readTenantSettings, type TenantSettings } from '#server/tenancy/tenant-settings'
import { invoiceStatusText, type InvoiceStatusWord } from './invoice-status-text'
import type { InvoicePdfData } from './render-invoice-pdf'
import { isUuid } from '#server/text/is-uuid'

/**
 * Raised when the PDF's layout changes in a way that should replace PDFs already made: it is
 * part of every version, so a changed layout makes every invoice's PDF anew when next asked.
 */
const INVOICE_PDF_LAYOUT = 2

/** Which invoice: by its public guid, for a reader (a student reads only their own), or by id for the job. */
export type InvoicePdfTarget = { guid: string; onlyContactId: string | null } | { invoiceId: string }

export interface InvoicePdfSource {
  invoice: { id: string; number: number; contactId: string }
  data: InvoicePdfData
  /** sha-256 hex of what is printed: the PDF's version. */
  version: string
  fileName: string
}

/** A guid from a request, when it has the shape of one; anything else finds nothing. */
export function parseInvoiceGuid(unverified: unknown): string | null {
  return typeof unverified === 'string' && isUuid(unverified) ? unverified.toLowerCase() : null
}

/** The invoice, its lines and the tenant's letterhead as the PDF prints them, read in one withTenant. */
export function loadInvoicePdfSource(database: DatabaseHandle, tenantId: string, target: InvoicePdfTarget): Promise<InvoicePdfSource | null> {
  return withTenant(database, tenantId, (trx) => readInvoicePdfSource(trx, tenantId, target))
}

/** As loadInvoicePdfSource, inside a caller's tenant transaction (the tenant's row-level security keeps other tenants' invoices out). */
export async function readInvoicePdfSource(trx: TenantExecutor, tenantId: string, target: InvoicePdfTarget): Promise<InvoicePdfSource | null> {
  let query = trx.selectFrom('invoices').selectAll()
  if ('invoiceId' in target) query = query.where('id', '=', target.invoiceId)
  else {
    query = query.where('guid', '=', target.guid)
    if (target.onlyContactId !== null) query = query.where('contact_id', '=', target.onlyContactId)
  }
  const invoice = await query.executeTakeFirst()
  if (!invoice) return null
  const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoice.id).orderBy('sequence').execute()
  const tenant = await trx.selectFrom('tenants').select(['name', 'settings']).where('id', '=', tenantId).executeTakeFirst()
  if (!tenant) return null
  const buyer = await trx.selectFrom('contacts').select('language').where('id', '=', invoice.contact_id).executeTakeFirst()
  const settings = readTenantSettings(tenant.settings)
  // In the buyer's language whoever asks: staff, the student and the public page get the same PDF.
  const language = recipientLanguage(buyer?.language, { settings })
  const data = invoicePdfData({ invoice, lines, tenant: { name: tenant.name, settings }, language })
  return {
    invoice: { id: invoice.id, number: invoice.number, contactId: invoice.contact_id },
    data,
    version: invoicePdfVersion(data),
    fileName: invoicePdfFileName(invoice.number, language),
  }
}

/** 'invoice-0042.pdf' ('fatura-0042.pdf'): the name the browser saves it under, in the PDF's language. */
export function invoicePdfFileName(number: number, language: Language = 'en'): string {
  return tFor(language, 'documents')('invoiceFileName', { number: invoiceNumberText(number).replace(/^#/, '') })
}

/** Where one version's PDF lives in the tenant's files: fixed by it, so a retried job finds what it wrote. */
export function invoicePdfKey(invoiceId: string, version: string): string {
  return `invoice-pdfs/${invoiceId.toLowerCase()}/${version}.pdf`
}

export function invoicePdfVersion(data: InvoicePdfData): string {
  return createHash('sha256')
    .update(JSON.stringify({ layout: INVOICE_PDF_LAYOUT, data }))
    .digest('hex')
}

type Minor = string | number | bigint

const STATUS_KEYS = {
  Pending: 'invoiceStatusPending',
  Complete: 'invoiceStatusComplete',
  'On account': 'invoiceStatusOnAccount',
  Failed: 'invoiceStatusFailed',
  Void: 'invoiceStatusVoid',
  Refunded: 'invoiceStatusRefunded',
  Partial: 'invoiceStatusPartial',
} as const satisfies Record<InvoiceStatusWord, string>

/**
 * The rows written out as the PDF prints them in `language` (English when not given): money in
 * the invoice's currency, dates in the tenant's zone (and, in English, its date format). The
 * tax label is the tenant's word and stays; only the fallback 'Tax' is ours.
 */
export function invoicePdfData(input: {
  invoice: Selectable<InvoicesTable>
  lines: ReadonlyArray<Selectable<InvoiceLinesTable>>
  tenant: { name: string; settings: TenantSettings }
  language?: Language
}): InvoicePdfData {
  const { invoice, tenant } = input
  const language = input.language ?? 'en'
  const t = tFor(language, 'documents')
  const settings = tenant.settings
  const money = (minor: Minor) => moneyText(Number(minor), invoice.currency, language)
  const paidMinor = Number(invoice.paid_minor)
  const refundedMinor = Number(invoice.refunded_minor)
  const totals: InvoicePdfData['totals'] = [{ label: t('subtotal'), value: money(invoice.subtotal_minor) }]
  if (Number(invoice.discount_minor) > 0) totals.push({ label: discountLabelFor(invoice.offer_code, language), value: `-${money(invoice.discount_minor)}` })
  totals.push({ label: t('cardFees'), value: money(invoice.card_fees_minor) })
  totals.push({ label: invoice.tax_label.trim() || t('tax'), value: money(invoice.tax_minor) })
  totals.push({ label: t('total'), value: money(invoice.total_minor), emphasis: true })
  if (paidMinor > 0) totals.push({ label: t('paid'), value: money(paidMinor) })
  if (refundedMinor > 0) totals.push({ label: t('refunded'), value: money(refundedMinor) })
  totals.push({ label: t('balance'), value: money(invoice.balance_minor), emphasis: true })

  const { line1, city, state, zip } = settings.address
  const place = [city.trim(), [state.trim(), zip.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return {
    language,
    organisation: {
      name: tenant.name,
      email: (settings.email || settings.fromEmail).trim(),
      addressLines: [line1.trim(), place, settings.country.trim()].filter(Boolean),
      // Only the tenant's own uploads are printed: the job never fetches an address from elsewhere.
      logoUrl: settings.logo.startsWith('/uploads/') ? settings.logo : null,
      invoiceNote: settings.invoiceNote.trim(),
    },
    numberText: invoiceNumberText(invoice.number),
    statusText: t(STATUS_KEYS[invoiceStatusText({ status: invoice.status, paidMinor })]),
    issuedText: dateInLanguage(invoice.created_at, settings, 'date', language),
    dueText: invoice.due_on ? calendarDateText(invoice.due_on, settings, language) : null,
    currency: invoice.currency,
    billTo: {
      name: `${invoice.first_name} ${invoice.last_name}`.trim(),
      email: invoice.email,
      phone: invoice.phone?.trim() || null,
    },
    lines: input.lines.map((line) => ({
      name: line.item_name,
      detail:
        [line.option_name && line.option_name !== line.item_name ? line.option_name : null, line.occurrence_starts_at ? dateInLanguage(line.occurrence_starts_at, settings, 'dateTime', language) : null]
          .filter(Boolean)
          .join(' · ') || null,
      quantity: String(line.quantity),
      unitPrice: money(line.unit_price_minor),
      amount: money(line.price_minor),
    })),
    totals,
    note: invoice.note.trim(),
  }
}

/** A calendar date ('2026-12-01', no time and no zone) in the tenant's date format, or Turkish's. */
function calendarDateText(value: string | Date, settings: TenantSettings, language: Language): string {
  return dayInLanguage(typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10), settings, language)
}
