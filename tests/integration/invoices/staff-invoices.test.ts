import { asSystem } from '#db/tenant-scope'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { form, textOf, toastOf } from '#tests/integration/http/answers'
import { postStaffInvoice } from './staff-invoice-post'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`staff invoices (${engine})`, () => {
  let app: DemoHttpApp
  let student = { id: '', guid: '' }
  let studentCookie = ''
  let cardOption = ''
  let otherTenantInvoice = ''

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie } })
  const invoiceRow = (guid: string) =>
    asSystem(app.platform.database, 'test: an invoice', (trx) =>
      trx
        .selectFrom('invoices')
        .select(['status', 'source', 'total_minor', 'balance_minor', 'paid_minor', 'subtotal_minor', 'tax_minor', 'card_fees_minor', 'is_archived', 'emailed_at', 'due_on', 'note'])
        .where('guid', '=', guid)
        .executeTakeFirstOrThrow(),
    )
  const count = (table: 'invoices' | 'invoice_payments' | 'outbound_emails') =>
    asSystem(app.platform.database, 'test: count', (trx) =>
      trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', app.demo.id)
        .executeTakeFirstOrThrow(),
    ).then((row) => Number(row.n))
  const invoiceNumber = (guid: string) =>
    asSystem(app.platform.database, 'test: an invoice number', (trx) => trx.selectFrom('invoices').select('number').where('guid', '=', guid).executeTakeFirstOrThrow()).then((row) => row.number)
  /** A new staff invoice for the student: a described line of 25.00 × quantity, and the class card when asked. */
  const createInvoice = async (lines: Record<string, string> = {}, extra: Record<string, string> = {}) => {
    const created = await postStaffInvoice((path, fields) => post(path, fields, app.adminCookie), student.guid, { ...lines, ...extra })
    expect(created.answer.status).toBe(302)
    return created.guid
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const found = await asSystem(app.platform.database, 'test: invoice fixtures', async (trx) => {
      const person = await trx.selectFrom('contacts').select(['id', 'guid', 'email']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      await trx.updateTable('contacts').set({ balance_minor: 0 }).where('id', '=', person.id).execute()
      const card = await trx
        .selectFrom('item_price_options')
        .innerJoin('catalog_items', 'catalog_items.id', 'item_price_options.item_id')
        .select('item_price_options.guid')
        .where('item_price_options.tenant_id', '=', app.demo.id)
        .where('item_price_options.name', '=', '10-Class Card')
        .executeTakeFirstOrThrow()
      return { person, card }
    })
    student = { id: found.person.id, guid: found.person.guid }
    cardOption = found.card.guid
    studentCookie = await createSessionCookie(app.platform, app.demo, found.person)
    const other = await createTenant(app.platform, { name: 'Other studio' })
    const buyer = await createContact(app.platform, other, { firstName: 'Only', lastName: 'Elsewhere' })
    otherTenantInvoice = await asSystem(app.platform.database, 'test: another tenant invoice', (trx) =>
      trx
        .insertInto('invoices')
        .values({
          tenant_id: other.id,
          number: 1,
          contact_id: buyer.id,
          status: 'pending',
          source: 'staff',
          currency: 'USD',
          subtotal_minor: 1000,
          total_minor: 1000,
          balance_minor: 1000,
          first_name: 'Only',
          last_name: 'Elsewhere',
          email: 'only@elsewhere.test',
        })
        .returning('guid')
        .executeTakeFirstOrThrow()
        .then((row) => row.guid),
    )
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('creates an invoice of a described line and a catalog item, pending with the whole total owed', async () => {
    const guid = await createInvoice({ 'lines[1].choice': cardOption, 'lines[1].quantity': '1' }, { dueOn: '2999-01-31' })
    const row = await invoiceRow(guid)
    expect(row).toMatchObject({ status: 'pending', source: 'staff', due_on: '2999-01-31', note: 'Thanks' })
    expect(Number(row.subtotal_minor)).toBe(5000 + 18000)
    expect(Number(row.balance_minor)).toBe(Number(row.total_minor))
    const page = await get(`/invoices/${guid}`, app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Private lesson')
    expect(page.body).toContain('10-Class Card')
    expect(page.body).toContain('Record a payment')
  })

  it('refuses a form without lines or with a bad price, writing nothing', async () => {
    const before = await count('invoices')
    const empty = await post('/invoices/new', { intent: 'save', contact: student.guid }, app.adminCookie)
    expect(empty.status).toBe(400)
    expect(empty.body).toContain('Add at least one line.')
    const badPrice = await post('/invoices/new', { intent: 'save', contact: student.guid, 'lines[0].choice': 'custom', 'lines[0].description': 'Lesson', 'lines[0].price': 'ten' }, app.adminCookie)
    expect(badPrice.status).toBe(400)
    expect(badPrice.body).toContain('Enter the price as a number, like 25.00.')
    const noContact = await post('/invoices/new', { intent: 'save', contact: otherTenantInvoice, 'lines[0].description': 'Lesson', 'lines[0].price': '5' }, app.adminCookie)
    expect(noContact.status).toBe(400)
    expect(noContact.body).toContain('Choose the contact to invoice.')
    const pastDue = await post('/invoices/new', { intent: 'save', contact: student.guid, 'lines[0].description': 'Lesson', 'lines[0].price': '5', dueOn: '2001-01-01' }, app.adminCookie)
    expect(pastDue.body).toContain('The due date cannot be before today.')
    expect(await count('invoices')).toBe(before)
  })

  it('takes part of the balance in cash (partial), refuses more than is owed, then the rest makes it paid and gives the class card', async () => {
    const guid = await createInvoice({ 'lines[1].choice': cardOption })
    const owed = Number((await invoiceRow(guid)).balance_minor)
    const payments = await count('invoice_payments')
    const tooMuch = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '100000' }, app.adminCookie)
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body).toContain('The amount is more than the balance of')
    const notANumber = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '1.234' }, app.adminCookie)
    expect(notANumber.body).toContain('Enter the amount as a number, like 25.00.')
    const noCredit = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'account', amount: '10' }, app.adminCookie)
    expect(noCredit.body).toContain('The contact has only $0.00 in credit.')
    expect(await count('invoice_payments')).toBe(payments)

    const part = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '20.00', note: 'At the desk' }, app.adminCookie)
    expect(part.status).toBe(302)
    expect(toastOf(part)).toContain('Payment recorded.')
    expect(await invoiceRow(guid)).toMatchObject({ status: 'pending' })
    expect(Number((await invoiceRow(guid)).balance_minor)).toBe(owed - 2000)
    const report = await get('/invoices?status=partial', app.adminCookie)
    expect(report.body).toContain(`/invoices/${guid}`)

    const cardsBefore = await asSystem(app.platform.database, 'test: cards', (trx) =>
      trx
        .selectFrom('contact_memberships')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('contact_id', '=', student.id)
        .where('membership_type', '=', 'card')
        .executeTakeFirstOrThrow(),
    )
    const rest = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'other', amount: ((owed - 2000) / 100).toFixed(2) }, app.adminCookie)
    expect(toastOf(rest)).toContain('The invoice is paid.')
    const paid = await invoiceRow(guid)
    expect(paid.status).toBe('paid')
    expect(Number(paid.paid_minor)).toBe(owed)
    expect(Number(paid.balance_minor)).toBe(0)
    const cardsAfter = await asSystem(app.platform.database, 'test: cards', (trx) =>
      trx
        .selectFrom('contact_memberships')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('contact_id', '=', student.id)
        .where('membership_type', '=', 'card')
        .executeTakeFirstOrThrow(),
    )
    expect(Number(cardsAfter.n)).toBe(Number(cardsBefore.n) + 1)
    const again = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '1' }, app.adminCookie)
    expect(again.status).toBe(409)
    expect(again.body).toContain('This invoice is not waiting for a payment.')
  })

  it('keeps the report for the user until an invoice changes, and then shows the new totals', async () => {
    const guid = await createInvoice()
    const first = await get('/invoices?status=pending', app.adminCookie)
    expect(first.status).toBe(200)
    const again = await get('/invoices?status=pending', app.adminCookie)
    expect(again.headers['x-page-cache']).toBe('hit')
    expect(again.body).toContain(`/invoices/${guid}`)

    const paid = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '50.00' }, app.adminCookie)
    expect(toastOf(paid)).toContain('The invoice is paid.')
    const after = await get('/invoices?status=pending', app.adminCookie)
    expect(after.headers['x-page-cache']).not.toBe('hit')
    expect(after.body).not.toContain(`/invoices/${guid}`)
    const complete = await get(`/invoices?status=complete&search=${encodeURIComponent(`#${(await invoiceNumber(guid)).toString()}`)}`, app.adminCookie)
    expect(complete.body).toContain(`/invoices/${guid}`)
    expect(complete.body).toContain('$50.00')
  })

  it('spends account credit, and voids only what has kept no money', async () => {
    await asSystem(app.platform.database, 'test: credit', (trx) => trx.updateTable('contacts').set({ balance_minor: 1000 }).where('id', '=', student.id).execute())
    const guid = await createInvoice()
    const paidPart = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'account', amount: '10' }, app.adminCookie)
    expect(paidPart.status).toBe(302)
    const balance = await asSystem(app.platform.database, 'test: balance', (trx) => trx.selectFrom('contacts').select('balance_minor').where('id', '=', student.id).executeTakeFirstOrThrow())
    expect(Number(balance.balance_minor)).toBe(0)
    const refused = await post(`/invoices/${guid}`, { intent: 'void' }, app.adminCookie)
    expect(toastOf(refused)).toContain('Refund the payments before voiding it.')
    expect((await invoiceRow(guid)).status).toBe('pending')

    const fresh = await createInvoice()
    const confirm = await get(`/invoices/${fresh}?confirm=void`, app.adminCookie)
    expect(confirm.body).toContain('Void this invoice? It can no longer be paid, and this cannot be undone.')
    const voided = await post(`/invoices/${fresh}`, { intent: 'void' }, app.adminCookie)
    expect(toastOf(voided)).toContain('Invoice voided.')
    expect(await invoiceRow(fresh)).toMatchObject({ status: 'void' })
  })

  it('edits a staff invoice until money is taken on it', async () => {
    const guid = await createInvoice()
    const form = await get(`/invoices/${guid}/edit`, app.adminCookie)
    expect(form.status).toBe(200)
    expect(form.body).toContain('Private lesson')
    const saved = await post(
      `/invoices/${guid}/edit`,
      { intent: 'save', contact: student.guid, 'lines[0].choice': 'custom', 'lines[0].description': 'Two private lessons', 'lines[0].price': '30', 'lines[0].quantity': '2' },
      app.adminCookie,
    )
    expect(saved.status).toBe(302)
    expect(Number((await invoiceRow(guid)).subtotal_minor)).toBe(6000)
    const paidPart = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '5' }, app.adminCookie)
    expect(paidPart.status).toBe(302)
    const locked = await post(`/invoices/${guid}/edit`, { intent: 'save', contact: student.guid, 'lines[0].description': 'Free', 'lines[0].price': '0' }, app.adminCookie)
    // The refusal is drawn by the page, whose loader sends staff back to the invoice with the reason.
    expect([locked.status, locked.headers.location]).toEqual([302, `/invoices/${guid}`])
    expect(toastOf(locked)).toContain('Only an unpaid invoice written by staff can be edited.')
    expect(Number((await invoiceRow(guid)).subtotal_minor)).toBe(6000)
  })

  it('archives out of the report, emails with the status template, and searches by number and item', async () => {
    const guid = await createInvoice({ 'lines[0].description': 'Zebra workshop' })
    const numberText = /Invoice (#\d{4})/.exec((await get(`/invoices/${guid}`, app.adminCookie)).body)?.[1] ?? ''
    expect((await get(`/invoices?search=${encodeURIComponent('zebra')}`, app.adminCookie)).body).toContain(`/invoices/${guid}`)
    expect((await get(`/invoices?search=${encodeURIComponent(numberText)}`, app.adminCookie)).body).toContain(`/invoices/${guid}`)

    const emails = await count('outbound_emails')
    const emailed = await post(`/invoices/${guid}`, { intent: 'email' }, app.adminCookie)
    expect(toastOf(emailed)).toContain('The invoice was emailed to student@demo.test.')
    expect(await count('outbound_emails')).toBe(emails + 1)
    const email = await asSystem(app.platform.database, 'test: email', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('tenant_id', '=', app.demo.id).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow(),
    )
    expect(email.subject).toBe(`Invoice ${numberText} from ${app.demo.name}`)
    expect(email.text_body).toContain(`/meminvoice/${guid}`)
    expect((await invoiceRow(guid)).emailed_at).not.toBeNull()

    await post(`/invoices/${guid}`, { intent: 'archive' }, app.adminCookie)
    expect((await get(`/invoices?search=zebra`, app.adminCookie)).body).not.toContain(`/invoices/${guid}`)
    expect((await get(`/invoices?search=zebra&showArchive=true`, app.adminCookie)).body).toContain(`/invoices/${guid}`)
  })

  it("answers 404 for another tenant's invoice, and keeps students to their own invoices", async () => {
    expect((await get(`/invoices/${otherTenantInvoice}`, app.adminCookie)).status).toBe(404)
    expect((await post(`/invoices/${otherTenantInvoice}`, { intent: 'record-payment', method: 'cash', amount: '1' }, app.adminCookie)).status).toBe(404)
    expect((await post(`/invoices/${otherTenantInvoice}`, { intent: 'void' }, app.adminCookie)).status).toBe(404)
    expect((await get(`/meminvoice/${otherTenantInvoice}`, app.adminCookie)).status).toBe(404)

    const guid = await createInvoice({ 'lines[0].description': 'Student visible line' }, { dueOn: '2999-01-31' })
    const mine = await get('/invoices', studentCookie)
    expect(mine.status).toBe(200)
    expect(mine.body).toContain('My Invoices')
    expect(mine.body).toContain(`/meminvoice/${guid}`)
    const asStudent = await get(`/invoices/${guid}`, studentCookie)
    expect(asStudent.headers.location).toBe(`/meminvoice/${guid}`)
    const payLink = await get(`/meminvoice/${guid}`, '')
    expect(payLink.headers.location).toBe(`/checkout/orders/${guid}`)
    const payPage = await get(`/checkout/orders/${guid}`, '')
    expect(payPage.status).toBe(200)
    expect(payPage.body).toContain('Student visible line')
    // The pay link says by when.
    expect(textOf(payPage.body)).toContain('is due by Thursday, January 31, 2999')

    const payments = await count('invoice_payments')
    const studentPost = await post(`/invoices/${guid}`, { intent: 'record-payment', method: 'cash', amount: '1' }, studentCookie)
    expect(studentPost.status).not.toBe(200)
    expect(await count('invoice_payments')).toBe(payments)
    expect((await get('/invoices/new', studentCookie)).status).not.toBe(200)
  })
})
