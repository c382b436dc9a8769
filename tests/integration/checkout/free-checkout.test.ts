import { asSystem } from '#db/tenant-scope'
import { loadMyStore } from '#server/catalog/store/my-store'
import { loadStoreItems } from '#server/catalog/store/store-items'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, toastOf, form } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`checkout of what costs nothing (${engine})`, () => {
  let app: DemoHttpApp
  let stickerGuid = ''
  let stickerOption = ''
  let paidOption = ''
  let matGuid = ''
  let trialGuid = ''
  let trialOption = ''
  let studentCookie = ''
  let studentId = ''

  const get = (path: string, cookie?: string, host?: string) => request(app.port, path, { host: host ?? app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string, host?: string) =>
    request(app.port, path, {
      host: host ?? app.host,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host ?? app.host}`, ...(cookie ? { cookie } : {}) },
    })

  const addSticker = async (quantity: number, cookie?: string) => post('/checkout', form({ intent: 'add', item: stickerGuid, priceOption: stickerOption, quantity: String(quantity) }), cookie)
  const newCartWithSticker = async (quantity = 1) => cookiePair(await addSticker(quantity), 'cart')
  const buyer = (attempt: string, changes: Record<string, string> = {}) =>
    form({ intent: 'place', attempt, firstName: 'Maya', lastName: 'Lindqvist', email: 'maya.lindqvist@example.test', phone: '555 010 2222', note: '', ...changes })

  const count = (table: 'invoices' | 'invoice_lines' | 'contact_memberships') =>
    asSystem(app.platform.database, 'test: count', (trx) =>
      trx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', app.demo.id).executeTakeFirstOrThrow(),
    ).then((row) => Number(row.n))
  const stock = () =>
    asSystem(app.platform.database, 'test: stock', (trx) => trx.selectFrom('catalog_items').select('stock_quantity').where('guid', '=', stickerGuid).executeTakeFirstOrThrow()).then(
      (row) => row.stock_quantity,
    )
  const setStock = async (quantity: number) => {
    await asSystem(app.platform.database, 'test: stock', (trx) => trx.updateTable('catalog_items').set({ stock_quantity: quantity }).where('guid', '=', stickerGuid).execute())
    app.platform.caches.changed(app.demo.id, ['catalog'])
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const ids = await asSystem(app.platform.database, 'test: free items', async (trx) => {
      const sticker = await trx
        .insertInto('catalog_items')
        .values({ tenant_id: app.demo.id, kind: 'product', name: 'Studio Sticker', slug: 'studio-sticker', is_published: true, stock_quantity: 5 })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      const option = await trx
        .insertInto('item_price_options')
        .values({ tenant_id: app.demo.id, item_id: sticker.id, name: 'Studio Sticker', price_minor: 0, currency: 'USD', max_quantity: 3 })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const mat = await trx
        .selectFrom('catalog_items')
        .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
        .select(['catalog_items.guid', 'item_price_options.guid as option'])
        .where('catalog_items.tenant_id', '=', app.demo.id)
        .where('catalog_items.slug', '=', 'organic-cotton-yoga-mat')
        .executeTakeFirstOrThrow()
      const plans = await trx.selectFrom('catalog_items').select(['id', 'guid']).where('tenant_id', '=', app.demo.id).where('kind', '=', 'membership').executeTakeFirstOrThrow()
      await trx.updateTable('catalog_items').set({ is_published: true }).where('id', '=', plans.id).execute()
      const trial = await trx
        .insertInto('item_price_options')
        .values({ tenant_id: app.demo.id, item_id: plans.id, name: 'First Class Free', price_minor: 0, currency: 'USD', membership_type: 'card', credits: 1 })
        .returning('guid')
        .executeTakeFirstOrThrow()
      const student = await trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      return { sticker: sticker.guid, option: option.guid, mat: mat.guid, matOption: mat.option, plans: plans.guid, trial: trial.guid, student }
    })
    app.platform.caches.changed(app.demo.id, ['catalog'])
    stickerGuid = ids.sticker
    stickerOption = ids.option
    matGuid = ids.mat
    paidOption = ids.matOption
    trialGuid = ids.plans
    trialOption = ids.trial
    studentId = ids.student.id
    studentCookie = await createSessionCookie(app.platform, app.demo, ids.student)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('shows an empty cart to a visitor without one', async () => {
    const page = await get('/checkout')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Your cart is empty.')
  })

  it('puts a free item in a new cart and shows it priced, with a Buy form on its page', async () => {
    const product = await get('/merchandise/details/studio-sticker')
    expect(product.body).toContain('data-buy-form')
    const added = await addSticker(2)
    expect(added.status).toBe(302)
    expect(added.header('location')).toBe('/checkout')
    expect(toastOf(added)).toBe('Studio Sticker is in your cart.')
    const cookie = cookiePair(added, 'cart')
    const page = await get('/checkout', cookie)
    expect(page.body).toContain('data-cart-line="Studio Sticker"')
    expect(page.body).toMatch(/data-cart-total="?[^>]*>\$0\.00</)
    expect(page.body).toContain('Place order')
  })

  it('refuses what cannot be paid for online yet, and a paid item page offers no Buy form', async () => {
    const product = await get('/merchandise/details/organic-cotton-yoga-mat')
    expect(product.body).not.toContain('data-buy-form')
    const added = await post('/checkout', form({ intent: 'add', item: matGuid, priceOption: paidOption }))
    expect(toastOf(added)).toBe('Organic Cotton Yoga Mat cannot be bought online yet. Please contact us to buy it.')
    expect(([] as string[]).concat(added.headers['set-cookie'] ?? []).some((cookie) => cookie.startsWith('cart='))).toBe(false)
  })

  it('refuses an option of another item, a made-up id and a quantity past the option limit', async () => {
    expect(toastOf(await post('/checkout', form({ intent: 'add', item: matGuid, priceOption: stickerOption })))).toBe('That is no longer on sale.')
    expect(toastOf(await post('/checkout', form({ intent: 'add', item: 'not-a-uuid', priceOption: stickerOption })))).toBe('Choose something to buy.')
    const cookie = await newCartWithSticker(3)
    expect(toastOf(await addSticker(1, cookie))).toBe('Studio Sticker can be bought at most 3 at a time.')
  })

  it('changes a line and takes it out; another cart cannot touch it', async () => {
    const cookie = await newCartWithSticker(1)
    const page = await get('/checkout', cookie)
    const line = /name="line" value="([0-9a-f-]{36})"/.exec(page.body)?.[1] ?? ''
    expect(toastOf(await post('/checkout', form({ intent: 'quantity', line, quantity: '3' }), cookie))).toBe('Your cart is updated.')
    const stranger = await newCartWithSticker(1)
    expect(toastOf(await post('/checkout', form({ intent: 'remove', line }), stranger))).toBe('That line is no longer in your cart.')
    expect(toastOf(await post('/checkout', form({ intent: 'remove', line }), cookie))).toBe('Studio Sticker is out of your cart.')
    expect((await get('/checkout', cookie)).body).toContain('Your cart is empty.')
  })

  it('refuses a user form without its required fields and writes nothing', async () => {
    const cookie = await newCartWithSticker(1)
    const before = await count('invoices')
    const refused = await post('/checkout', buyer('attempt-empty-form-0001', { firstName: '', lastName: ' ', email: 'not-an-email' }), cookie)
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('First name is required!')
    expect(refused.body).toContain('Last name is required!')
    expect(refused.body).toContain('Please enter a valid email address!')
    expect(refused.body).toContain('value="not-an-email"')
    expect(await count('invoices')).toBe(before)
  })

  it('places the order: one paid invoice, the stock taken, a contact, an empty cart, a receipt; the same key again is the same sale', async () => {
    await setStock(5)
    const cookie = await newCartWithSticker(2)
    const before = await count('invoices')
    const placed = await post('/checkout', buyer('attempt-first-sale-0001'), cookie)
    expect(placed.status).toBe(302)
    const location = placed.header('location') ?? ''
    expect(location).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    expect(await count('invoices')).toBe(before + 1)
    expect(await stock()).toBe(3)
    expect((await loadStoreItems(app.platform.database, app.demo)).items.find((item) => item.name === 'Studio Sticker')?.taken).toBe(2)
    const again = await post('/checkout', buyer('attempt-first-sale-0001'), cookie)
    expect(again.header('location')).toBe(location)
    expect(await count('invoices')).toBe(before + 1)

    const invoice = await asSystem(app.platform.database, 'test: invoice', (trx) =>
      trx
        .selectFrom('invoices')
        .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
        .select(['invoices.status', 'invoices.total_minor', 'invoices.balance_minor', 'invoices.number', 'contacts.email', 'contacts.first_name'])
        .where('invoices.guid', '=', location.split('/').pop() ?? '')
        .executeTakeFirstOrThrow(),
    )
    expect(invoice).toMatchObject({ status: 'paid', email: 'maya.lindqvist@example.test', first_name: 'Maya' })
    expect(Number(invoice.total_minor)).toBe(0)
    const receipt = await asSystem(app.platform.database, 'test: receipt', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', 'maya.lindqvist@example.test').executeTakeFirstOrThrow(),
    )
    expect(receipt.subject).toBe(`Your order #${String(invoice.number).padStart(4, '0')} from ${app.demo.name}`)
    expect(receipt.text_body).toContain('- 2 × Studio Sticker: Free')
    expect(receipt.text_body).toContain(location)

    const confirmation = await get(location)
    expect(confirmation.status).toBe(200)
    expect(confirmation.body).toContain('Thank you, your order is placed')
    expect(confirmation.body).toContain('data-order-line="Studio Sticker"')
    expect((await get('/checkout', cookie)).body).toContain('Your cart is empty.')
  })

  it('keeps Turkish on a new buyer who ordered from the Turkish checkout, so their receipt is in Turkish', async () => {
    await setStock(5)
    const cookie = await newCartWithSticker(1)
    const placed = await post('/checkout', buyer('attempt-turkish-buyer-0001', { email: 'ayse.turk@example.test', firstName: 'Ayşe' }), `${cookie}; lng=tr`)
    expect(placed.status).toBe(302)
    const contact = await asSystem(app.platform.database, 'test: the buyer', (trx) => trx.selectFrom('contacts').select('language').where('email', '=', 'ayse.turk@example.test').executeTakeFirstOrThrow())
    expect(contact.language).toBe('tr')
    const receipt = await asSystem(app.platform.database, 'test: receipt', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', 'ayse.turk@example.test').executeTakeFirstOrThrow(),
    )
    expect(receipt.text_body).toContain('Studio Sticker: Ücretsiz')
  })

  it('refuses a cart that wants more than is left, and says which line', async () => {
    await setStock(1)
    const cookie = await newCartWithSticker(2)
    expect((await get('/checkout', cookie)).body).toContain('Only 1 of Studio Sticker left. Lower the quantity to buy it.')
    const refused = await post('/checkout', buyer('attempt-too-many-00001'), cookie)
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('Please check your cart: Only 1 of Studio Sticker left.')
    expect(await stock()).toBe(1)
  })

  it('sells the last one once when two carts place at the same time', async () => {
    await setStock(1)
    const first = await newCartWithSticker(1)
    const second = await newCartWithSticker(1)
    const before = await count('invoices')
    const answers = await Promise.all([
      post('/checkout', buyer('attempt-race-first-0001', { email: 'first.racer@example.test' }), first),
      post('/checkout', buyer('attempt-race-second-001', { email: 'second.racer@example.test' }), second),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409])
    expect(await count('invoices')).toBe(before + 1)
    expect(await stock()).toBe(0)
  })

  it('answers a Place order sent twice at once (a double click) with the one sale it made', async () => {
    await setStock(5)
    const cookie = await newCartWithSticker(1)
    const before = await count('invoices')
    const answers = await Promise.all([post('/checkout', buyer('attempt-double-click-001'), cookie), post('/checkout', buyer('attempt-double-click-001'), cookie)])
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    expect(answers[0]?.header('location')).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    expect(answers[1]?.header('location')).toBe(answers[0]?.header('location'))
    expect(await count('invoices')).toBe(before + 1)
    expect(await stock()).toBe(4)
  })

  it("gives a signed-in student a free class card on their own contact, whatever email the form says", async () => {
    await setStock(5)
    const added = await post('/checkout', form({ intent: 'add', item: trialGuid, priceOption: trialOption }), studentCookie)
    const cookie = `${studentCookie}; ${cookiePair(added, 'cart')}`
    expect((await addSticker(1, cookie)).status).toBe(302)
    const page = await get('/checkout', cookie)
    expect(page.body).toContain('value="student@demo.test"')
    const placed = await post('/checkout', buyer('attempt-student-card-001', { email: 'someone.else@example.test' }), cookie)
    expect(placed.status).toBe(302)
    const held = await asSystem(app.platform.database, 'test: membership', (trx) =>
      trx.selectFrom('contact_memberships').select(['membership_type', 'credits_left', 'status']).where('contact_id', '=', studentId).where('name', '=', 'First Class Free').executeTakeFirstOrThrow(),
    )
    expect(held).toEqual({ membership_type: 'card', credits_left: 1, status: 'active' })
    const invoice = await asSystem(app.platform.database, 'test: invoice', (trx) =>
      trx.selectFrom('invoices').select(['email', 'contact_id']).where('guid', '=', (placed.header('location') ?? '').split('/').pop() ?? '').executeTakeFirstOrThrow(),
    )
    expect(invoice).toEqual({ email: 'student@demo.test', contact_id: studentId })
    const myStore = await loadMyStore(app.platform.database, { tenant: app.demo, contactId: studentId, now: new Date() })
    expect(myStore.purchases.slice(0, 2).map((purchase) => `${purchase.kindText}: ${purchase.what}`).sort()).toEqual(['Class card: First Class Free', 'Merchandise: Studio Sticker'])
  })

  it("follows a signed-in buyer from browser to browser and merges their carts, and hides an account's cart after sign-out", async () => {
    await setStock(5)
    const ada = await asSystem(app.platform.database, 'test: second student', (trx) =>
      trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', app.demo.id).where('email', '=', 'ada.okafor@example.test').executeTakeFirstOrThrow(),
    )
    const adaCookie = await createSessionCookie(app.platform, app.demo, ada)
    const quantityOf = (body: string) => /<select[^>]*name="quantity"[^>]*>[\s\S]*?<option[^>]*value="(\d)"[^>]*selected/.exec(body)?.[1] ?? /Quantity: (\d)/.exec(body)?.[1]

    // A cart made before signing in is claimed at the first visit signed in.
    const laptop = await newCartWithSticker(1)
    expect((await get('/checkout', `${adaCookie}; ${laptop}`)).body).toContain('data-cart-line="Studio Sticker"')
    // Another browser with no cart gets the account's cart, with a new cookie.
    const phone = await get('/checkout', adaCookie)
    expect(phone.body).toContain('data-cart-line="Studio Sticker"')
    const phoneCart = cookiePair(phone, 'cart')
    expect(phoneCart).not.toBe(laptop)
    // A second visitor cart signed into the same account takes the account's lines.
    const tablet = await newCartWithSticker(2)
    const merged = await get('/checkout', `${adaCookie}; ${tablet}`)
    expect(quantityOf(merged.body)).toBe('3')
    expect(await asSystem(app.platform.database, 'test: carts', (trx) => trx.selectFrom('carts').select('id').where('contact_id', '=', ada.id).execute())).toHaveLength(1)
    // Signed out, the same browser shows no one's cart.
    expect((await get('/checkout', tablet)).body).toContain('Your cart is empty.')
    expect((await get('/checkout', phoneCart)).body).toContain('Your cart is empty.')
  })

  it("answers 404 for an order that is not this tenant's or does not exist", async () => {
    expect((await get('/checkout/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await get('/checkout/orders/not-a-guid')).status).toBe(404)
  })
})
