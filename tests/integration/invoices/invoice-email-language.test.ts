import { asSystem } from '#db/tenant-scope'
import { createContact } from '#tests/support/fixtures'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { form, toastOf } from '#tests/integration/http/answers'
import { postStaffInvoice } from './staff-invoice-post'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`invoice emails in the contact's language (${engine})`, () => {
  let app: DemoHttpApp
  let turkish = { guid: '', email: '' }
  let english = { guid: '', email: '' }

  const post = (path: string, fields: Record<string, string>) =>
    request(app.port, path, {
      host: app.host,
      method: 'POST',
      body: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie: app.adminCookie },
    })
  const lastEmailTo = (to: string) =>
    asSystem(app.platform.database, 'test: last email', (trx) =>
      trx
        .selectFrom('outbound_emails')
        .select(['subject', 'text_body'])
        .where('tenant_id', '=', app.demo.id)
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow(),
    )
  /** An invoice of 1,250.00 for the contact, emailed by staff; answers the email as it sits in the outbox. */
  const emailNewInvoice = async (contact: { guid: string; email: string }, overdue: boolean) => {
    const created = await postStaffInvoice(post, contact.guid, { 'lines[0].description': 'Wheel lessons', 'lines[0].price': '1250.00', 'lines[0].quantity': '1' })
    expect(created.guid).not.toBe('')
    if (overdue) {
      await asSystem(app.platform.database, 'test: overdue', (trx) => trx.updateTable('invoices').set({ due_on: '2026-01-15' }).where('guid', '=', created.guid).execute())
    }
    const emailed = await post(`/invoices/${created.guid}`, { intent: 'email' })
    // Staff read the answer in their own language: English.
    expect(toastOf(emailed)).toContain(`The invoice was emailed to ${contact.email}.`)
    return lastEmailTo(contact.email)
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const ayse = await createContact(app.platform, app.demo, { email: 'ayse.language@example.test', firstName: 'Ayşe', lastName: 'Yılmaz' })
    const ada = await createContact(app.platform, app.demo, { email: 'ada.language@example.test', firstName: 'Ada', lastName: 'Lovelace' })
    await asSystem(app.platform.database, 'test: a Turkish contact', (trx) => trx.updateTable('contacts').set({ language: 'tr' }).where('id', '=', ayse.id).execute())
    turkish = { guid: ayse.guid, email: ayse.email ?? '' }
    english = { guid: ada.guid, email: ada.email ?? '' }
  }, 180_000)

  afterAll(async () => {
    await app?.close()
  })

  it('sends a Turkish contact the invoice in Turkish, with Turkish amounts', async () => {
    const email = await emailNewInvoice(turkish, false)
    expect(email.subject).toMatch(new RegExp(`^${app.demo.name} faturası #\\d+$`))
    expect(email.text_body).toContain('Merhaba Ayşe Yılmaz,')
    expect(email.text_body).toMatch(/Toplam: .*1\.250,00/)
    expect(email.text_body).toContain('Çevrimiçi ödeyin: ')
    expect(email.text_body).not.toContain('Balance due')
  })

  it('sends a Turkish contact the overdue reminder in Turkish, with a Turkish due date', async () => {
    const email = await emailNewInvoice(turkish, true)
    expect(email.subject).toMatch(/^Hatırlatma: #\d+ numaralı faturanın vadesi geçti$/)
    expect(email.text_body).toContain('Son ödeme tarihi: 15 Oca 2026')
  })

  it('sends an English contact the same emails in English', async () => {
    const invoice = await emailNewInvoice(english, false)
    expect(invoice.subject).toMatch(new RegExp(`^Invoice #\\d+ from ${app.demo.name}$`))
    expect(invoice.text_body).toContain('Hello Ada Lovelace,')
    expect(invoice.text_body).toMatch(/Total: .*1,250\.00/)
    const reminder = await emailNewInvoice(english, true)
    expect(reminder.subject).toMatch(/^Reminder: invoice #\d+ is overdue$/)
    expect(reminder.text_body).toContain('Pay online: ')
  })
})
