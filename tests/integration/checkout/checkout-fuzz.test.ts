import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePairOrNull } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const RUNS = 80

/**
 * Random carts and user forms, posted as a browser would: whatever is sent, checkout never
 * answers 500, and every invoice it stores is whole (lines that add up to its totals, at
 * least one line, an offer counted once per sale that used it, stock never below zero).
 */
describe(`random carts and user forms at checkout (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let choices: Array<{ item: string; priceOption: string }> = []
  const seededUses = new Map<string, number>()

  const post = (body: URLSearchParams, cookie: string | null) =>
    request(app.port, '/checkout', {
      host: app.host,
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) },
    })

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.addAccount('acct_fuzz_studio')
    choices = await asSystem(app.platform.database, 'test: choices', async (trx) => {
      await trx.insertInto('payment_accounts').values({ tenant_id: app.demo.id, provider: 'STRIPE', account_id: 'acct_fuzz_studio' }).execute()
      await trx.updateTable('catalog_items').set({ stock_quantity: 3 }).where('tenant_id', '=', app.demo.id).where('kind', '=', 'product').execute()
      await trx.insertInto('offers').values([
        { tenant_id: app.demo.id, code: 'FUZZHALF', discount_type: 'percentage', discount_basis_points: 5000, currency: 'USD', usage_limit: 4 },
        { tenant_id: app.demo.id, code: 'FUZZFIVE', discount_type: 'amount', discount_minor: 500, currency: 'USD', primary_item_category: 'product' },
      ]).execute()
      for (const offer of await trx.selectFrom('offers').select(['id', 'times_used']).where('tenant_id', '=', app.demo.id).execute()) seededUses.set(offer.id, offer.times_used)
      return trx
        .selectFrom('catalog_items')
        .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
        .select(['catalog_items.guid as item', 'item_price_options.guid as priceOption'])
        .where('catalog_items.tenant_id', '=', app.demo.id)
        .where('catalog_items.is_published', '=', true)
        // Mostly what checkout sells, so carts get placed; a few it refuses (a typed amount, a subscription) stay in.
        .where((eb) => eb.or([eb('item_price_options.is_other_price', '=', false), eb('catalog_items.kind', '=', 'donation')]))
        .execute()
    })
    app.platform.caches.changed(app.demo.id, ['tenant', 'catalog'])
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it(`never answers 500 and stores only whole orders (${RUNS} shoppers)`, async () => {
    const junk = fc.oneof(fc.constantFrom('', ' ', '0', '-1', '10', '1e3', 'NaN', '00000000-0000-0000-0000-000000000000', "'; drop table carts; --"), fc.string({ maxLength: 40 }), fc.string({ maxLength: 8 }).map((s) => `${s}\u0000\uD800`))
    const add = fc.record({
      intent: fc.constant('add'),
      pick: fc.nat(),
      quantity: fc.oneof({ arbitrary: fc.constantFrom('1', '2'), weight: 6 }, { arbitrary: fc.integer({ min: 3, max: 9 }).map(String), weight: 1 }, { arbitrary: junk, weight: 1 }),
      broken: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
      junkItem: junk,
    })
    const offer = fc.record({ intent: fc.constantFrom('offer', 'remove-offer'), offerCode: fc.oneof(fc.constantFrom('FUZZHALF', 'fuzzfive', 'WELCOME10', 'SPRING20', 'FOUNDATIONS25', 'NOPE'), junk) })
    const place = fc.record({
      intent: fc.constant('place'),
      // Mostly a whole form, so orders are placed as well as refused.
      firstName: fc.oneof({ arbitrary: fc.constant('Rosa'), weight: 5 }, { arbitrary: fc.constantFrom('', ' '), weight: 1 }, { arbitrary: junk, weight: 1 }),
      lastName: fc.oneof({ arbitrary: fc.constant('Marquez'), weight: 5 }, { arbitrary: junk, weight: 1 }),
      email: fc.oneof({ arbitrary: fc.constantFrom('rosa.marquez@example.test', 'ROSA.MARQUEZ@EXAMPLE.TEST'), weight: 5 }, { arbitrary: fc.constantFrom('not-an-email', ''), weight: 1 }, { arbitrary: junk, weight: 1 }),
      phone: fc.oneof({ arbitrary: fc.constantFrom('', '555 010 7777'), weight: 5 }, { arbitrary: junk, weight: 1 }),
      note: fc.oneof({ arbitrary: fc.constant(''), weight: 5 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.string({ maxLength: 5 }).map((s) => s.repeat(400)), weight: 1 }),
      attempt: fc.oneof({ arbitrary: fc.uuid(), weight: 5 }, { arbitrary: junk, weight: 1 }),
    })
    const other = fc.record({ intent: fc.oneof(fc.constantFrom('quantity', 'remove', 'sell', ''), junk), line: junk, quantity: junk })
    const step = fc.oneof({ arbitrary: add, weight: 4 }, { arbitrary: offer, weight: 2 }, { arbitrary: place, weight: 3 }, { arbitrary: other, weight: 1 })

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        let cookie: string | null = null
        for (const posted of steps) {
          const body = new URLSearchParams()
          if (posted.intent === 'add' && 'pick' in posted) {
            const choice = choices[posted.pick % choices.length]!
            body.set('intent', 'add')
            body.set('item', posted.broken ? posted.junkItem : choice.item)
            body.set('priceOption', choice.priceOption)
            body.set('quantity', posted.quantity)
          } else {
            for (const [key, value] of Object.entries(posted)) body.set(key, String(value))
          }
          const answer = await post(body, cookie)
          expect(answer.status, `${body.toString()} answered ${answer.status}`).toBeLessThan(500)
          cookie = cookiePairOrNull(answer, 'cart') ?? cookie
        }
      }),
      { numRuns: RUNS },
    )

    const invoices = await asSystem(app.platform.database, 'test: invoices', (trx) =>
      trx
        .selectFrom('invoices')
        .leftJoin('invoice_lines', 'invoice_lines.invoice_id', 'invoices.id')
        .select((eb) => [
          'invoices.id', 'invoices.status', 'invoices.offer_id', 'invoices.subtotal_minor', 'invoices.discount_minor', 'invoices.total_minor',
          eb.fn.count<string>('invoice_lines.id').as('line_count'),
          eb.fn.coalesce(eb.fn.sum<string>('invoice_lines.price_minor'), eb.val('0')).as('price_sum'),
          eb.fn.coalesce(eb.fn.sum<string>('invoice_lines.discount_minor'), eb.val('0')).as('discount_sum'),
          eb.fn.coalesce(eb.fn.sum<string>('invoice_lines.total_minor'), eb.val('0')).as('total_sum'),
        ])
        .where('invoices.tenant_id', '=', app.demo.id)
        .groupBy('invoices.id')
        .execute(),
    )
    // The shoppers reached the storing path, not only the refusals.
    expect(invoices.length).toBeGreaterThan(0)
    for (const invoice of invoices) {
      expect(Number(invoice.line_count)).toBeGreaterThan(0)
      expect(Number(invoice.price_sum)).toBe(Number(invoice.subtotal_minor))
      expect(Number(invoice.discount_sum)).toBe(Number(invoice.discount_minor))
      expect(Number(invoice.total_sum)).toBe(Number(invoice.total_minor))
    }
    const offers = await asSystem(app.platform.database, 'test: offers', (trx) => trx.selectFrom('offers').select(['id', 'times_used', 'usage_limit']).where('tenant_id', '=', app.demo.id).execute())
    for (const offer of offers) {
      const sales = invoices.filter((invoice) => invoice.offer_id === offer.id && invoice.status !== 'void').length
      expect(offer.times_used).toBe((seededUses.get(offer.id) ?? 0) + sales)
      if (offer.usage_limit !== null) expect(offer.times_used).toBeLessThanOrEqual(offer.usage_limit)
    }
    const stock = await asSystem(app.platform.database, 'test: stock', (trx) => trx.selectFrom('catalog_items').select('stock_quantity').where('tenant_id', '=', app.demo.id).where('stock_quantity', '<', 0).execute())
    expect(stock).toEqual([])
  }, 600_000)
})
