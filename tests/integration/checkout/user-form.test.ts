import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, toastOf, form, textOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The user form beyond name and email (spec 002 User form): the address an event may need,
 * the emergency contact and birth date kept on the contact, and a student account on request.
 * Orders are made free by a 100% offer code, so they complete without a payment page.
 */
describe(`the checkout's user form (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  const items = { block: { guid: '', option: '' }, workshop: { guid: '', option: '' } }
  let attempts = 0

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) } })
  const freeCartWith = async (item: { guid: string; option: string }) => {
    const added = await post('/checkout', form({ intent: 'add', item: item.guid, priceOption: item.option, quantity: '1' }))
    const cart = cookiePair(added, 'cart')
    expect((await post('/checkout', form({ intent: 'offer', offerCode: 'FORMFREE' }), cart)).status).toBe(302)
    return cart
  }
  const place = (cart: string, fields: Record<string, string>) => {
    attempts += 1
    return post('/checkout', form({ intent: 'place', attempt: `user-form-attempt-${attempts}-00000000`, firstName: 'Tomas', lastName: 'Lindgren', phone: '', note: '', ...fields }), cart)
  }
  const contactByEmail = (email: string) =>
    asSystem(app.platform.database, 'test: contact', (trx) =>
      trx
        .selectFrom('contacts')
        .select(['id', 'role', 'password_hash', 'address_line1', 'city', 'zip', 'emergency_contact_name', 'emergency_contact_phone', 'date_of_birth'])
        .where('tenant_id', '=', app.demo.id)
        .where('email', '=', email)
        .executeTakeFirst(),
    )
  const mailTo = (email: string) =>
    asSystem(app.platform.database, 'test: mail', (trx) => trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', email).execute())
  const linksOf = (contactId: string) =>
    asSystem(app.platform.database, 'test: links', (trx) => trx.selectFrom('password_reset_tokens').select('id').where('contact_id', '=', contactId).execute())

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.addAccount('acct_user_form')
    const found = await asSystem(app.platform.database, 'test: items', async (trx) => {
      await trx.insertInto('payment_accounts').values({ tenant_id: app.demo.id, provider: 'STRIPE', account_id: 'acct_user_form' }).execute()
      await trx.insertInto('offers').values({ tenant_id: app.demo.id, code: 'FORMFREE', discount_type: 'percentage', discount_basis_points: 10_000, currency: 'USD' }).execute()
      await trx.updateTable('catalog_items').set({ stock_quantity: 50 }).where('tenant_id', '=', app.demo.id).where('slug', '=', 'cork-yoga-block').execute()
      const option = (slug: string) =>
        trx
          .selectFrom('catalog_items')
          .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
          .select(['catalog_items.guid', 'item_price_options.guid as option'])
          .where('catalog_items.tenant_id', '=', app.demo.id)
          .where('catalog_items.slug', '=', slug)
          .orderBy('item_price_options.sequence')
          .executeTakeFirstOrThrow()
      return { block: await option('cork-yoga-block'), workshop: await option('spring-equinox-workshop') }
    })
    items.block = { guid: found.block.guid, option: found.block.option }
    items.workshop = { guid: found.workshop.guid, option: found.workshop.option }
    app.platform.caches.changed(app.demo.id, ['tenant', 'catalog'])
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('keeps the birth date and emergency contact on a new contact, and makes a student account with an emailed link when asked', async () => {
    const cart = await freeCartWith(items.block)
    const placed = await place(cart, { email: 'tomas.lindgren@example.test', dob: '1990-04-12', emergencyContactName: 'Ella Lindgren', emergencyContactPhone: '555 010 4444', createAccount: 'on' })
    expect(placed.status).toBe(302)
    expect(toastOf(placed)).toBe('We emailed tomas.lindgren@example.test a link to choose the password of your new account.')
    const contact = await contactByEmail('tomas.lindgren@example.test')
    expect(contact).toMatchObject({ role: 'ROLE_STUDENT', password_hash: null, emergency_contact_name: 'Ella Lindgren', emergency_contact_phone: '555 010 4444', date_of_birth: '1990-04-12' })
    expect(await linksOf(contact!.id)).toHaveLength(1)
    const mail = (await mailTo('tomas.lindgren@example.test')).find((sent) => sent.subject === 'Your Demo Yoga Studio account')
    expect(mail?.text_body).toContain('Choose your password with this link')
    expect(mail?.text_body).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/)
    // The order page shows the toast once.
    const order = await get(placed.header('location') ?? '', placed.headers['set-cookie']?.toString().split(';')[0])
    expect(textOf(order.body)).toContain('a link to choose the password of your new account')
  })

  it("gives no second link to someone who has a login, and never fills over a visitor's contact what it already holds", async () => {
    const student = await contactByEmail('student@demo.test')
    await asSystem(app.platform.database, 'test: none yet', (trx) => trx.updateTable('contacts').set({ emergency_contact_name: null }).where('id', '=', student!.id).execute())
    const cart = await freeCartWith(items.block)
    const placed = await place(cart, { email: 'student@demo.test', emergencyContactName: 'Someone Else', createAccount: 'on' })
    expect(toastOf(placed)).toBe('You already have an account with us: sign in with your email to see your order.')
    expect(await linksOf(student!.id)).toHaveLength(0)
    // What was missing is filled in; what is there stays (below).
    expect((await contactByEmail('student@demo.test'))?.emergency_contact_name).toBe('Someone Else')
    const again = await freeCartWith(items.block)
    await asSystem(app.platform.database, 'test: set', (trx) => trx.updateTable('contacts').set({ emergency_contact_name: 'Kept Name' }).where('id', '=', student!.id).execute())
    await place(again, { email: 'student@demo.test', emergencyContactName: 'Typed By A Visitor' })
    expect((await contactByEmail('student@demo.test'))?.emergency_contact_name).toBe('Kept Name')
  })

  it.each([
    [{ dob: '2999-01-01' }, 'Please enter a real date of birth, not in the future.'],
    [{ dob: '1990-02-30' }, 'Please enter a real date of birth, not in the future.'],
    [{ emergencyContactPhone: 'call my mum' }, 'Please enter the emergency contact phone number of digits, spaces, brackets, dots or dashes.'],
  ])('refuses %o with its message and writes nothing', async (fields, message) => {
    const cart = await freeCartWith(items.block)
    const refused = await place(cart, { email: 'refused.buyer@example.test', ...fields })
    expect(refused.status).toBe(400)
    expect(textOf(refused.body)).toContain(message)
    expect(await contactByEmail('refused.buyer@example.test')).toBeUndefined()
  })

  it("asks an event buyer's address when the studio needs it, and keeps it", async () => {
    await asSystem(app.platform.database, 'test: address needed', (trx) =>
      trx
        .updateTable('tenants')
        .set({ settings: sql`settings || '{"isAddressNeededForEvent": true}'::jsonb` })
        .where('id', '=', app.demo.id)
        .execute(),
    )
    app.platform.tenants.invalidate(app.demo.id)
    app.platform.caches.changed(app.demo.id, ['tenant'])
    const cart = await freeCartWith(items.workshop)
    expect(textOf((await get('/checkout', cart)).body)).toContain('Street address')
    const refused = await place(cart, { email: 'event.buyer@example.test' })
    expect(refused.status).toBe(400)
    const text = textOf(refused.body)
    for (const message of ['Please enter your street address.', 'Please enter your city.', 'Please enter your ZIP or postal code.']) expect(text).toContain(message)
    const placed = await place(cart, { email: 'event.buyer@example.test', addressLine1: '12 Harbour Road', city: 'Portland', state: 'ME', zip: '04101' })
    expect(placed.status).toBe(302)
    expect(await contactByEmail('event.buyer@example.test')).toMatchObject({ address_line1: '12 Harbour Road', city: 'Portland', zip: '04101' })
    // A cart without an event does not ask.
    const blockCart = await freeCartWith(items.block)
    expect(textOf((await get('/checkout', blockCart)).body)).not.toContain('Street address')
  })

  it("asks the studio's checkout form (its custom fields and guardians), refuses what it requires in words, and keeps the answers on the contact", async () => {
    const trial = await asSystem(app.platform.database, 'test: the trial form', (trx) =>
      trx.selectFrom('custom_forms').select(['id', 'guid']).where('tenant_id', '=', app.demo.id).where('name', '=', 'Trial Class Registration').executeTakeFirstOrThrow(),
    )
    const fields = await asSystem(app.platform.database, 'test: its fields', (trx) =>
      trx
        .selectFrom('custom_form_fields')
        .innerJoin('custom_fields', 'custom_fields.id', 'custom_form_fields.field_id')
        .select(['custom_fields.guid', 'custom_fields.name'])
        .where('custom_form_fields.form_id', '=', trial.id)
        .execute(),
    )
    const key = (name: string) => `cf_${(fields.find((field) => field.name === name)?.guid ?? '').replace(/-/g, '')}`
    // The staff form editor's 'Ask at Checkout', with guardian details on.
    await asSystem(app.platform.database, 'test: ask at checkout', (trx) =>
      trx.updateTable('custom_forms').set({ is_asked_at_checkout: true, is_show_guardian: true }).where('id', '=', trial.id).execute(),
    )
    app.platform.caches.changed(app.demo.id, ['forms'])
    try {
      const cart = await freeCartWith(items.block)
      const page = textOf((await get('/checkout', cart)).body)
      for (const words of ['Experience', 'I have read the studio rules', 'Injuries or health notes', 'Guardian details', 'Mother Name', 'Father Phone']) expect(page).toContain(words)

      const refused = await place(cart, { email: 'form.buyer@example.test', [key('Experience')]: '', motherEmail: 'not-an-email', fatherPhone: 'ring me' })
      expect(refused.status).toBe(400)
      const said = textOf(refused.body)
      for (const message of ['Experience is required', 'I have read the studio rules is required', "Please enter the father's phone number of digits, spaces, brackets, dots or dashes."]) expect(said).toContain(message)
      expect(await contactByEmail('form.buyer@example.test')).toBeUndefined()
      // A choice that is not one of the field's options is refused too.
      const madeUp = await place(cart, { email: 'form.buyer@example.test', [key('Experience')]: 'Expert', [key('I have read the studio rules')]: 'on' })
      expect(madeUp.status).toBe(400)

      const placed = await place(cart, {
        email: 'form.buyer@example.test',
        [key('Experience')]: 'Some classes',
        [key('I have read the studio rules')]: 'on',
        [key('Injuries or health notes')]: 'A stiff left knee',
        motherName: 'Maria Lindgren',
        motherEmail: 'Maria.Lindgren@Example.test',
        fatherPhone: '555 010 7777',
      })
      expect(placed.status).toBe(302)
      const contact = await contactByEmail('form.buyer@example.test')
      const kept = await asSystem(app.platform.database, 'test: kept answers', async (trx) => ({
        guardians: await trx.selectFrom('contacts').select(['mother_name', 'mother_email', 'father_phone']).where('id', '=', contact!.id).executeTakeFirstOrThrow(),
        values: await trx
          .selectFrom('contact_field_values')
          .innerJoin('custom_fields', 'custom_fields.id', 'contact_field_values.field_id')
          .select(['custom_fields.name', 'contact_field_values.value_text', 'contact_field_values.value_bool'])
          .where('contact_field_values.contact_id', '=', contact!.id)
          .orderBy('custom_fields.name')
          .execute(),
      }))
      expect(kept.guardians).toEqual({ mother_name: 'Maria Lindgren', mother_email: 'maria.lindgren@example.test', father_phone: '555 010 7777' })
      expect(kept.values).toEqual([
        expect.objectContaining({ name: 'Experience', value_text: 'Some classes' }),
        expect.objectContaining({ name: 'I have read the studio rules', value_bool: true }),
        expect.objectContaining({ name: 'Injuries or health notes', value_text: 'A stiff left knee' }),
      ])
    } finally {
      await asSystem(app.platform.database, 'test: ask no more', (trx) => trx.updateTable('custom_forms').set({ is_asked_at_checkout: false, is_show_guardian: false }).where('id', '=', trial.id).execute())
      app.platform.caches.changed(app.demo.id, ['forms'])
    }
    // Without a checkout form the page asks none of it.
    expect(textOf((await get('/checkout', await freeCartWith(items.block))).body)).not.toContain('Guardian details')
  })
})
