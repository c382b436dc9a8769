import { PDFDocument } from 'pdf-lib'
import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import type { Selectable } from 'kysely'
import type { InvoiceLinesTable, InvoicesTable } from '#db/tables/checkout'
import { invoicePdfData, invoicePdfFileName, invoicePdfVersion } from '#server/invoices/invoice-pdf-data'
import { renderInvoicePdf } from '#server/invoices/render-invoice-pdf'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'
import { tinyPngDataUrl } from '#tests/unit/forms/png-fixture'

const png = Buffer.from(tinyPngDataUrl.split(',')[1], 'base64')
const madeAt = new Date('2026-11-30T10:00:00Z')

async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false })
  return text
}

const invoice: Selectable<InvoicesTable> = {
  id: '00000000-0000-4000-8000-000000000001',
  tenant_id: '00000000-0000-4000-8000-000000000002',
  guid: '00000000-0000-4000-8000-000000000003',
  number: 42,
  contact_id: '00000000-0000-4000-8000-000000000004',
  status: 'unpaid',
  source: 'staff',
  payment_method: 'account',
  currency: 'USD',
  subtotal_minor: '12000',
  discount_minor: '1000',
  card_fees_minor: '330',
  tax_minor: '880',
  total_minor: '12210',
  balance_minor: '7210',
  paid_minor: '5000',
  refunded_minor: '0',
  tax_label: 'VAT',
  offer_code: 'SPRING',
  offer_id: null,
  first_name: 'Zoë',
  last_name: 'Łukasz',
  email: 'zoe@example.test',
  phone: '+1 555 0100',
  note: 'Thank you for training with us.',
  sales_person_id: null,
  idempotency_key: null,
  paid_at: null,
  voided_at: null,
  due_on: '2026-12-15',
  is_archived: false,
  emailed_at: null,
  created_at: new Date('2026-11-22T10:00:00Z'),
  updated_at: new Date('2026-11-22T10:00:00Z'),
} as Selectable<InvoicesTable>

function line(sequence: number, changes: Partial<Selectable<InvoiceLinesTable>> = {}): Selectable<InvoiceLinesTable> {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(sequence).padStart(2, '0')}`,
    tenant_id: invoice.tenant_id,
    invoice_id: invoice.id,
    sequence,
    item_id: null,
    price_option_id: null,
    item_name: 'Private coaching',
    item_type: 'custom',
    option_name: null,
    quantity: 2,
    unit_price_minor: '6000',
    price_minor: '12000',
    discount_minor: '1000',
    card_fees_minor: '330',
    tax_minor: '880',
    total_minor: '12210',
    membership_type: null,
    credits: null,
    subscription: null,
    occurrence_starts_at: null,
    membership_id: null,
    enrolment_id: null,
    booking_id: null,
    event_registration_id: null,
    ...changes,
  } as Selectable<InvoiceLinesTable>
}

const settings = tenantSettingsSchema.parse({
  email: 'hello@studio.test',
  address: { line1: '12 Harbour Street', city: 'Portland', state: 'ME', zip: '04101' },
  timezone: 'America/New_York',
  dateFormat: 'MM/dd/YYYY',
  logo: '/uploads/abcdefghijklmnopqrstuvwx.png',
  invoiceNote: 'Payable within 14 days.',
})

const data = invoicePdfData({ invoice, lines: [line(1, { option_name: 'Two hours' })], tenant: { name: 'Harbour Yoga', settings } })

describe('invoicePdfData', () => {
  it('writes the invoice out as the PDF prints it', () => {
    expect(data).toMatchObject({
      numberText: '#0042',
      statusText: 'Partial',
      issuedText: '11/22/2026',
      dueText: '12/15/2026',
      currency: 'USD',
      organisation: {
        name: 'Harbour Yoga',
        email: 'hello@studio.test',
        addressLines: ['12 Harbour Street', 'Portland, ME 04101', 'United States'],
        logoUrl: '/uploads/abcdefghijklmnopqrstuvwx.png',
        invoiceNote: 'Payable within 14 days.',
      },
      billTo: { name: 'Zoë Łukasz', email: 'zoe@example.test', phone: '+1 555 0100' },
      lines: [{ name: 'Private coaching', detail: 'Two hours', quantity: '2', unitPrice: '$60.00', amount: '$120.00' }],
    })
    expect(data.totals).toEqual([
      { label: 'Subtotal', value: '$120.00' },
      { label: 'Discount (SPRING)', value: '-$10.00' },
      { label: 'Card fees', value: '$3.30' },
      { label: 'VAT', value: '$8.80' },
      { label: 'Total', value: '$122.10', emphasis: true },
      { label: 'Paid', value: '$50.00' },
      { label: 'Balance', value: '$72.10', emphasis: true },
    ])
    expect(invoicePdfFileName(42)).toBe('invoice-0042.pdf')
    expect(invoicePdfFileName(42, 'tr')).toBe('fatura-0042.pdf')
  })

  it('has a new version when anything printed changes, and the same one otherwise', () => {
    const again = invoicePdfData({ invoice: { ...invoice }, lines: [line(1, { option_name: 'Two hours' })], tenant: { name: 'Harbour Yoga', settings } })
    expect(invoicePdfVersion(again)).toBe(invoicePdfVersion(data))
    const paid = invoicePdfData({
      invoice: { ...invoice, status: 'paid', paid_minor: '12210', balance_minor: '0', paid_at: new Date() },
      lines: [line(1, { option_name: 'Two hours' })],
      tenant: { name: 'Harbour Yoga', settings },
    })
    expect(paid.statusText).toBe('Complete')
    expect(invoicePdfVersion(paid)).not.toBe(invoicePdfVersion(data))
    const renamed = invoicePdfData({ invoice, lines: [line(1, { option_name: 'Two hours' })], tenant: { name: 'Harbour Yoga & Pilates', settings } })
    expect(invoicePdfVersion(renamed)).not.toBe(invoicePdfVersion(data))
    expect(invoicePdfVersion(data)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('leaves out a logo that is not one of the tenant’s uploads', () => {
    const elsewhere = invoicePdfData({ invoice, lines: [], tenant: { name: 'Harbour Yoga', settings: { ...settings, logo: 'https://tracker.example/logo.png' } } })
    expect(elsewhere.organisation.logoUrl).toBeNull()
  })
})

describe('renderInvoicePdf', () => {
  it('prints the letterhead, the invoice number, the contact, the lines and the totals', async () => {
    const bytes = await renderInvoicePdf(data, { logoPng: png, madeAt })
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe('Invoice #0042')
    expect(pdf.getPageCount()).toBe(1)
    const [text] = await pagesOf(bytes)
    for (const expected of [
      'Harbour Yoga',
      '12 Harbour Street',
      'Portland, ME 04101',
      'hello@studio.test',
      '#0042',
      'Status: Partial',
      'Date: 11/22/2026',
      'Due: 12/15/2026',
      'Zoë',
      'zoe@example.test',
      'Private coaching',
      'Two hours',
      '$60.00',
      'Discount (SPRING)',
      '-$10.00',
      'Card fees',
      '$3.30',
      'VAT',
      '$122.10',
      'Balance',
      '$72.10',
      'All amounts are in USD.',
      'Thank you for training with us.',
      'Payable within 14 days.',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected)
    }
    // 'Ł' has no base letter Helvetica knows: folded where it can be, '?' and a note where not.
    expect(text).toContain('?ukasz')
    expect(text).toContain("shown as '?'")
  })

  it('runs a long invoice over pages, the table header again on each, totals after the last line', async () => {
    const many = invoicePdfData({
      invoice,
      lines: Array.from({ length: 60 }, (_, i) => line(i + 1, { item_name: `Coaching session ${i + 1} ${'with a long description '.repeat(i % 3)}`.trim() })),
      tenant: { name: 'Harbour Yoga', settings },
    })
    const bytes = await renderInvoicePdf(many, { logoPng: null, madeAt })
    const pages = await pagesOf(bytes)
    expect(pages.length).toBeGreaterThan(1)
    pages.forEach((page, index) => {
      expect(page).toContain('Unit price')
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
    })
    expect(pages.join('\n')).toContain('Coaching session 60')
    expect(pages.at(-1)).toContain('Balance')
  })
})
