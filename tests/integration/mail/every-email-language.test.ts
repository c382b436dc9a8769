import { asSystem } from '#db/tenant-scope'
import { emailVerificationMail } from '#server/auth/email-verification-mail'
import { passwordResetMail } from '#server/auth/password-reset-mail'
import { classCancellationEmail } from '#server/catalog/classes/class-cancellation-email'
import { moneyText } from '#server/catalog/public/price-text'
import { accountEmailText } from '#server/checkout/account-on-request'
import { loadOrder } from '#server/checkout/order-view'
import { receiptText } from '#server/checkout/receipt-email'
import { sendContactEmail } from '#server/contacts/actions/send-contact-email'
import { credentialsEmailText } from '#server/contacts/actions/send-credentials'
import { staffPasswordResetText } from '#server/contacts/actions/send-password-reset'
import { dateInLanguage, dayInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { emailInvoice, invoiceEmailText, type InvoiceTemplate } from '#server/invoices/invoice-email'
import { loadStaffInvoice } from '#server/invoices/staff-invoice'
import type { DuePeriod } from '#server/memberships/billing-period'
import { CHARGE_MESSAGES } from '#server/memberships/charge-kept-card'
import { periodNoticeEmail, periodNoticeText, salesNoticeText, type PeriodNotice } from '#server/memberships/membership-emails'
import { movedToFreeEmail, RENEWAL_MESSAGES } from '#server/plans/plan-renewal'
import { tierNameIn } from '#server/plans/plan-words'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * Every email the product writes, for one reader in English and one in Turkish. The words that
 * are not the product's (names, the studio's item names and notes, links) are the same in both;
 * every other English word of the English email must be gone from the Turkish one.
 */
const STUDIO = 'Clay Studio'
const ORIGIN = 'https://clay.example.test'
const LINK = `${ORIGIN}/reset-password/tok`
const NAMES = { first: 'Ada', full: 'Ada Lovelace', email: 'ada@example.test' }
const DAY = '2026-11-02'
const SESSION = new Date('2026-11-02T16:00:00Z')
const RETRY = new Date('2026-11-05T09:00:00Z')
const STUDIO_DATES = { timezone: 'Europe/Istanbul', dateFormat: 'MM/dd/YYYY' as const }
/** The words people wrote, kept as written in every language. */
const PEOPLE_WORDS = [STUDIO, NAMES.full, 'Pottery course', 'Scholarship Fund', 'Bring an apron.', 'Wheel Throwing', 'The kiln is being repaired.', 'Monthly Unlimited', 'Growth']

type Words = { subject: string; text: string }

interface EmailKind {
  kind: string
  render: (language: Language) => Words | Promise<Words>
  english: { subject: string; line: string }
  turkish: { subject: string; line: string }
  /** Words both languages spell the same (Plan, the settings page's name). */
  shared?: string[]
}

/** The letters-only words of an email, without its links and addresses. */
function wordsOf(text: string): Set<string> {
  const bare = text.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ')
  return new Set([...bare.matchAll(/\p{L}{2,}/gu)].map((match) => match[0]))
}

const PEOPLE = wordsOf(PEOPLE_WORDS.join(' '))

/** The English words of the product in an English email: every word but the people's. */
function productWordsOf(email: Words): string[] {
  return [...wordsOf(`${email.subject}\n${email.text}`)].filter((word) => !PEOPLE.has(word))
}

const refusal = (language: Language) => translateMessage(language, CHARGE_MESSAGES.refused)
const money = (minor: number, language: Language) => moneyText(minor, 'USD', language)

/** A membership period's notice as the billing run writes it, with its amounts and dates in the reader's language. */
function periodNotice(notice: (language: Language) => PeriodNotice, isGift: boolean) {
  return (language: Language) =>
    periodNoticeText(
      notice(language),
      {
        studio: STUDIO,
        memberName: NAMES.first,
        membership: 'Monthly Unlimited',
        numberText: '#0042',
        totalText: money(12000, language),
        dueText: dayInLanguage(DAY, STUDIO_DATES, language),
        payUrl: `${ORIGIN}/checkout/orders/x`,
        retryText: dateInLanguage(RETRY, STUDIO_DATES, 'date', language),
        isGift,
      },
      language,
    )
}

describe(`every email the product writes, in its reader's language (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let itemId = ''
  let staffInvoiceGuid = ''
  let orderGuid = ''
  let invoiceNumber = 0

  /** An invoice of the studio with a course line and a gift line, a discount and tax under the product's own label. */
  async function writeInvoice(input: { contactId: string; email: string; source: 'staff' | 'checkout'; status: 'unpaid' | 'paid' }): Promise<string> {
    invoiceNumber += 1
    return asSystem(platform.database, 'test: an invoice', async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({
          tenant_id: studio.id,
          number: invoiceNumber,
          contact_id: input.contactId,
          status: input.status,
          source: input.source,
          payment_method: input.status === 'paid' ? 'card' : null,
          currency: 'USD',
          subtotal_minor: 190000,
          discount_minor: 10000,
          tax_minor: 5000,
          total_minor: 185000,
          balance_minor: input.status === 'paid' ? 0 : 185000,
          paid_minor: input.status === 'paid' ? 185000 : 0,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: input.email,
          note: 'Bring an apron.',
          due_on: input.source === 'staff' ? DAY : null,
          paid_at: input.status === 'paid' ? SESSION : null,
          created_at: SESSION,
        })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      const line = { tenant_id: studio.id, invoice_id: invoice.id, item_id: itemId }
      await trx
        .insertInto('invoice_lines')
        .values([
          { ...line, sequence: 1, item_name: 'Pottery course', item_type: 'course', quantity: 2, unit_price_minor: 90000, price_minor: 180000, total_minor: 180000 },
          { ...line, sequence: 2, item_name: 'Scholarship Fund', item_type: 'donation', option_name: 'Monthly gift', membership_type: 'recurring', quantity: 1, unit_price_minor: 10000, price_minor: 10000, total_minor: 10000 },
        ])
        .execute()
      return invoice.guid
    })
  }

  const staffInvoiceIn = async (language: Language) => {
    const invoice = await loadStaffInvoice(platform.database, studio, staffInvoiceGuid, '2026-11-20', language)
    if (!invoice) throw new Error('the staff invoice was not found')
    return invoice
  }
  const orderIn = async (guid: string, language: Language) => {
    const order = await loadOrder(platform.database, studio, guid, language)
    if (!order) throw new Error('the order was not found')
    return order
  }
  const invoiceEmail = (template: InvoiceTemplate) => async (language: Language) => invoiceEmailText(template, await staffInvoiceIn(language), STUDIO, `${ORIGIN}/meminvoice/x`, language)

  beforeAll(async () => {
    platform = await createTestPlatform()
    studio = await createTenant(platform, { name: STUDIO, settings: { timezone: 'Europe/Istanbul', defaultCurrency: 'USD' } })
    const buyer = await createContact(platform, studio, { email: NAMES.email, firstName: 'Ada', lastName: 'Lovelace' })
    itemId = await asSystem(platform.database, 'test: an item', async (trx) => (await trx.insertInto('catalog_items').values({ tenant_id: studio.id, kind: 'course', name: 'Pottery course', slug: 'pottery-course' }).returning('id').executeTakeFirstOrThrow()).id)
    staffInvoiceGuid = await writeInvoice({ contactId: buyer.id, email: NAMES.email, source: 'staff', status: 'unpaid' })
    orderGuid = await writeInvoice({ contactId: buyer.id, email: NAMES.email, source: 'checkout', status: 'paid' })
  })
  afterAll(() => platform?.close())

  const KINDS: EmailKind[] = [
    {
      kind: 'forgot password',
      render: (language) => passwordResetMail(language, { organisation: STUDIO, link: LINK }),
      english: { subject: 'Reset your Clay Studio password', line: 'Someone asked to reset the password of your Clay Studio account.' },
      turkish: { subject: 'Clay Studio şifrenizi sıfırlayın', line: 'Clay Studio hesabınızın şifresinin sıfırlanması istendi.' },
    },
    {
      kind: 'email verification',
      render: (language) => emailVerificationMail(language, { organisation: STUDIO, name: NAMES.full, email: NAMES.email, link: LINK }),
      english: { subject: 'Please verify your email for Clay Studio', line: 'Open this link within the next 48 hours to verify it:' },
      turkish: { subject: 'Clay Studio için e-posta adresinizi doğrulayın', line: 'Doğrulamak için bu bağlantıyı 48 saat içinde açın:' },
    },
    {
      kind: 'password reset sent by staff',
      render: (language) => staffPasswordResetText({ studio: STUDIO, name: NAMES.full, link: LINK }, language),
      english: { subject: 'Reset your Clay Studio password', line: 'Clay Studio sent you a link to reset the password of your account.' },
      turkish: { subject: 'Clay Studio şifrenizi sıfırlayın', line: 'Clay Studio, hesabınızın şifresini sıfırlamanız için size bir bağlantı gönderdi.' },
    },
    {
      kind: 'login details, new account',
      render: (language) => credentialsEmailText({ studio: STUDIO, name: NAMES.full, email: NAMES.email, origin: ORIGIN, token: 'tok', hadLogin: false }, language),
      english: { subject: 'Your Clay Studio login', line: 'An account has been created for you at Clay Studio.' },
      turkish: { subject: 'Clay Studio giriş bilgileriniz', line: 'Clay Studio üzerinde sizin için bir hesap oluşturuldu.' },
    },
    {
      kind: 'login details, new password',
      render: (language) => credentialsEmailText({ studio: STUDIO, name: NAMES.full, email: NAMES.email, origin: ORIGIN, token: 'tok', hadLogin: true }, language),
      english: { subject: 'Your Clay Studio login', line: 'Here is a link to set a new password for your Clay Studio account.' },
      turkish: { subject: 'Clay Studio giriş bilgileriniz', line: 'Clay Studio hesabınıza yeni bir şifre belirlemeniz için bağlantı aşağıdadır.' },
    },
    {
      kind: 'account asked for at checkout',
      render: (language) => accountEmailText({ studio: STUDIO, name: NAMES.full, email: NAMES.email, origin: ORIGIN, token: 'tok' }, language),
      english: { subject: 'Your Clay Studio account', line: 'If you did not ask for an account, you can ignore this email.' },
      turkish: { subject: 'Clay Studio hesabınız', line: 'Hesap istemediyseniz bu e-postayı dikkate almayabilirsiniz.' },
    },
    {
      kind: 'receipt of an order',
      render: async (language) => receiptText(await orderIn(orderGuid, language), STUDIO, `${ORIGIN}/checkout/orders/x`, language),
      english: { subject: 'Your order #0002 from Clay Studio', line: 'Thank you for your order from Clay Studio on Monday, November 2, 2026.' },
      turkish: { subject: 'Clay Studio siparişiniz #0002', line: '2 Kasım 2026 Pazartesi tarihinde Clay Studio üzerinden verdiğiniz sipariş için teşekkürler.' },
    },
    {
      kind: 'receipt of a staff invoice',
      render: async (language) => receiptText(await orderIn(staffInvoiceGuid, language), STUDIO, `${ORIGIN}/checkout/orders/x`, language),
      english: { subject: 'Receipt for invoice #0001 from Clay Studio', line: 'Thank you: invoice #0001 from Clay Studio is paid.' },
      turkish: { subject: 'Clay Studio faturası #0001 için makbuz', line: 'Teşekkürler: Clay Studio faturası #0001 ödendi.' },
    },
    {
      kind: 'invoice to pay (invoice_pending)',
      render: invoiceEmail('invoice_pending'),
      english: { subject: 'Invoice #0001 from Clay Studio', line: 'Here is your invoice #0001 from Clay Studio.' },
      turkish: { subject: 'Clay Studio faturası #0001', line: 'Clay Studio tarafından kesilen #0001 numaralı faturanız aşağıdadır.' },
    },
    {
      kind: 'invoice paid (invoice_success)',
      render: invoiceEmail('invoice_success'),
      english: { subject: 'Receipt for invoice #0001 from Clay Studio', line: 'Thank you: invoice #0001 is paid.' },
      turkish: { subject: 'Clay Studio faturası #0001 için makbuz', line: 'Teşekkürler: #0001 numaralı fatura ödendi.' },
    },
    {
      kind: 'invoice payment failed (invoice_failed)',
      render: invoiceEmail('invoice_failed'),
      english: { subject: 'Payment failed for invoice #0001', line: 'We could not take the payment for invoice #0001. You can pay it with another card from the link below.' },
      turkish: { subject: '#0001 numaralı faturanın ödemesi alınamadı', line: '#0001 numaralı faturanın ödemesini alamadık. Aşağıdaki bağlantıdan başka bir kartla ödeyebilirsiniz.' },
    },
    {
      kind: 'invoice overdue (invoice_reminder)',
      render: invoiceEmail('invoice_reminder'),
      english: { subject: 'Reminder: invoice #0001 is overdue', line: 'This is a reminder that invoice #0001 from Clay Studio was due on 11/02/2026 and is not paid yet.' },
      turkish: { subject: 'Hatırlatma: #0001 numaralı faturanın vadesi geçti', line: 'Son ödeme tarihi: 02 Kas 2026' },
    },
    {
      kind: 'membership period due',
      render: periodNotice(() => ({ kind: 'pending' }), false),
      english: { subject: 'Invoice #0042 from Clay Studio', line: "Your membership's next period is due: Monthly Unlimited (invoice #0042, $120.00, due 11/02/2026)." },
      turkish: { subject: 'Clay Studio faturası #0042', line: 'Üyeliğinizin bir sonraki döneminin ödeme zamanı geldi: Monthly Unlimited (fatura #0042, $120,00, son ödeme tarihi 02 Kas 2026).' },
    },
    {
      kind: 'membership period reminder',
      render: periodNotice(() => ({ kind: 'reminder', retryAt: RETRY }), false),
      english: { subject: 'Reminder: invoice #0042 from Clay Studio is not paid yet', line: 'Please pay it before 11/05/2026 to keep your membership.' },
      turkish: { subject: 'Hatırlatma: Clay Studio faturası #0042 henüz ödenmedi', line: 'Üyeliğinizi sürdürmek için lütfen 05 Kas 2026 tarihinden önce ödeyin.' },
    },
    {
      kind: 'membership card refused',
      render: periodNotice((language) => ({ kind: 'failed', reason: refusal(language), retryAt: RETRY }), false),
      english: { subject: 'Your payment to Clay Studio did not go through', line: 'We will try your card again on 11/05/2026.' },
      turkish: { subject: 'Clay Studio için yaptığınız ödeme gerçekleşmedi', line: 'Kartınızdan 05 Kas 2026 tarihinde yeniden tahsil etmeyi deneyeceğiz.' },
    },
    {
      kind: 'membership suspended',
      render: periodNotice((language) => ({ kind: 'suspended', reason: refusal(language) }), false),
      english: { subject: 'Your membership at Clay Studio is suspended', line: 'Your membership is suspended until it is paid.' },
      turkish: { subject: 'Clay Studio üyeliğiniz askıya alındı', line: 'Üyeliğiniz, ödeme yapılana kadar askıya alındı.' },
    },
    {
      kind: 'gift on repeat due',
      render: periodNotice(() => ({ kind: 'pending' }), true),
      english: { subject: 'Invoice #0042 from Clay Studio', line: 'Your next gift is due: Monthly Unlimited (invoice #0042, $120.00, due 11/02/2026).' },
      turkish: { subject: 'Clay Studio faturası #0042', line: 'Bir sonraki bağışınızın zamanı geldi: Monthly Unlimited (fatura #0042, $120,00, son ödeme tarihi 02 Kas 2026).' },
    },
    {
      kind: 'gift on repeat suspended',
      render: periodNotice(() => ({ kind: 'suspended', reason: null }), true),
      english: { subject: 'Your gift at Clay Studio is suspended', line: 'Your gift is suspended until it is paid.' },
      turkish: { subject: 'Clay Studio için düzenli bağışınız askıya alındı', line: 'Bağışınız, ödeme yapılana kadar askıya alındı.' },
    },
    {
      kind: 'Sales staff: membership paid',
      render: (language) => salesNoticeText('paid', { studio: STUDIO, memberName: NAMES.first, membership: 'Monthly Unlimited', numberText: '#0042', totalText: money(12000, language), reason: null }, language),
      english: { subject: 'Membership payment: Ada, $120.00', line: 'Ada paid $120.00 for Monthly Unlimited (invoice #0042) at Clay Studio.' },
      turkish: { subject: 'Üyelik ödemesi: Ada, $120,00', line: 'Ada, Clay Studio bünyesindeki Monthly Unlimited için $120,00 ödedi (fatura #0042).' },
    },
    {
      kind: 'Sales staff: membership suspended',
      render: (language) => salesNoticeText('suspended', { studio: STUDIO, memberName: NAMES.first, membership: 'Monthly Unlimited', numberText: '#0042', totalText: money(12000, language), reason: refusal(language) }, language),
      english: { subject: 'Membership suspended: Ada, Monthly Unlimited', line: 'It is restored as soon as the invoice is paid.' },
      turkish: { subject: 'Üyelik askıya alındı: Ada, Monthly Unlimited', line: 'Fatura ödendiği anda üyelik yeniden etkinleşir.' },
    },
    {
      kind: 'class session cancelled',
      render: (language) =>
        classCancellationEmail({ firstName: NAMES.first, className: 'Wheel Throwing', when: dateInLanguage(SESSION, STUDIO_DATES, 'dateTime', language), studio: STUDIO, note: 'The kiln is being repaired.' }, language),
      english: { subject: 'Cancelled: Wheel Throwing on 11/02/2026 07:00 PM', line: 'The kiln is being repaired.' },
      turkish: { subject: 'İptal edildi: 02 Kas 2026 19:00 tarihindeki Wheel Throwing', line: 'Clay Studio, 02 Kas 2026 19:00 tarihindeki Wheel Throwing dersini iptal etti. Rezervasyonunuz iptal edildi; bu ders için kullandığınız ders kredisi varsa iade edildi.' },
    },
    {
      kind: "admins: the studio's plan moved to Free",
      render: (language) => movedToFreeEmail({ planName: tierNameIn('expand', language), studio: STUDIO, reason: RENEWAL_MESSAGES.refused }, language),
      english: { subject: 'Your Growth plan moved to Free', line: 'Choose a plan again under Settings > Plan to pay with another card.' },
      turkish: { subject: 'Growth planınız Ücretsiz plana geçti', line: 'Başka bir kartla ödemek için Ayarlar > Plan bölümünden yeniden bir plan seçin.' },
      shared: ['Plan', 'plan'],
    },
  ]

  it.each(KINDS)('$kind: English as it was, Turkish with none of its English words', async ({ render, english, turkish, shared = [] }) => {
    const inEnglish = await render('en')
    expect(inEnglish.subject).toBe(english.subject)
    expect(inEnglish.text.split('\n')).toContain(english.line)
    expect(`${inEnglish.subject}\n${inEnglish.text}`).not.toMatch(/[çğıöşüÇĞİÖŞÜ]/)

    const inTurkish = await render('tr')
    expect(inTurkish.subject).toBe(turkish.subject)
    expect(inTurkish.text.split('\n')).toContain(turkish.line)
    const turkishWords = wordsOf(`${inTurkish.subject}\n${inTurkish.text}`)
    expect(productWordsOf(inEnglish).filter((word) => turkishWords.has(word) && !shared.includes(word))).toEqual([])
  })

  it("writes an invoice's amounts, dates, tax label and gift name in the reader's language; the studio's words stay", async () => {
    const inEnglish = await invoiceEmail('invoice_pending')('en')
    expect(inEnglish.text.split('\n')).toEqual(
      expect.arrayContaining(['Due date: 11/02/2026', '- 2 × Pottery course: $1,800.00', '- Scholarship Fund: Monthly gift: $100.00', 'Discount: -$100.00', 'Tax: $50.00', 'Balance due: $1,850.00', 'Bring an apron.']),
    )
    const inTurkish = await invoiceEmail('invoice_pending')('tr')
    expect(inTurkish.text.split('\n')).toEqual(
      expect.arrayContaining(['Son ödeme tarihi: 02 Kas 2026', '- 2 × Pottery course: $1.800,00', '- Scholarship Fund: Aylık bağış: $100,00', 'İndirim: -$100,00', 'Vergi: $50,00', 'Kalan borç: $1.850,00', 'Bring an apron.']),
    )
    const receipt = receiptText(await orderIn(orderGuid, 'tr'), STUDIO, `${ORIGIN}/checkout/orders/x`, 'tr')
    expect(receipt.text.split('\n')).toEqual(expect.arrayContaining(['- Scholarship Fund: Aylık bağış (Düzenli bağış başladı): $100,00', 'Vergi: $50,00', 'Toplam: $1.850,00']))
  })

  describe("a studio's own template: its words stay, the product's words in it follow the reader", () => {
    const people = { turkish: { email: 'ayse@templates.test', id: '', guid: '' }, english: { email: 'ada@templates.test', id: '', guid: '' } }

    beforeAll(async () => {
      for (const [key, language] of [['turkish', 'tr'], ['english', null]] as const) {
        const contact = await createContact(platform, studio, { email: people[key].email, firstName: key === 'turkish' ? 'Ayşe' : 'Ada', lastName: 'Test' })
        people[key] = { email: people[key].email, id: contact.id, guid: contact.guid }
        await asSystem(platform.database, 'test: a language', (trx) => trx.updateTable('contacts').set({ language }).where('id', '=', contact.id).execute())
      }
      await asSystem(platform.database, 'test: a template and a yes/no field', async (trx) => {
        await trx
          .insertInto('email_templates')
          .values({ tenant_id: studio.id, name: 'invoice_pending', subject: 'Your bill, {{firstname}}', body_html: '<p>Dear {{firstname}}: {{productname}} ({{producttype}}). Vegan: {{vegan}}</p>' })
          .execute()
        const field = await trx.insertInto('custom_fields').values({ tenant_id: studio.id, name: 'Vegan', tag: 'vegan', type: 'checkbox', options: JSON.stringify([]) }).returning('id').executeTakeFirstOrThrow()
        await trx
          .insertInto('contact_field_values')
          .values([people.turkish.id, people.english.id].map((contactId) => ({ tenant_id: studio.id, contact_id: contactId, field_id: field.id, value_bool: true, value_text: null, value_number: null })))
          .execute()
      })
      platform.caches.changed(studio.id, ['templates'])
    })

    const emailedInvoiceTo = async (person: { id: string; email: string }) => {
      const guid = await writeInvoice({ contactId: person.id, email: person.email, source: 'staff', status: 'unpaid' })
      const invoice = await loadStaffInvoice(platform.database, studio, guid, '2026-11-01', 'en')
      if (!invoice) throw new Error('the invoice was not found')
      const sent = await emailInvoice(platform, studio, { invoice, origin: ORIGIN, today: '2026-11-01', now: new Date() })
      expect(sent.ok).toBe(true)
      return lastEmailTo(person.email)
    }
    const lastEmailTo = (address: string) =>
      asSystem(platform.database, 'test: the email', (trx) =>
        trx.selectFrom('outbound_emails').select(['subject', 'text_body', 'html_body']).where('to_address', '=', address).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
      )
    /** A gift on repeat's period as the billing run holds it: only what its notice reads. */
    const giftPeriod = (person: { id: string; email: string }, firstName: string) =>
      ({
        membership: { contact_id: person.id, name: 'Monthly gift', is_gift: true },
        periodOn: DAY,
        dueAt: new Date(`${DAY}T00:00:00Z`),
        invoice: { id: '', guid: '00000000-0000-4000-8000-000000000009', number: 42, status: 'pending', totalMinor: 12000, currency: 'USD', email: person.email, firstName },
        method: null,
      }) as unknown as DuePeriod

    it('emails a Turkish contact the template with Turkish tag values and the Turkish details', async () => {
      const email = await emailedInvoiceTo(people.turkish)
      expect(email.subject).toBe('Your bill, Ayşe')
      expect(email.html_body).toContain('Dear Ayşe: Pottery course (Kurs). Vegan: Evet')
      expect(email.text_body).toContain('Scholarship Fund: Aylık bağış')
      expect(email.text_body).toContain('Toplam: $1.850,00')
      expect(email.text_body).toContain('Çevrimiçi ödeyin: ')
      expect(`${email.text_body}\n${email.html_body}`).not.toMatch(/Course|Yes|Monthly gift|Total|Pay online|Hello/)

      const notice = await periodNoticeEmail(platform, studio, giftPeriod(people.turkish, 'Ayşe'), { kind: 'pending' }, { origin: ORIGIN, language: 'tr' })
      expect(notice?.html).toContain('Dear Ayşe: Aylık bağış (Bağış). Vegan: Evet')
      expect(notice?.text).toContain('Bir sonraki bağışınızın zamanı geldi: Aylık bağış (fatura #0042, $120,00, son ödeme tarihi 02 Kas 2026).')
      expect(notice?.text).not.toMatch(/Donation|gift|Yes/)
    })

    it('keeps the English tag values and details for an English contact', async () => {
      const email = await emailedInvoiceTo(people.english)
      expect(email.subject).toBe('Your bill, Ada')
      expect(email.html_body).toContain('Dear Ada: Pottery course (Course). Vegan: Yes')
      expect(email.text_body).toContain('- Scholarship Fund: Monthly gift: $100.00')
      expect(email.text_body).toContain('Total: $1,850.00')

      const notice = await periodNoticeEmail(platform, studio, giftPeriod(people.english, 'Ada'), { kind: 'pending' }, { origin: ORIGIN, language: 'en' })
      expect(notice?.html).toContain('Dear Ada: Monthly gift (Donation). Vegan: Yes')
      expect(notice?.text).toContain('Your next gift is due: Monthly gift (invoice #0042, $120.00, due 11/02/2026).')
    })

    it("sends a staff member's own email to a Turkish contact exactly as written, with no words of the product around it", async () => {
      const staff = await createContact(platform, studio, { role: 'ROLE_STAFF', email: 'staff@templates.test', firstName: 'Sam', lastName: 'Staff' })
      const sent = await sendContactEmail(platform, {
        tenant: studio,
        unverifiedGuid: people.turkish.guid,
        actor: { contactId: staff.id, fullName: 'Sam Staff', ip: null },
        email: { subject: 'Yarınki ders', message: 'Merhaba Ayşe,\nYarın görüşürüz.' },
      })
      expect(sent.ok).toBe(true)
      expect(await lastEmailTo(people.turkish.email)).toEqual({ subject: 'Yarınki ders', text_body: 'Merhaba Ayşe,\nYarın görüşürüz.', html_body: null })
    })
  })
})
