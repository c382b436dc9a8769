import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import pg from 'pg'
import { z } from 'zod'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import type { RunningServer } from '#tests/e2e/support/server'
import { send, signInAsDemoAdmin } from './bench-http'
import { CONNECTIONS, DURATION_SECONDS, setupName, startBenchServer } from './load'
import { processTreeCpuMs } from './process-cpu'

/**
 * Checkout (issue 11), against the built server in production mode with the demo studio
 * connected to a local fake Stripe:
 * - validation: a three-line cart checked and priced with an offer code, as the offer code's
 *   Apply post does it (the cart read, each line checked against the catalog, priced, the code
 *   tried and kept on the cart); 50 connections over 50 carts. Target: 300 requests/s.
 * - purchases: visitors without JavaScript buying a product from start to end: the Buy post
 *   (a new cart), Place order (a pending invoice, a Checkout Session, 303 to Stripe's page),
 *   paying on the fake Stripe's page (its signed webhook reaches the server) and coming back
 *   to the order page with the session id, which settles the payment too: the webhook and the
 *   return race, as they do in life. Target: 50 purchases/s, and afterwards every payment
 *   stored exactly once (one paid payment per paid invoice, none left open).
 * Postgres only: the count afterwards reads the server's database.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/checkout.bench.ts
 */
export const VALIDATION_TARGET_RPS = 300
export const PURCHASE_TARGET_PER_SECOND = 50
const PURCHASE_CONCURRENCY = 25
const CARTS = 50

export interface CheckoutBenchResult {
  setup: string
  validation: { requestsPerSecond: number; p50Ms: number; p99Ms: number; non3xx: number; errors: number; cpuMsPerRequest: number }
  purchases: { completed: number; seconds: number; perSecond: number; p50Ms: number; p99Ms: number; failed: number; cpuMsPerPurchase: number }
  stored: { paidInvoices: number; paidPayments: number; openPayments: number; invoicesPaidTwice: number; webhooksReceived: number }
}

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  '3xx': z.number(),
  non2xx: z.number(),
  errors: z.number(),
})

export async function benchCheckout(options: { duration?: number; processes?: number } = {}): Promise<CheckoutBenchResult | null> {
  if (!process.env.DATABASE_URL) return null
  const stripe = await startFakeStripe()
  let server: RunningServer | null = null
  try {
    server = await startBenchServer(options.processes ?? 1, stripeEnvFor(stripe))
    const port = server.port
    const host = `demo.localhost:${port}`
    stripe.setWebhookUrl(`http://127.0.0.1:${port}/webhooks/stripe`)
    await connectDemoStudio(stripe, port, host)
    const db = new pg.Client({ connectionString: server.databaseUrl ?? '' })
    await db.connect()
    try {
      await db.query(`update catalog_items set stock_quantity = 1000000 where kind = 'product'`)
      const items = await db.query<{ slug: string; item: string; option: string }>(
        `select distinct on (ci.slug) ci.slug, ci.guid as item, o.guid as option from catalog_items ci join item_price_options o on o.item_id = ci.id join tenants t on t.id = ci.tenant_id
          where t.org_id = 'demo' and ci.slug in ('organic-cotton-yoga-mat', 'cork-yoga-block', 'yoga-foundations') order by ci.slug, o.sequence`,
      )
      const item = (slug: string) => {
        const found = items.rows.find((row) => row.slug === slug)
        if (!found) throw new Error(`the demo has no ${slug}`)
        return found
      }
      const [block, mat, foundations] = [item('cork-yoga-block'), item('organic-cotton-yoga-mat'), item('yoga-foundations')]
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
      const post = (path: string, fields: Record<string, string>, cookie?: string) =>
        send(port, {
          method: 'POST',
          path,
          agent,
          headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams(fields).toString(),
        })
      const cartCookie = (answer: Awaited<ReturnType<typeof post>>) => ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('cart='))

      // Validation: 50 carts of three lines each, the code applied again and again.
      const carts: string[] = []
      for (let i = 0; i < CARTS; i++) {
        const first = await post('/checkout', { intent: 'add', item: block.item, priceOption: block.option, quantity: '2' })
        const cookie = cartCookie(first)
        if (!cookie) throw new Error(`adding to a cart answered ${first.status}`)
        await post('/checkout', { intent: 'add', item: mat.item, priceOption: mat.option, quantity: '1' }, cookie)
        await post('/checkout', { intent: 'add', item: foundations.item, priceOption: foundations.option, quantity: '1' }, cookie)
        carts.push(cookie)
      }
      const check = await post('/checkout', { intent: 'offer', offerCode: 'welcome10' }, carts[0])
      if (check.status !== 302) throw new Error(`applying an offer code answered ${check.status}`)
      let next = 0
      const validate = (duration: number) =>
        autocannon({
          url: `http://127.0.0.1:${port}`,
          connections: CONNECTIONS,
          duration,
          timeout: 30,
          requests: [
            {
              method: 'POST',
              path: '/checkout',
              headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
              body: 'intent=offer&offerCode=welcome10',
              setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: carts[next++ % CARTS]! } }),
            },
          ],
        })
      await validate(2)
      const validationCpu = processTreeCpuMs(server.pid)
      const raw = autocannonResult.parse(await validate(options.duration ?? DURATION_SECONDS))
      const validationCpuMs = processTreeCpuMs(server.pid) - validationCpu

      // Purchases, each from an empty browser to the paid order page.
      const before = await db.query<{ n: string }>(`select count(*) as n from payments where status = 'paid'`)
      const durationMs = (options.duration ?? DURATION_SECONDS) * 1000
      const latencies: number[] = []
      let failed = 0
      let sequence = 0
      const purchase = async (): Promise<void> => {
        const started = performance.now()
        sequence += 1
        const added = await post('/checkout', { intent: 'add', item: block.item, priceOption: block.option, quantity: '1' })
        const cookie = cartCookie(added)
        if (!cookie) throw new Error(`Buy answered ${added.status}`)
        const placed = await post(
          '/checkout',
          { intent: 'place', attempt: `bench-purchase-${sequence}-${Math.random().toString(36).slice(2, 12)}`, firstName: 'Bench', lastName: `Buyer ${sequence}`, email: `bench.buyer.${sequence}@example.test`, phone: '', note: '' },
          cookie,
        )
        const payUrl = String(placed.headers.location ?? '')
        if (placed.status !== 303 || !payUrl.startsWith(`${stripe.url}/pay/`)) throw new Error(`Place order answered ${placed.status} ${payUrl}`)
        const sessionId = payUrl.slice(`${stripe.url}/pay/`.length)
        await stripe.pay(sessionId)
        const session = stripe.sessions().find((candidate) => candidate.id === sessionId)
        const back = new URL(String(session?.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId))
        const order = await send(port, { path: `${back.pathname}${back.search}`, agent, headers: { host, cookie } })
        if (order.status !== 200 && order.status !== 302) throw new Error(`the order page answered ${order.status}`)
        latencies.push(performance.now() - started)
      }
      const purchaseCpu = processTreeCpuMs(server.pid)
      const runStarted = performance.now()
      await Promise.all(
        Array.from({ length: PURCHASE_CONCURRENCY }, async () => {
          while (performance.now() - runStarted < durationMs) {
            try {
              await purchase()
            } catch (error) {
              failed += 1
              if (failed <= 3) console.error(error)
            }
          }
        }),
      )
      const seconds = (performance.now() - runStarted) / 1000
      const purchaseCpuMs = processTreeCpuMs(server.pid) - purchaseCpu
      await stripe.idle()
      const after = await db.query<{ paid_invoices: string; paid_payments: string; open_payments: string; paid_twice: string }>(`
        select (select count(*) from invoices where status = 'paid' and payment_method = 'card') as paid_invoices,
               (select count(*) from payments where status = 'paid') as paid_payments,
               (select count(*) from payments where status = 'open') as open_payments,
               (select count(*) from (select invoice_id from payments where status = 'paid' group by invoice_id having count(*) > 1) twice) as paid_twice`)
      const stored = after.rows[0]!
      latencies.sort((a, b) => a - b)
      const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0)
      return {
        setup: setupName(options.processes ?? 1),
        validation: {
          requestsPerSecond: raw.requests.average,
          p50Ms: raw.latency.p50,
          p99Ms: raw.latency.p99,
          non3xx: raw.requests.total - raw['3xx'],
          errors: raw.errors,
          cpuMsPerRequest: raw.requests.total > 0 ? validationCpuMs / raw.requests.total : 0,
        },
        purchases: {
          completed: latencies.length,
          seconds,
          perSecond: latencies.length / seconds,
          p50Ms: at(0.5),
          p99Ms: at(0.99),
          failed,
          cpuMsPerPurchase: latencies.length > 0 ? purchaseCpuMs / latencies.length : 0,
        },
        stored: {
          paidInvoices: Number(stored.paid_invoices),
          paidPayments: Number(stored.paid_payments) - Number(before.rows[0]?.n ?? 0),
          openPayments: Number(stored.open_payments),
          invoicesPaidTwice: Number(stored.paid_twice),
          webhooksReceived: stripe.deliveries.length,
        },
      }
    } finally {
      await db.end()
    }
  } catch (error) {
    if (server) console.error(`--- server output ---\n${server.output()}`)
    throw error
  } finally {
    await server?.stop()
    await stripe.close()
  }
}

/** The demo admin connects the studio's Stripe account through Connect, as in the browser. */
async function connectDemoStudio(stripe: FakeStripe, port: number, host: string): Promise<void> {
  stripe.connectAs('acct_bench_studio', { businessName: 'Demo Yoga Studio' })
  const admin = await signInAsDemoAdmin(port, host)
  const start = await send(port, { path: '/oauth/stripe', headers: { host, cookie: admin } })
  const state = ([] as string[]).concat(start.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('stripe_connect_state='))
  const consented = await fetch(String(start.headers.location), { redirect: 'manual' })
  const back = new URL(consented.headers.get('location') ?? '')
  const done = await send(port, { path: `${back.pathname}${back.search}`, headers: { host, cookie: `${admin}; ${state}` } })
  if (done.headers.location !== '/settings/integrations/paymentprovider/success') throw new Error(`connecting Stripe answered ${done.status} ${String(done.headers.location)}`)
}

export function formatCheckoutBench(r: CheckoutBenchResult | null): string {
  if (!r) return 'Checkout: skipped, the bench counts payments in Postgres (set DATABASE_URL)'
  const v = r.validation
  const p = r.purchases
  const s = r.stored
  const once = s.paidPayments === p.completed && s.invoicesPaidTwice === 0 && s.openPayments === 0
  return [
    `Checkout (${r.setup}, fake Stripe):`,
    `  validation, a 3-line cart priced with an offer code: ${v.requestsPerSecond.toFixed(0)} req/s, p50 ${v.p50Ms} ms, p99 ${v.p99Ms} ms, non-3xx ${v.non3xx}, errors ${v.errors}, server CPU ${v.cpuMsPerRequest.toFixed(3)} ms/req (target ${VALIDATION_TARGET_RPS} req/s)`,
    `  no-JavaScript purchases, Buy to paid order page, ${PURCHASE_CONCURRENCY} buyers at once: ${p.completed} in ${p.seconds.toFixed(1)} s = ${p.perSecond.toFixed(1)}/s, p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms, failed ${p.failed}, server CPU ${p.cpuMsPerPurchase.toFixed(2)} ms/purchase (target ${PURCHASE_TARGET_PER_SECOND}/s)`,
    `  stored: ${s.paidPayments} paid payments for ${p.completed} purchases, ${s.invoicesPaidTwice} invoices paid twice, ${s.openPayments} left open, ${s.webhooksReceived} webhook deliveries: ${once ? 'each payment stored exactly once' : 'NOT exactly once'}`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatCheckoutBench(await benchCheckout()))
  console.log(formatCheckoutBench(await benchCheckout({ processes: 2 })))
}
