import { asSystem } from '#db/tenant-scope'
import { billMembership } from '#server/memberships/bill-membership'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY_MS = 24 * 60 * 60 * 1000
/** A period's midnight far from the real clock, so nothing else finds it due. */
const DUE_AT = new Date('2031-03-14T00:00:00Z')

describe(`membership notices in the reader's language (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let itemId = ''

  /** A held monthly membership of 1,250.00 TRY without a kept card, due at DUE_AT. */
  async function holdMembership(input: { email: string; firstName: string; language: string | null; isGift?: boolean; name?: string }) {
    const contact = await createContact(platform, studio, { email: input.email, firstName: input.firstName })
    return asSystem(platform.database, 'test: a held membership', async (trx) => {
      await trx.updateTable('contacts').set({ language: input.language }).where('id', '=', contact.id).execute()
      return trx
        .insertInto('contact_memberships')
        .values({
          tenant_id: studio.id,
          contact_id: contact.id,
          item_id: itemId,
          name: input.name ?? 'Monthly Unlimited',
          is_gift: input.isGift ?? false,
          membership_type: 'recurring',
          status: 'active',
          starts_at: new Date(DUE_AT.getTime() - 30 * DAY_MS),
          next_billing_at: DUE_AT,
          period_price_minor: 125000,
          currency: 'TRY',
          frequency: 'monthly',
          first_billing_on: '2031-03-14',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    })
  }
  const emailsTo = (address: string) =>
    asSystem(platform.database, 'test: the emails', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('created_at').orderBy('id').execute())
  /** Bills the membership on its due day and on the days of its retries (1, 3 and 7), when it is suspended. */
  async function billUntilSuspended(membership: { id: string }) {
    const outcomes = []
    for (const days of [0, 1, 3, 7]) outcomes.push(await billMembership(platform, { tenantId: studio.id, membershipId: membership.id, now: new Date(DUE_AT.getTime() + days * DAY_MS + 60_000) }))
    return outcomes
  }

  beforeAll(async () => {
    platform = await createTestPlatform()
    studio = await createTenant(platform, { name: 'Çömlek Atölyesi', settings: { timezone: 'Europe/Istanbul', defaultCurrency: 'TRY' } })
    const admin = await createContact(platform, studio, { role: 'ROLE_ADMIN', email: 'admin@notices.test', firstName: 'Deniz' })
    const staff = await createContact(platform, studio, { role: 'ROLE_STAFF', email: 'staff@notices.test', firstName: 'Sam' })
    itemId = await asSystem(platform.database, 'test: a membership item', async (trx) => {
      // Both hear of Sales; the admin reads Turkish, the staff member has no language of their own.
      await trx.updateTable('contacts').set({ notify_sales: true, language: 'tr' }).where('id', '=', admin.id).execute()
      await trx.updateTable('contacts').set({ notify_sales: true }).where('id', '=', staff.id).execute()
      const item = await trx.insertInto('catalog_items').values({ tenant_id: studio.id, kind: 'membership', name: 'Monthly Unlimited', slug: 'monthly-unlimited' }).returning('id').executeTakeFirstOrThrow()
      return item.id
    })
  })
  afterAll(() => platform?.close())

  it('sends a Turkish member the invoice, the reminders and the suspension in Turkish, with Turkish dates and amounts', async () => {
    const membership = await holdMembership({ email: 'ayse@notices.test', firstName: 'Ayşe', language: 'tr' })
    expect(await billUntilSuspended(membership)).toEqual(['retry', 'retry', 'retry', 'suspended'])
    const sent = await emailsTo('ayse@notices.test')
    expect(sent.map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Çömlek Atölyesi faturası #\d{4}$/),
      expect.stringMatching(/^Hatırlatma: Çömlek Atölyesi faturası #\d{4} henüz ödenmedi$/),
      expect.stringMatching(/^Hatırlatma: Çömlek Atölyesi faturası #\d{4} henüz ödenmedi$/),
      'Çömlek Atölyesi üyeliğiniz askıya alındı',
    ])
    expect(sent[0]?.text_body).toContain('Merhaba Ayşe,')
    expect(sent[0]?.text_body).toMatch(/Üyeliğinizin bir sonraki döneminin ödeme zamanı geldi: Monthly Unlimited \(fatura #\d{4}, ₺1\.250,00, son ödeme tarihi 14 Mar 2031\)\./)
    expect(sent[1]?.text_body).toMatch(/Üyeliğinizi sürdürmek için lütfen \d{2} Mar 2031 tarihinden önce ödeyin\./)
    expect(sent[3]?.text_body).toContain('Üyeliğiniz, ödeme yapılana kadar askıya alındı.')
    for (const email of sent) expect(email.text_body).not.toMatch(/Hello|invoice|membership/)
  })

  it('tells Sales staff of the suspension each in their own language, else the studio default', async () => {
    const membership = await holdMembership({ email: 'ada@notices.test', firstName: 'Ada', language: null })
    await billUntilSuspended(membership)
    const [turkish] = (await emailsTo('admin@notices.test')).filter((email) => email.text_body.includes('Ada '))
    expect(turkish?.subject).toBe('Üyelik askıya alındı: Ada, Monthly Unlimited')
    expect(turkish?.text_body).toMatch(/^Ada adlı üyenin Çömlek Atölyesi bünyesindeki Monthly Unlimited üyeliği askıya alındı: #\d{4} numaralı fatura \(₺1\.250,00\) tüm denemelere rağmen tahsil edilemedi\./)
    const [english] = (await emailsTo('staff@notices.test')).filter((email) => email.text_body.startsWith('Ada'))
    expect(english?.subject).toBe('Membership suspended: Ada, Monthly Unlimited')
    expect(english?.text_body).toMatch(/^Ada's membership Monthly Unlimited at Çömlek Atölyesi is suspended: invoice #\d{4} \(TRY\s?1,250\.00\) could not be charged after every retry\.\nIt is restored as soon as the invoice is paid\.$/)
  })

  it("keeps an English member's notices word for word, and names a Turkish donor's gift in Turkish", async () => {
    await holdMembership({ email: 'ada.member@notices.test', firstName: 'Ada', language: 'en' }).then(billUntilSuspended)
    const english = await emailsTo('ada.member@notices.test')
    expect(english[0]?.subject).toMatch(/^Invoice #\d{4} from Çömlek Atölyesi$/)
    expect(english[0]?.text_body).toMatch(/^Hello Ada,\n\nYour membership's next period is due: Monthly Unlimited \(invoice #\d{4}, TRY\s?1,250\.00, due 03\/14\/2031\)\.\n\nTo pay it now, open: http/)
    expect(english[3]?.subject).toBe('Your membership at Çömlek Atölyesi is suspended')

    await holdMembership({ email: 'donor@notices.test', firstName: 'Elif', language: 'tr', isGift: true, name: 'Monthly gift' }).then(billUntilSuspended)
    const gift = await emailsTo('donor@notices.test')
    expect(gift[0]?.text_body).toMatch(/Bir sonraki bağışınızın zamanı geldi: Aylık bağış \(fatura #\d{4}/)
    expect(gift[3]?.subject).toBe('Çömlek Atölyesi için düzenli bağışınız askıya alındı')
  })
})
