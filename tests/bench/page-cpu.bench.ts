import { mkdtempSync, readFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { z } from 'zod'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import type { RunningServer } from '#tests/e2e/support/server'
import { send, signInAsDemoAdmin } from './bench-http'
import { startBenchServer } from './load'
import { processTreeCpuMs } from './process-cpu'

/** Signed-in pages of the back office, each asked with a query it has not seen, so rendered afresh. */
export const FRESH_PAGES = ['/contacts', '/dashboard', '/settings/account', '/store']
const PAGE_REQUESTS = 100
const WARM_UP = 20
const PURCHASES = 40

export interface PageCpuResult {
  pages: Array<{ path: string; cpuMs: number; wallMs: number; kilobytes: number }>
  purchase: { steps: Record<string, number>; cpuMs: number; statements: number; transactions: number }
}

const statementCounts = z.array(z.tuple([z.string(), z.number()]))

/**
 * Server CPU per signed-in page rendered afresh, and per step of a no-JavaScript purchase
 * (Buy, Place order, the fake Stripe's payment and webhook, the order page) with the statements
 * the web process sent for it: one request at a time, so each figure is the work itself, not the
 * queueing of a loaded machine. For comparing one build with another on the same machine.
 */
export async function benchPageCpu(): Promise<PageCpuResult | null> {
  if (!process.env.DATABASE_URL) return null
  const countFile = join(mkdtempSync(join(tmpdir(), 'statements-')), 'counts.json')
  const stripe = await startFakeStripe()
  const server = await startBenchServer(1, {
    ...stripeEnvFor(stripe),
    NODE_OPTIONS: `--require ${fileURLToPath(new URL('./statement-count-preload.cjs', import.meta.url))}`,
    BENCH_STATEMENT_COUNT_FILE: countFile,
  })
  try {
    const host = `demo.localhost:${server.port}`
    const headers = { host, cookie: await signInAsDemoAdmin(server.port, host) }
    const pages: PageCpuResult['pages'] = []
    for (const path of FRESH_PAGES) {
      const separator = path.includes('?') ? '&' : '?'
      for (let i = 0; i < WARM_UP; i++) await send(server.port, { path: `${path}${separator}warm=${i}`, headers })
      const cpuBefore = processTreeCpuMs(server.pid)
      const started = performance.now()
      let bytes = 0
      for (let i = 0; i < PAGE_REQUESTS; i++) {
        const answer = await send(server.port, { path: `${path}${separator}fresh=${i}`, headers })
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
        bytes += answer.body.length
      }
      pages.push({ path, cpuMs: (processTreeCpuMs(server.pid) - cpuBefore) / PAGE_REQUESTS, wallMs: (performance.now() - started) / PAGE_REQUESTS, kilobytes: bytes / PAGE_REQUESTS / 1024 })
    }
    const purchase = await purchaseSteps(server, stripe, host, headers.cookie, countFile)
    return { pages, purchase }
  } finally {
    await server.stop()
    await stripe.close()
  }
}

async function purchaseSteps(server: RunningServer, stripe: FakeStripe, host: string, admin: string, countFile: string): Promise<PageCpuResult['purchase']> {
  const port = server.port
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/webhooks/stripe`)
  stripe.connectAs('acct_bench_studio', { businessName: 'Demo Yoga Studio' })
  const start = await send(port, { path: '/oauth/stripe', headers: { host, cookie: admin } })
  const state = ([] as string[]).concat(start.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? '').find((pair) => pair.startsWith('stripe_connect_state='))
  const consented = await fetch(String(start.headers.location), { redirect: 'manual' })
  const connected = new URL(consented.headers.get('location') ?? '')
  await send(port, { path: `${connected.pathname}${connected.search}`, headers: { host, cookie: `${admin}; ${state ?? ''}` } })

  const db = new pg.Client({ connectionString: server.databaseUrl ?? '' })
  await db.connect()
  const found = await db.query<{ item: string; option: string }>(
    `select ci.guid as item, o.guid as option from catalog_items ci join item_price_options o on o.item_id = ci.id join tenants t on t.id = ci.tenant_id
      where t.org_id = 'demo' and ci.slug = 'cork-yoga-block' order by o.sequence limit 1`,
  )
  await db.query(`update catalog_items set stock_quantity = 1000000 where kind = 'product'`)
  await db.end()
  const block = found.rows[0]
  if (!block) throw new Error('the demo has no cork-yoga-block')

  const agent = new Agent({ keepAlive: true })
  const post = (fields: Record<string, string>, cookie?: string) =>
    send(port, { method: 'POST', path: '/checkout', agent, headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) }, body: new URLSearchParams(fields).toString() })
  const steps: Record<string, number> = {}
  let sequence = 0
  const buy = async (measured: boolean) => {
    sequence += 1
    let cpu = processTreeCpuMs(server.pid)
    const step = (name: string) => {
      const now = processTreeCpuMs(server.pid)
      if (measured) steps[name] = (steps[name] ?? 0) + (now - cpu) / PURCHASES
      cpu = now
    }
    const added = await post({ intent: 'add', item: block.item, priceOption: block.option, quantity: '1' })
    const cookie = ([] as string[]).concat(added.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? '').find((pair) => pair.startsWith('cart='))
    if (!cookie) throw new Error(`Buy answered ${added.status}`)
    step('Buy')
    const placed = await post({ intent: 'place', attempt: `cpu-${sequence}-${Math.random().toString(36).slice(2)}`, firstName: 'Bench', lastName: `Buyer ${sequence}`, email: `cpu.buyer.${sequence}@example.test`, phone: '', note: '' }, cookie)
    const payUrl = String(placed.headers.location ?? '')
    if (placed.status !== 303 || !payUrl.startsWith(`${stripe.url}/pay/`)) throw new Error(`Place order answered ${placed.status} ${payUrl}`)
    step('Place order')
    const sessionId = payUrl.slice(`${stripe.url}/pay/`.length)
    await stripe.pay(sessionId)
    await stripe.idle()
    step('payment webhook')
    const session = stripe.sessions().find((candidate) => candidate.id === sessionId)
    const back = new URL(String(session?.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId))
    const order = await send(port, { path: `${back.pathname}${back.search}`, agent, headers: { host, cookie } })
    if (order.status !== 200) throw new Error(`the order page answered ${order.status}`)
    step('order page')
  }
  for (let i = 0; i < 10; i++) await buy(false)
  process.kill(server.pid, 'SIGUSR2')
  await new Promise((resolve) => setTimeout(resolve, 200))
  for (let i = 0; i < PURCHASES; i++) await buy(true)
  process.kill(server.pid, 'SIGUSR2')
  const counts = await readCounts(countFile)
  const statements = counts.reduce((sum, [, count]) => sum + count, 0) / PURCHASES
  const transactions = counts.filter(([text]) => text === 'commit').reduce((sum, [, count]) => sum + count, 0) / PURCHASES
  return { steps, cpuMs: Object.values(steps).reduce((sum, value) => sum + value, 0), statements, transactions }
}

/** The server writes its counts when signalled; read them once the file is there. */
async function readCounts(file: string): Promise<Array<[string, number]>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      return statementCounts.parse(JSON.parse(readFileSync(file, 'utf8')))
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  throw new Error('the server did not write its statement counts')
}

export function formatPageCpu(result: PageCpuResult | null): string {
  if (!result) return 'CPU per page and purchase: skipped, it needs Postgres (set DATABASE_URL)'
  return [
    'Server CPU, one request at a time (Postgres, 1 process):',
    ...result.pages.map((page) => `  ${page.path} rendered afresh: ${page.cpuMs.toFixed(1)} ms CPU, ${page.wallMs.toFixed(1)} ms answered, ${page.kilobytes.toFixed(0)} KB`),
    `  a no-JavaScript purchase: ${result.purchase.cpuMs.toFixed(1)} ms CPU (${Object.entries(result.purchase.steps).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}), ${result.purchase.statements.toFixed(0)} statements in ${result.purchase.transactions.toFixed(0)} transactions`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPageCpu(await benchPageCpu()))
}
