import { asSystem } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { queueReceiptEmail } from '#server/checkout/receipt-email'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`a receipt's lines in the buyer's language (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let number = 0
  let itemId = ''

  /**
   * A paid order with an offer code, tax under the product's own label and a line of each kind a
   * receipt words for itself: a free sticker, an event's seats, a class card, a class drop-in and a
   * gift on repeat. Answers the receipt the buyer was sent.
   */
  async function receiptFor(email: string, language: string | null) {
    const contact = await createContact(platform, studio, { email, firstName: 'Ayşe', lastName: 'Yılmaz' })
    number += 1
    const invoice = await asSystem(platform.database, 'test: a paid order', async (trx) => {
      await trx.updateTable('contacts').set({ language }).where('id', '=', contact.id).execute()
      const row = await trx
        .insertInto('invoices')
        .values({
          tenant_id: studio.id,
          number,
          contact_id: contact.id,
          status: 'paid',
          source: 'checkout',
          payment_method: 'card',
          currency: 'TRY',
          subtotal_minor: 60000,
          discount_minor: 5000,
          tax_minor: 1000,
          total_minor: 56000,
          balance_minor: 0,
          paid_minor: 56000,
          offer_code: 'HOSGELDIN',
          first_name: 'Ayşe',
          last_name: 'Yılmaz',
          email,
          paid_at: new Date(),
        })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      const line = (sequence: number, values: { item_name: string; item_type: 'product' | 'event' | 'membership' | 'class' | 'donation'; price_minor: number; quantity?: number; option_name?: string | null; membership_type?: 'card' | 'recurring' | null; credits?: number | null; occurrence_starts_at?: Date | null }) => ({
        tenant_id: studio.id,
        invoice_id: row.id,
        // One item stands for all: a receipt reads the names and kinds its lines keep.
        item_id: itemId,
        sequence,
        quantity: 1,
        unit_price_minor: values.price_minor,
        total_minor: values.price_minor,
        ...values,
      })
      await trx
        .insertInto('invoice_lines')
        .values([
          line(1, { item_name: 'Studio Sticker', item_type: 'product', price_minor: 0, quantity: 2 }),
          line(2, { item_name: 'Raku Night', item_type: 'event', price_minor: 20000, quantity: 2 }),
          line(3, { item_name: '10-Class Card', item_type: 'membership', price_minor: 25000, membership_type: 'card', credits: 10 }),
          line(4, { item_name: 'Wheel Throwing', item_type: 'class', price_minor: 5000, option_name: 'Drop-in', occurrence_starts_at: new Date('2026-11-30T16:00:00Z') }),
          line(5, { item_name: 'Scholarship Fund', item_type: 'donation', price_minor: 10000, option_name: 'Monthly gift', membership_type: 'recurring' }),
        ])
        .execute()
      return row
    })
    await queueReceiptEmail(platform, studio, { invoiceGuid: invoice.guid, origin: 'http://receipts.localhost' })
    return asSystem(platform.database, 'test: the receipt', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', email).executeTakeFirstOrThrow())
  }

  beforeAll(async () => {
    platform = await createTestPlatform()
    studio = await createTenant(platform, { name: 'Çömlek Atölyesi', settings: { timezone: 'Europe/Istanbul', defaultCurrency: 'TRY' } })
    itemId = await asSystem(platform.database, 'test: an item', async (trx) => (await trx.insertInto('catalog_items').values({ tenant_id: studio.id, kind: 'product', name: 'Studio Sticker', slug: 'studio-sticker' }).returning('id').executeTakeFirstOrThrow()).id)
  })
  afterAll(() => platform?.close())

  it('writes every built-in word of a Turkish buyer receipt in Turkish; the studio names stay', async () => {
    const receipt = await receiptFor('ayse@receipts.test', 'tr')
    expect(receipt.subject).toMatch(/^Çömlek Atölyesi siparişiniz #\d{4}$/)
    const lines = receipt.text_body.split('\n')
    expect(lines).toContain('- 2 × Studio Sticker: Ücretsiz')
    expect(lines).toContain('- 2 × Raku Night (2 kişilik yer): ₺200,00')
    expect(lines).toContain('- 10-Class Card (10 ders kredisi): ₺250,00')
    expect(lines).toContain('- Wheel Throwing: Drop-in, 30 Kasım 2026 Pazartesi, saat 19:00 (Yeriniz ayrıldı): ₺50,00')
    expect(lines).toContain('- Scholarship Fund: Aylık bağış (Düzenli bağış başladı): ₺100,00')
    expect(lines).toContain('İndirim (HOSGELDIN): -₺50,00')
    expect(lines).toContain('Vergi: ₺10,00')
    expect(receipt.text_body).not.toMatch(/Free|seats|credits|Discount|Tax|gift|Place booked| at /)
  })

  it("keeps an English buyer's receipt as it was, and a gift on repeat no longer reads as a membership started", async () => {
    const receipt = await receiptFor('ada@receipts.test', 'en')
    const money = (minor: number) => moneyText(minor, 'TRY', 'en')
    expect(receipt.text_body.split('\n')).toEqual(
      expect.arrayContaining([
        '- 2 × Studio Sticker: Free',
        `- 2 × Raku Night (2 seats): ${money(20000)}`,
        `- 10-Class Card (10 class credits): ${money(25000)}`,
        `- Wheel Throwing: Drop-in, Monday, November 30, 2026 at 07:00 PM (Place booked): ${money(5000)}`,
        `- Scholarship Fund: Monthly gift (Gift on repeat started): ${money(10000)}`,
        `Discount (HOSGELDIN): -${money(5000)}`,
        `Tax: ${money(1000)}`,
      ]),
    )
  })
})
