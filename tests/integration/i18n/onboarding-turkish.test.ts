import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { form, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { turkishAdminRequests } from './turkish-admin-requests'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

const expectAll = (text: string, present: string[], absent: string[]) => {
  for (const words of present) expect(text).toContain(words)
  for (const words of absent) expect(text).not.toContain(words)
}

/**
 * The onboarding wizard of a new studio, its unverified admin's panel and its refusals in
 * Turkish for an admin who chose it, as plain page loads and form posts; English as it was.
 */
describe(`the onboarding wizard in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp({
      prepare: async (platform, demo) => {
        await asSystem(platform.database, 'test: a new studio whose admin is not verified yet', async (trx) => {
          await trx
            .updateTable('tenants')
            .set({ settings: sql`settings || '{"isNewTenant": true, "onBoardingStep": 0}'::jsonb` })
            .where('id', '=', demo.id)
            .execute()
          await trx.updateTable('contacts').set({ is_email_verified: false }).where('tenant_id', '=', demo.id).where('email', '=', 'admin@demo.test').execute()
        })
        platform.tenants.invalidate(demo.id)
      },
    })
  }, 300_000)
  afterAll(() => app?.close())

  const { get, post } = turkishAdminRequests(() => app)
  const english = () => app.adminCookie

  it("draws 'Let's get Started' and the verification panel in Turkish", async () => {
    const page = await get('/onboarding')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    expect(page.body).toMatch(/<title>Kurulum\b/)
    expect(page.body).toContain('aria-label="Kurulum adımları"')
    expectAll(
      visibleTextOf(page.body),
      [
        'Hadi Başlayalım',
        'İşletme Bilgileri',
        'Sunduğunuz Ürünleri Seçin',
        'İşletmenizi en iyi ne tanımlar?',
        'Sağlıklı Yaşam Eğitmeni',
        'Koç',
        'Kâr Amacı Gütmeyen',
        'Kuruluşunuzda kaç kişi var?',
        'Diğer',
        'Bizi nereden duydunuz?',
        'İleri',
        'E-postanızı doğrulayın',
        'admin@demo.test adresine bir doğrulama bağlantısı gönderdik.',
        'Doğrulama e-postasını yeniden gönder',
      ],
      ["Let's get Started", 'Business Information', 'Select The Products', 'What best describes', 'Wellness Trainer', 'Coach', 'Non-Profit', 'Other', 'How many people', 'How did you hear', 'Next', 'Verify your email', 'we sent a verification link', 'Resend'],
    )
  })

  it('answers a refused first step and a resent verification in Turkish', async () => {
    const refused = await post('/onboarding', form({ step: '0', businessType: 'astronaut', businessSize: '2' }))
    expect(refused.status).toBe(400)
    expectAll(
      visibleTextOf(refused.body),
      ['Lütfen telefon numarası dahil zorunlu alanları doldurun.', 'İşletmenizi en iyi tanımlayan seçeneği seçin.', 'Hadi Başlayalım'],
      ['Please fill in the required fields', 'Choose what best describes your business.'],
    )
    const sent = await post('/onboarding', form({ intent: 'resend-verification' }))
    expect(sent.status).toBe(200)
    expect(visibleTextOf(sent.body)).toContain('Doğrulama e-postası gönderildi')
    expect(visibleTextOf(sent.body)).not.toContain('Sent verification email')
    expect((await post('/onboarding', form({ step: '0', businessType: 'coach', businessSize: '5' }))).headers.location).toBe('/onboarding?step=1')
  })

  it('draws Business Information in Turkish and refuses a missing phone in Turkish', async () => {
    const page = await get('/onboarding?step=1')
    expect(page.status).toBe(200)
    expect(page.body).toContain('label="Amerika Birleşik Devletleri"')
    // Without JavaScript the form posts to its step's address, where a refusal is shown again.
    expect(page.body).toContain('action="/onboarding?step=1"')
    expect(page.body).toContain('label="Hindistan"')
    const englishWords = ['Business name', 'Country', 'Time zone', 'Phone', 'Website', 'No logo', 'Current logo', 'Like ', 'Back', 'Next', 'USA', 'IND']
    expectAll(visibleTextOf(page.body), ['İşletme Bilgileri', 'İşletme adı', 'Ülke', 'ABD', 'Hindistan', 'Saat dilimi', 'Telefon', 'Örnek: ', 'Web sitesi', 'Logo', 'Geri', 'İleri'], englishWords)

    const noPhone = await post('/onboarding', form({ step: '1', name: '', country: 'IND', timezone: 'Asia/Kolkata', phone: '', website: '' }))
    expect(noPhone.status).toBe(400)
    expectAll(
      visibleTextOf(noPhone.body),
      ['Lütfen telefon numarası dahil zorunlu alanları doldurun.', 'Telefon numarası zorunludur.', 'İşletme adı zorunludur.'],
      ['Please fill in the required fields', 'Phone number is required.', 'Business name is required.', ...englishWords],
    )
    const shortPhone = await post('/onboarding', form({ step: '1', name: 'Lotus Studio', country: 'USA', timezone: 'America/Denver', phone: '555' }))
    expect(visibleTextOf(shortPhone.body)).toContain('Telefon numarasını 000-000-0000 biçiminde girin.')
    const wrongZone = await post('/onboarding', form({ step: '1', name: 'Lotus Studio', country: 'IND', timezone: 'America/Denver', phone: '98765 43210', website: 'not a site' }))
    expectAll(visibleTextOf(wrongZone.body), ['Seçilen ülkenin saat dilimlerinden birini seçin.', 'Web sitesi adresini https://www.example.com gibi girin.'], ['Choose a time zone', 'Enter the website address'])

    const saved = await post('/onboarding', form({ step: '1', name: 'Demo Yoga Studio', country: 'USA', timezone: 'America/Denver', phone: '555-123-4567', website: '' }))
    expect(saved.headers.location).toBe('/onboarding?step=2')
  })

  it('draws Select The Products You Offer in Turkish', async () => {
    const page = await get('/onboarding?step=2')
    expect(page.status).toBe(200)
    expectAll(
      visibleTextOf(page.body),
      ['Sunduğunuz Ürünleri Seçin', 'Kuruluşunuzun neler sunduğunu seçin. Bunu daha sonra Yönetim Modülleri bölümünden değiştirebilirsiniz.', 'Kurslar', 'Dersler', 'Etkinlikler', 'Değerlendirmeler', 'Bağışlar', 'Ürünler', 'Geri', 'Bitir'],
      ['Choose what your organization offers', 'Manage Modules', 'Courses', 'Classes', 'Events', 'Assessments', 'Donations', 'Merchandise', 'Back', 'Finish'],
    )
  })

  it('keeps every step, the panel and the refusals in English as they were', async () => {
    const first = await get('/onboarding?step=0', english())
    expect(first.body).toMatch(/<title>Onboarding\b/)
    expect(first.body).toContain('aria-label="Onboarding steps"')
    expectAll(
      visibleTextOf(first.body),
      [
        "Let's get Started",
        'Business Information',
        'Select The Products You Offer',
        'What best describes your business?',
        'Wellness Trainer',
        'Coach',
        'Non-Profit',
        'How many people are in your organization?',
        'Other',
        'How did you hear about us?',
        'Next',
        'Verify your email',
        'Avery Admin, we sent a verification link to admin@demo.test',
        'Resend verification email',
      ],
      ['Hadi', 'İleri'],
    )
    const second = await get('/onboarding?step=1', english())
    expect(second.body).toContain('label="United States"')
    expectAll(visibleTextOf(second.body), ['Business name', 'Country', 'USA', 'IND', 'Time zone', 'Phone', 'Like 000-000-0000', 'Website', 'Logo', 'Back', 'Next'], ['Ülke', 'Telefon'])
    const third = visibleTextOf((await get('/onboarding?step=2', english())).body)
    expectAll(third, ['Choose what your organization offers. You can change this later in Manage Modules.', 'Courses', 'Classes', 'Events', 'Assessments', 'Donations', 'Merchandise', 'Back', 'Finish'], ['Kurslar', 'Bitir'])

    // The form posts to the address of its step, as the page's own form does.
    const refused = await post('/onboarding?step=1', form({ step: '1', name: 'Demo Yoga Studio', country: 'USA', timezone: 'America/Denver', phone: '' }), english())
    expect(refused.status).toBe(400)
    expectAll(visibleTextOf(refused.body), ['Please fill in the required fields, including the phone number.', 'Phone number is required.'], ['Lütfen', 'zorunludur'])
    const sent = await post('/onboarding', form({ intent: 'resend-verification' }), english())
    expect(visibleTextOf(sent.body)).toContain('Sent verification email')
  })
})
