import { asSystem } from '#db/tenant-scope'
import { selectBookingMemberships } from '#server/catalog/bookings/held-memberships'
import { withTenant } from '#db/tenant-scope'
import { billMembership } from '#server/memberships/bill-membership'
import { saveStripeAccount } from '#server/payments/stripe-account'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { cookiePair, form, textOf, toastOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createContact } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const ACCOUNT = 'acct_demo_gifts'
const DAY_MS = 24 * 60 * 60 * 1000

describe(`a gift on repeat to a donation campaign (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let donatePath = ''
  let donor: { id: string; email: string; cookie: string }

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) } })
  const heldGifts = (contactId: string) =>
    asSystem(app.platform.database, 'test: gifts held', (trx) =>
      trx
        .selectFrom('contact_memberships')
        .select(['id', 'guid', 'name', 'is_gift', 'membership_type', 'status', 'period_price_minor', 'billing_cycles_left', 'next_billing_at', 'cancel_at_period_end', 'payment_method_id'])
        .where('contact_id', '=', contactId)
        .execute(),
    )

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.addAccount(ACCOUNT, { businessName: 'Demo Yoga Studio' })
    await saveStripeAccount(app.platform, app.demo.id, { accountId: ACCOUNT, accountName: 'Demo Yoga Studio' }, new Date())
    const campaign = await asSystem(app.platform.database, 'test: the campaign', (trx) =>
      trx.selectFrom('catalog_items').select(['guid']).where('tenant_id', '=', app.demo.id).where('slug', '=', 'scholarship-fund').executeTakeFirstOrThrow(),
    )
    donatePath = `/donate/${campaign.guid}`
    const contact = await createContact(app.platform, app.demo, { role: 'ROLE_STUDENT', email: 'gina.giver@example.test', firstName: 'Gina', lastName: 'Giver' })
    donor = { id: contact.id, email: 'gina.giver@example.test', cookie: await createSessionCookie(app.platform, app.demo, contact) }
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('a monthly gift for a year is paid now, keeps the card, and is billed each month after as a gift, never as a membership', async () => {
    const given = await post(donatePath, form({ amount: '2500', frequency: 'recurring', limit: '1' }), donor.cookie)
    expect(given.status).toBe(303)
    expect(toastOf(given)).toBe('Your gift to Scholarship Fund is in your cart.')
    const cookies = [donor.cookie, given.header('set-cookie') ? cookiePair(given, 'cart') : null].filter(Boolean).join('; ')
    const cart = textOf((await get('/checkout', cookies)).body)
    expect(cart).toContain('Monthly gift')
    expect(cart).toContain('Then $25.00 / month')

    const placed = await post('/checkout', form({ intent: 'place', attempt: 'gift-hosted-attempt-000000000001', firstName: 'Gina', lastName: 'Giver', email: donor.email, phone: '', note: '' }), cookies)
    const location = placed.header('location') ?? ''
    expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_`))
    const session = stripe.sessions().find((each) => location.endsWith(each.id))!
    expect(session.amount_total).toBe(2500)
    expect(session.payment_intent_data.setup_future_usage).toBe('off_session')
    await stripe.pay(session.id)
    await stripe.idle()
    await app.platform.jobs.drain()

    const [gift] = await heldGifts(donor.id)
    // 12 monthly gifts in a year: this one and 11 more (the spec's 12 times the years, minus 1).
    expect(gift).toMatchObject({ name: 'Monthly gift', is_gift: true, membership_type: 'recurring', status: 'active', billing_cycles_left: 11, cancel_at_period_end: false })
    expect(Number(gift?.period_price_minor)).toBe(2500)
    expect(gift?.payment_method_id).not.toBeNull()
    expect(gift!.next_billing_at!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS)
    const line = await asSystem(app.platform.database, 'test: the gift line', (trx) =>
      trx.selectFrom('invoice_lines').innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id').select(['invoice_lines.gift_years', 'invoice_lines.membership_id', 'invoice_lines.item_type', 'invoices.status']).where('invoices.guid', '=', String(session.metadata.invoiceGuid)).executeTakeFirstOrThrow(),
    )
    expect(line).toMatchObject({ gift_years: 1, membership_id: gift?.id, item_type: 'donation', status: 'paid' })
    expect(textOf((await get(`/checkout/orders/${session.metadata.invoiceGuid}`)).body)).toMatch(/Your next gift is on .+, and the card ending 4242 is charged then\./)

    // A gift books no class and is not among the member's memberships.
    const booking = await withTenant(app.platform.database, app.demo.id, (trx) => selectBookingMemberships(trx, donor.id))
    expect(booking).toEqual([])
    expect(textOf((await get('/store', donor.cookie)).body)).not.toContain('Monthly gift')

    // Next month's gift is charged to the kept card, as a gift.
    expect(await billMembership(app.platform, { tenantId: app.demo.id, membershipId: gift!.id, now: new Date(gift!.next_billing_at!.getTime() + 60_000) })).toBe('paid')
    const billed = await asSystem(app.platform.database, 'test: the billed gift', (trx) =>
      trx.selectFrom('invoice_lines').innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id').select(['invoice_lines.item_type', 'invoices.status', 'invoices.source']).where('invoice_lines.membership_id', '=', gift!.id).where('invoices.source', '=', 'membership').execute(),
    )
    expect(billed).toEqual([{ item_type: 'donation', status: 'paid', source: 'membership' }])
    expect((await heldGifts(donor.id))[0]?.billing_cycles_left).toBe(10)

    // Staff read it on the donor's timeline: the invoices and the gift started.
    const { guid: donorGuid } = await asSystem(app.platform.database, 'test: the donor', (trx) => trx.selectFrom('contacts').select('guid').where('id', '=', donor.id).executeTakeFirstOrThrow())
    const timeline = textOf((await get(`/contacts/${donorGuid}/detail?tab=timeline`, app.adminCookie)).body)
    expect(timeline).toContain('Started giving: Monthly gift')
    expect(timeline).toMatch(/Invoice #\d+ for \$25\.00/)
  })

  it('My Donations lists the gift on repeat; Stop giving asks first, then stops it at the end of the month given for', async () => {
    const [gift] = await heldGifts(donor.id)
    const page = await get('/mydonation', donor.cookie)
    expect(page.status).toBe(200)
    const text = textOf(page.body)
    expect(text).toContain('Gifts on repeat')
    expect(text).toContain('Scholarship Fund')
    expect(text).toContain('Stop giving')
    const asked = await get(`/mydonation?stopMembership=${gift!.guid}&stop=period-end`, donor.cookie)
    expect(textOf(asked.body)).toContain('Stop Giving')
    expect(textOf(asked.body)).toContain('Monthly gift stops renewing')

    // Another student cannot stop it, and the store's cancel does not reach gifts.
    const other = await createContact(app.platform, app.demo, { role: 'ROLE_STUDENT' })
    const otherCookie = await createSessionCookie(app.platform, app.demo, other)
    const refused = await post('/mydonation', form({ intent: 'stop-membership', membership: gift!.guid, stop: 'period-end' }), otherCookie)
    expect(toastOf(refused)).toBe('That membership was not found.')
    const fromStore = await post('/store', form({ intent: 'stop-membership', membership: gift!.guid, stop: 'period-end' }), donor.cookie)
    expect(toastOf(fromStore)).toBe('That membership was not found.')
    expect((await heldGifts(donor.id))[0]?.cancel_at_period_end).toBe(false)

    const stopped = await post('/mydonation', form({ intent: 'stop-membership', membership: gift!.guid, stop: 'period-end' }), donor.cookie)
    expect(toastOf(stopped)).toMatch(/^Monthly gift ends on .+\. Nothing more will be charged\.$/)
    expect((await heldGifts(donor.id))[0]?.cancel_at_period_end).toBe(true)
    expect(textOf((await get('/mydonation', donor.cookie)).body)).toContain('Keep giving')
  })

  it('a gift until stopped has no limit, and a campaign that stopped taking gifts on repeat refuses one in the cart', async () => {
    const visitor = await post(donatePath, form({ amount: '5000', frequency: 'recurring', limit: '-1' }))
    expect(visitor.status).toBe(303)
    const cart = cookiePair(visitor, 'cart')
    const line = await asSystem(app.platform.database, 'test: the cart line', (trx) =>
      trx.selectFrom('cart_lines').select(['donation_frequency', 'gift_years', 'amount_minor']).where('tenant_id', '=', app.demo.id).where('amount_minor', '=', 5000).executeTakeFirstOrThrow(),
    )
    expect(line).toEqual({ donation_frequency: 'recurring', gift_years: null, amount_minor: 5000 })
    await asSystem(app.platform.database, 'test: the campaign takes gifts once only', (trx) =>
      trx.updateTable('donation_details').set({ is_recurring_allowed: false }).where('tenant_id', '=', app.demo.id).execute(),
    )
    app.platform.caches.changed(app.demo.id, ['catalog'])
    expect(textOf((await get('/checkout', cart)).body)).toContain('Scholarship Fund is no longer sold.')
  })
})
