import { demoItemOption } from '#tests/integration/checkout/demo-item-option'
import { asSystem } from '#db/tenant-scope'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, toastOf, form } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`selling at the desk (${engine})`, () => {
  let app: DemoHttpApp
  let cardChoice = ''
  let blockChoice = ''
  let student = { id: '', guid: '' }
  let studentCookie = ''

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, body: string, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie } })
  const till = (contact?: string) => `/store/cart-checkout${contact ? `?contact=${contact}` : ''}`
  /** A new sale on a new till holding `choice`, as the admin. */
  const saleWith = async (choice: string, quantity = 1) => {
    const added = await post(till(student.guid), form({ intent: 'add', choice, quantity: String(quantity) }), app.adminCookie)
    expect(added.status).toBe(302)
    return `${app.adminCookie}; ${cookiePair(added, 'till')}`
  }
  const invoiceCount = () =>
    asSystem(app.platform.database, 'test: invoices', (trx) => trx.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', app.demo.id).executeTakeFirstOrThrow()).then((row) => Number(row.n))

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const found = await asSystem(app.platform.database, 'test: till items', async (trx) => {
      const option = (slug: string, name: string) =>
        trx
          .selectFrom('catalog_items')
          .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
          .select(['catalog_items.guid as item', 'item_price_options.guid as option'])
          .where('catalog_items.tenant_id', '=', app.demo.id)
          .where('catalog_items.slug', '=', slug)
          .where('item_price_options.name', '=', name)
          .executeTakeFirstOrThrow()
      const plans = await trx.selectFrom('catalog_items').select('slug').where('tenant_id', '=', app.demo.id).where('kind', '=', 'membership').executeTakeFirstOrThrow()
      await trx.updateTable('catalog_items').set({ is_published: true }).where('tenant_id', '=', app.demo.id).where('kind', '=', 'membership').execute()
      const card = await option(plans.slug, '10-Class Card')
      const block = await option('cork-yoga-block', 'Cork Yoga Block').catch(() => demoItemOption(trx, app.demo.id, 'cork-yoga-block'))
      const person = await trx.selectFrom('contacts').select(['id', 'guid', 'email']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      await trx.updateTable('contacts').set({ balance_minor: 0 }).where('id', '=', person.id).execute()
      return { card, block, person }
    })
    app.platform.caches.changed(app.demo.id, ['catalog', 'contacts'])
    cardChoice = `${found.card.item}/${found.card.option}`
    blockChoice = `${found.block.item}/${found.block.option}`
    student = { id: found.person.id, guid: found.person.guid }
    studentCookie = await createSessionCookie(app.platform, app.demo, found.person)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('finds a customer and offers every published option, paid ones too', async () => {
    const page = await get(`${till()}?q=stella`, app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`?contact=${student.guid}`)
    const chosen = await get(till(student.guid), app.adminCookie)
    expect(chosen.body).toContain('data-till-customer=')
    expect(chosen.body).toContain('10-Class Card ($180.00)')
  })

  it('sells a class card for cash: a paid invoice by this staff member, the credits held, the receipt sent', async () => {
    const cookie = await saleWith(cardChoice)
    const page = await get(till(student.guid), cookie)
    expect(page.body).toContain('Complete sale: $180.00')
    const sold = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'cash', note: 'Paid at the desk', attempt: 'till-attempt-cash-00001' }), cookie)
    expect(sold.status).toBe(302)
    expect(sold.header('location')).toBe('/store/cart-checkout')
    expect(toastOf(sold)).toMatch(/^Sale #\d{4} to .+ is complete\.$/)
    const invoice = await asSystem(app.platform.database, 'test: invoice', (trx) =>
      trx.selectFrom('invoices').select(['status', 'payment_method', 'total_minor', 'balance_minor', 'sales_person_id', 'source', 'note']).where('idempotency_key', '=', 'till-attempt-cash-00001').executeTakeFirstOrThrow(),
    )
    expect({ ...invoice, total_minor: Number(invoice.total_minor), balance_minor: Number(invoice.balance_minor) }).toEqual({
      status: 'paid', payment_method: 'cash', total_minor: 18000, balance_minor: 0, sales_person_id: app.adminId, source: 'till', note: 'Paid at the desk',
    })
    const cards = await asSystem(app.platform.database, 'test: cards', (trx) =>
      trx.selectFrom('contact_memberships').select(['credits_left', 'credits_total']).where('contact_id', '=', student.id).where('name', '=', '10-Class Card').orderBy('created_at', 'desc').executeTakeFirstOrThrow(),
    )
    expect(cards).toEqual({ credits_left: 10, credits_total: 10 })
    const mail = await asSystem(app.platform.database, 'test: mail', (trx) => trx.selectFrom('outbound_emails').select('text_body').where('to_address', '=', 'student@demo.test').where('subject', 'like', 'Your order #%').executeTakeFirst())
    expect(mail?.text_body).toContain('10-Class Card')
    expect((await get(till(student.guid), cookie)).body).toContain('data-empty-sale')
  })

  it('puts a sale on account: an unpaid invoice and the contact owes the total', async () => {
    const cookie = await saleWith(blockChoice, 2)
    const sold = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'account', attempt: 'till-attempt-account-001' }), cookie)
    expect(sold.status).toBe(302)
    const invoice = await asSystem(app.platform.database, 'test: invoice', (trx) =>
      trx.selectFrom('invoices').select(['status', 'total_minor', 'balance_minor', 'paid_at']).where('idempotency_key', '=', 'till-attempt-account-001').executeTakeFirstOrThrow(),
    )
    expect(invoice.status).toBe('unpaid')
    expect(Number(invoice.balance_minor)).toBe(Number(invoice.total_minor))
    expect(invoice.paid_at).toBeNull()
    const balance = await asSystem(app.platform.database, 'test: balance', (trx) => trx.selectFrom('contacts').select('balance_minor').where('id', '=', student.id).executeTakeFirstOrThrow())
    expect(Number(balance.balance_minor)).toBe(-Number(invoice.total_minor))
    expect((await get(till(student.guid), app.adminCookie)).body).toContain(`Owes $${(Number(invoice.total_minor) / 100).toFixed(2)}`)
  })

  it('refuses a sale without a customer, without a way to pay, or with nothing on it, and writes nothing', async () => {
    const cookie = await saleWith(blockChoice)
    const before = await invoiceCount()
    const noCustomer = await post(till(), form({ intent: 'sell', contact: '', method: 'cash' }), cookie)
    expect(noCustomer.status).toBe(400)
    expect(noCustomer.body).toContain('Choose the customer first.')
    const noMethod = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'cheque' }), cookie)
    expect(noMethod.body).toContain('Choose how the customer pays.')
    // No payment provider here: the till offers no card, and a posted one is refused.
    expect((await get(till(student.guid), cookie)).body).not.toContain('value="card"')
    const noCards = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'card' }), cookie)
    expect(noCards.status).toBe(409)
    expect(noCards.body).toContain('Card payments are not set up: choose another way to pay.')
    const stranger = await post(till(), form({ intent: 'sell', contact: '00000000-0000-4000-8000-000000000000', method: 'cash' }), cookie)
    expect(stranger.status).toBe(409)
    expect(stranger.body).toContain('Choose the customer first.')
    const empty = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'cash' }), app.adminCookie.replace(/; till=.*/, ''))
    expect(empty.body).toContain('Add something to the sale first.')
    expect(await invoiceCount()).toBe(before)
  })

  it("on a plan whose active members are all taken, a membership for someone new is refused in the plan's words; a member buys another, anyone buys a product", async () => {
    const newcomer = await asSystem(app.platform.database, 'test: a full plan', async (trx) => {
      // Ten active members, the Free plan's limit: the demo's contacts are each given the class card Stella holds.
      const held = await trx.selectFrom('contact_memberships').select(['item_id', 'price_option_id', 'name', 'membership_type', 'credits_total', 'credits_left']).where('contact_id', '=', student.id).executeTakeFirstOrThrow()
      const others = await trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('id', '<>', student.id).orderBy('id').limit(12).execute()
      await trx
        .insertInto('contact_memberships')
        .values(others.map((other) => ({ tenant_id: app.demo.id, contact_id: other.id, item_id: held.item_id, price_option_id: held.price_option_id, name: held.name, membership_type: held.membership_type, credits_total: held.credits_total, credits_left: held.credits_left, status: 'active' as const })))
        .execute()
      await trx.insertInto('tenant_plans').values({ tenant_id: app.demo.id, plan_id: 'free_plan', period: 'monthly', contact_limit: null }).onConflict((c) => c.column('tenant_id').doUpdateSet({ plan_id: 'free_plan', contact_limit: null })).execute()
      return trx.insertInto('contacts').values({ tenant_id: app.demo.id, first_name: 'Nina', last_name: 'Newcomer', email: 'nina.newcomer@example.test' }).returning(['id', 'guid']).executeTakeFirstOrThrow()
    })
    const before = await invoiceCount()
    const cardSale = await post(till(newcomer.guid), form({ intent: 'add', choice: cardChoice, quantity: '1' }), app.adminCookie)
    const cookie = `${app.adminCookie}; ${cookiePair(cardSale, 'till')}`
    const refused = await post(till(newcomer.guid), form({ intent: 'sell', contact: newcomer.guid, method: 'cash', attempt: 'till-attempt-members-01' }), cookie)
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('Your plan allows 10 active members. Upgrade your plan to add more.')
    expect(await invoiceCount()).toBe(before)
    // Stella is a member already: another card for her is no new member.
    const forMember = await post(till(student.guid), form({ intent: 'sell', contact: student.guid, method: 'cash', attempt: 'till-attempt-members-02' }), cookie)
    expect(forMember.status).toBe(302)
    const blockSale = await saleWith(blockChoice)
    expect((await post(till(newcomer.guid), form({ intent: 'sell', contact: newcomer.guid, method: 'cash', attempt: 'till-attempt-members-03' }), blockSale)).status).toBe(302)
    expect(await invoiceCount()).toBe(before + 2)
  })

  it('is for staff only, and not there while the store is off', async () => {
    expect((await get(till(), studentCookie)).status).toBe(403)
    await asSystem(app.platform.database, 'test: store off', async (trx) => {
      const row = await trx.selectFrom('tenants').select('settings').where('id', '=', app.demo.id).executeTakeFirstOrThrow()
      await trx.updateTable('tenants').set({ settings: JSON.stringify({ ...(row.settings as Record<string, unknown>), isShowStoreMenu: false }) }).where('id', '=', app.demo.id).execute()
    })
    app.platform.caches.changed(app.demo.id, ['tenant'])
    expect((await get(till(), app.adminCookie)).status).toBe(404)
  })
})
