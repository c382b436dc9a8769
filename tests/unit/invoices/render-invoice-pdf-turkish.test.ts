import { PDFDocument } from 'pdf-lib'
import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import type { Selectable } from 'kysely'
import type { InvoiceLinesTable, InvoicesTable } from '#db/tables/checkout'
import { invoicePdfData, invoicePdfVersion } from '#server/invoices/invoice-pdf-data'
import { renderInvoicePdf } from '#server/invoices/render-invoice-pdf'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'

const madeAt = new Date('2026-11-30T10:00:00Z')

const invoice = {
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
  tax_label: '',
  offer_code: 'BAHAR',
  offer_id: null,
  first_name: 'Işıl',
  last_name: 'Şahinoğlu',
  email: 'isil@example.test',
  phone: null,
  note: 'Bizimle çalıştığınız için teşekkürler.',
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

const line = {
  id: '00000000-0000-4000-8000-000000000101',
  tenant_id: invoice.tenant_id,
  invoice_id: invoice.id,
  sequence: 1,
  item_id: null,
  price_option_id: null,
  item_name: 'Özel ders (İleri düzey)',
  item_type: 'custom',
  option_name: 'İki saat',
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
  occurrence_starts_at: new Date('2026-12-01T16:00:00Z'),
  membership_id: null,
  enrolment_id: null,
  booking_id: null,
  event_registration_id: null,
} as Selectable<InvoiceLinesTable>

const settings = tenantSettingsSchema.parse({
  email: 'merhaba@studyo.test',
  address: { line1: 'Bağdat Caddesi 12', city: 'İstanbul', state: '', zip: '34710' },
  timezone: 'Europe/Istanbul',
  dateFormat: 'MM/dd/YYYY',
  invoiceNote: '14 gün içinde ödenmelidir.',
})
const tenant = { name: 'Işık Yoga Stüdyosu', settings }

const turkish = invoicePdfData({ invoice, lines: [line], tenant, language: 'tr' })

async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false })
  return text
}

describe('an invoice PDF in Turkish', () => {
  it('writes the totals, the status, the dates and the amounts in Turkish; the tenant’s words as written', () => {
    expect(turkish).toMatchObject({
      language: 'tr',
      statusText: 'Kısmi',
      issuedText: '22 Kas 2026',
      dueText: '15 Ara 2026',
      lines: [{ name: 'Özel ders (İleri düzey)', detail: 'İki saat · 01 Ara 2026 19:00', quantity: '2', unitPrice: '$60,00', amount: '$120,00' }],
    })
    expect(turkish.totals).toEqual([
      { label: 'Ara toplam', value: '$120,00' },
      { label: 'İndirim (BAHAR)', value: '-$10,00' },
      { label: 'Kart ücretleri', value: '$3,30' },
      { label: 'Vergi', value: '$8,80' },
      { label: 'Toplam', value: '$122,10', emphasis: true },
      { label: 'Ödenen', value: '$50,00' },
      { label: 'Kalan borç', value: '$72,10', emphasis: true },
    ])
  })

  it('is another version than the same invoice in English, so a buyer who changes language gets a new PDF', () => {
    const english = invoicePdfData({ invoice, lines: [line], tenant })
    expect(english.language).toBe('en')
    expect(english.statusText).toBe('Partial')
    expect(invoicePdfVersion(english)).not.toBe(invoicePdfVersion(turkish))
  })

  it('prints its headings, columns and page line in Turkish, with every Turkish letter intact', async () => {
    const bytes = await renderInvoicePdf(turkish, { logoPng: null, madeAt })
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe('Fatura #0042')
    const [text] = await pagesOf(bytes)
    for (const expected of [
      'Işık Yoga Stüdyosu',
      'Bağdat Caddesi 12',
      'İstanbul',
      'Fatura',
      'Durum: Kısmi',
      'Tarih: 22 Kas 2026',
      'Son ödeme tarihi: 15 Ara 2026',
      'Alıcı',
      'Işıl Şahinoğlu',
      'Kalem',
      'Adet',
      'Birim fiyat',
      'Tutar',
      'Özel ders (İleri düzey)',
      'İki saat · 01 Ara 2026 19:00',
      'İndirim (BAHAR)',
      'Kalan borç',
      '$72,10',
      'Tüm tutarlar USD cinsindendir.',
      'Not',
      'Bizimle çalıştığınız için teşekkürler.',
      '14 gün içinde ödenmelidir.',
      'Işık Yoga Stüdyosu · Fatura #0042 · Sayfa 1 / 1',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('?')
    expect(text).not.toContain('Unit price')
  })

  it('prints a Turkish name in an English invoice too, without replacing its letters', async () => {
    const [text] = await pagesOf(await renderInvoicePdf(invoicePdfData({ invoice, lines: [line], tenant }), { logoPng: null, madeAt }))
    expect(text).toContain('Işıl Şahinoğlu')
    expect(text).toContain('Unit price')
    expect(text).toContain('Page 1 of 1')
    expect(text).not.toContain("shown as '?'")
  })
})
