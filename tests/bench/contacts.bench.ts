import autocannon from 'autocannon'
import { z } from 'zod'
import { openDatabase } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { send, signInAsDemoAdmin } from './bench-http'
import { CONNECTIONS, DURATION_SECONDS, setupName, withBenchServer } from './load'
import { processTreeCpuMs } from './process-cpu'
import { BENCH_CONTACT_COUNT, seedBenchContacts } from './seed-bench-contacts'

/** Issue 9's targets: the pickers' autocomplete and the contacts list at 100,000 contacts. */
export const AUTOCOMPLETE_TARGET_P95_MS = 30
export const CONTACTS_LIST_TARGET_RPS = 300

export interface ContactsLoad {
  target: string
  requestsPerSecond: number
  p50Ms: number
  /** autocannon reports no p95; p97.5 bounds it from above. */
  p97_5Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  cpuMsPerRequest: number
}

export interface ContactsBenchResult {
  setup: string
  contacts: number
  seedSeconds: number
  autocomplete: ContactsLoad
  list: ContactsLoad
  listSearched: ContactsLoad
}

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p97_5: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

// What front desk types into a picker: names (with and without accents, one with a typo),
// parts of emails, a phone. Each connection cycles through them.
const AUTOCOMPLETE_QUERIES = ['garcia', 'José', 'muller', 'chloé dub', 'okafr', 'person4242', 'person77', 'tanaka', 'siobhan', 'kowal', '555-042', 'bennett', 'nguyen', 'petrova y', 'zoe', 'haddad', 'lindqvist', 'brennan', 'person9', 'duarte']

/**
 * The built server on Postgres with 100,000 contacts in the demo tenant, signed in as the demo
 * admin: the autocomplete at 50 connections (each request a different query), then the list
 * filtered by a status and sorted by balance, then the list searched by a name and sorted by
 * date. PGlite is skipped: its database belongs to the server process, so nothing can fill it
 * while the server runs.
 */
export async function benchContacts(options: { duration?: number } = {}): Promise<ContactsBenchResult | null> {
  if (!process.env.DATABASE_URL) return null
  return withBenchServer(1, async (server) => {
    if (!server.databaseUrl) throw new Error('the bench server has no Postgres database')
    const handle = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://', poolSize: 2 })
    let seedMs: number
    try {
      const demo = await asSystem(handle, 'bench: find the demo tenant', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())
      seedMs = await seedBenchContacts(handle, demo.id, BENCH_CONTACT_COUNT)
    } finally {
      await handle.close()
    }
    const host = `demo.localhost:${server.port}`
    const headers = { host, cookie: await signInAsDemoAdmin(server.port, host) }
    const run = async (target: string, paths: string[]): Promise<ContactsLoad> => {
      for (const path of paths.slice(0, 3)) {
        const answer = await send(server.port, { path, headers })
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}, not 200`)
      }
      const load = (duration: number) =>
        autocannon({
          url: `http://127.0.0.1:${server.port}`,
          connections: CONNECTIONS,
          duration,
          timeout: 30,
          requests: paths.map((path) => ({ method: 'GET' as const, path, headers })),
        })
      await load(2)
      const cpuBefore = processTreeCpuMs(server.pid)
      const raw = autocannonResult.parse(await load(options.duration ?? DURATION_SECONDS))
      const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
      return {
        target,
        requestsPerSecond: raw.requests.average,
        p50Ms: raw.latency.p50,
        p97_5Ms: raw.latency.p97_5,
        p99Ms: raw.latency.p99,
        non2xx: raw.non2xx,
        errors: raw.errors,
        cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
      }
    }
    const autocomplete = await run(
      `GET /contacts/autocomplete?q= (${AUTOCOMPLETE_QUERIES.length} queries in turn)`,
      AUTOCOMPLETE_QUERIES.map((q) => `/contacts/autocomplete?q=${encodeURIComponent(q)}`),
    )
    const list = await run('GET /contacts?status=member&sort=balance (signed in, 50 a page)', ['/contacts?status=member&sort=balance'])
    const listSearched = await run('GET /contacts?q=garcia&sort=created (signed in, 50 a page)', ['/contacts?q=garcia&sort=created'])
    return { setup: setupName(1), contacts: BENCH_CONTACT_COUNT, seedSeconds: seedMs / 1000, autocomplete, list, listSearched }
  })
}

export function formatContactsLoad(r: ContactsLoad): string {
  return `${r.target}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p97.5 ${r.p97_5Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
}

export function formatContactsBench(result: ContactsBenchResult | null): string {
  if (!result) return 'Contacts at 100,000: skipped, the bench fills Postgres (set DATABASE_URL)'
  return [
    `Contacts at ${result.contacts.toLocaleString('en')} in one tenant (${result.setup}; seeded in ${result.seedSeconds.toFixed(1)} s):`,
    `  ${formatContactsLoad(result.autocomplete)}`,
    `  ${formatContactsLoad(result.list)}`,
    `  ${formatContactsLoad(result.listSearched)}`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatContactsBench(await benchContacts()))
}
