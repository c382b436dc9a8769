import autocannon from 'autocannon'
import { z } from 'zod'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { prepareDatabase } from '#server/boot/prepare-database'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { SEED_DEMO_PASSWORD, type RunningServer } from '#tests/e2e/support/server'
import { asSystem } from '#db/tenant-scope'
import { send, signInAsDemoAdmin } from './bench-http'
import { CONNECTIONS, DURATION_SECONDS, repeatUntil, setupName, startBenchServer, withBenchServer } from './load'
import { processTreeCpuMs } from './process-cpu'
import { BENCH_CONTACT_COUNT, BENCH_FIRST_NAMES, BENCH_LAST_NAMES, seedBenchContacts } from './seed-bench-contacts'

/** Issue 9's targets: the pickers' autocomplete and the contacts list at 100,000 contacts. */
export const AUTOCOMPLETE_TARGET_P95_MS = 30
export const CONTACTS_LIST_TARGET_RPS = 300

export interface ContactsLoad {
  target: string
  requestsPerSecond: number
  p50Ms: number
  /** From every response's own time (autocannon's summary has no p95). */
  p95Ms: number
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
  /** The same 20 texts in turn: after the first round, answers kept until the book changes. Absent with `--list`. */
  autocomplete?: ContactsLoad
  /** A different text on nearly every request: each searched afresh in Postgres. */
  autocompleteAfresh?: ContactsLoad
  autocompleteSpecForm?: ContactsLoad
  /** One URL again and again: the page kept for the signed-in user until the book changes. */
  /** Absent when only the autocomplete was measured (`--autocomplete`). */
  list?: ContactsLoad
  listSearched?: ContactsLoad
  /** A different page of the same filter on every request: each rendered afresh. */
  listAfresh?: ContactsLoad
  /**
   * The kept list while staff write to the book (a note added to a contact every second, then
   * five times a second, through the profile's form): each write drops every kept page, so the
   * next request renders the list afresh while the others wait for it (decision 155).
   */
  listWhileWritten?: ContactsLoad[]
}

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p97_5: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

// What front desk types into a picker: names (with and without accents, one with a typo),
// parts of emails, a phone. Each connection cycles through them.
export const AUTOCOMPLETE_QUERIES = ['garcia', 'José', 'muller', 'chloé dub', 'okafr', 'person4242', 'person77', 'tanaka', 'siobhan', 'kowal', '555-042', 'bennett', 'nguyen', 'petrova y', 'zoe', 'haddad', 'lindqvist', 'brennan', 'person9', 'duarte']

/** A seeded name as typed without its accents ('Søren' is 'soren'). */
const typed = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ø/g, 'o').toLowerCase()
const starts = (names: readonly string[], lengths: number[]) => [...new Set(names.flatMap((name) => lengths.map((length) => typed(name).slice(0, length))))]

/**
 * Texts no two requests of a run share (about 118,000, so that even 9,000 answers a second for
 * 12 s never ask one twice), mixed as front desk types: starts of a first name and a surname
 * ('ma gar'), a surname with one letter wrong or missing ('garcla', 'garca'), and, for most,
 * part of an email ('person4242'). Every answer is searched afresh.
 */
export function distinctAutocompleteQueries(): string[] {
  const queries = new Set<string>()
  for (const first of starts(BENCH_FIRST_NAMES, [2, 3, 4])) for (const last of starts(BENCH_LAST_NAMES, [3, 4, 5])) queries.add(`${first} ${last}`)
  for (const last of BENCH_LAST_NAMES.map(typed)) {
    for (let i = 1; i < last.length; i++) {
      queries.add(last.slice(0, i) + last.slice(i + 1))
      for (const letter of 'aeiourstnl') queries.add(last.slice(0, i) + letter + last.slice(i + 1))
    }
  }
  for (const known of BENCH_LAST_NAMES.map(typed)) queries.delete(known)
  for (let n = 1000; n < 105_000; n++) queries.add(`person${n}`)
  const list = [...queries]
  // Mixed the same way every run, so any second of it asks a little of each kind.
  let seed = 42
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    const j = seed % (i + 1)
    ;[list[i], list[j]] = [list[j] as string, list[i] as string]
  }
  return list
}

type ContactsBenchOptions = { duration?: number; autocompleteOnly?: boolean; listOnly?: boolean }

/** The demo tenant filled with 100,000 contacts: how long it took, and a contact to write notes on. */
async function fillDemoTenant(handle: DatabaseHandle): Promise<{ seedMs: number; notedGuid: string }> {
  const demo = await asSystem(handle, 'bench: find the demo tenant', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())
  const seedMs = await seedBenchContacts(handle, demo.id, BENCH_CONTACT_COUNT)
  const noted = await asSystem(handle, 'bench: a contact to write notes on', (trx) =>
    trx.selectFrom('contacts').select('guid').where('tenant_id', '=', demo.id).orderBy('id').limit(1).executeTakeFirstOrThrow(),
  )
  return { seedMs, notedGuid: noted.guid }
}

/**
 * The built server on Postgres with 100,000 contacts in the demo tenant, signed in as the demo
 * admin: the autocomplete at 50 connections (each request a different query), then the list
 * filtered by a status and sorted by balance, then the list searched by a name and sorted by
 * date. Null without DATABASE_URL; `benchContactsOnPglite` measures the embedded database.
 */
export async function benchContacts(options: ContactsBenchOptions = {}): Promise<ContactsBenchResult | null> {
  if (!process.env.DATABASE_URL) return null
  return withBenchServer(1, async (server) => {
    if (!server.databaseUrl) throw new Error('the bench server has no Postgres database')
    const handle = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://', poolSize: 2 })
    let filled: { seedMs: number; notedGuid: string }
    try {
      filled = await fillDemoTenant(handle)
    } finally {
      await handle.close()
    }
    return measureContacts(server, filled, options)
  })
}

/**
 * The same on PGlite, the embedded database of `npm start`. PGlite belongs to one process at a
 * time, so its data directory is migrated, seeded and filled with the 100,000 contacts first,
 * closed, and then opened by the server.
 */
export async function benchContactsOnPglite(options: ContactsBenchOptions = {}): Promise<ContactsBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'contacts-bench-pglite-'))
  // The server starts on PGlite only when the bench's own environment names no Postgres.
  const postgres = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  try {
    const env = loadEnv({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true', SEED_DEMO_PASSWORD, APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' })
    const handle = await openDatabase({ dataDir: `${env.DATA_DIR}/pglite` })
    let filled: { seedMs: number; notedGuid: string }
    try {
      await prepareDatabase(handle, env, createLogger('silent'))
      filled = await fillDemoTenant(handle)
    } finally {
      await handle.close()
    }
    const server = await startBenchServer(1, { DATA_DIR: dataDir })
    try {
      return await measureContacts(server, filled, options)
    } catch (error) {
      console.error(`--- server output ---\n${server.output()}`)
      throw error
    } finally {
      await server.stop()
    }
  } finally {
    if (postgres !== undefined) process.env.DATABASE_URL = postgres
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureContacts(server: RunningServer, filled: { seedMs: number; notedGuid: string }, options: ContactsBenchOptions): Promise<ContactsBenchResult> {
  const { seedMs, notedGuid } = filled
  const host = `demo.localhost:${server.port}`
  const headers = { host, cookie: await signInAsDemoAdmin(server.port, host) }
  // The list is asked as a browser asks for a page (compressed answers accepted).
  const pageHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }
  // `afresh`: the connections share one walk through the paths (each sent once, until they run
  // out), instead of each connection sending them all in turn.
  const run = async (
    target: string,
    paths: string[],
    afresh = false,
    requestHeaders: Record<string, string> = headers,
    whileMeasuring: (until: Promise<unknown>) => Promise<void> = async () => {},
  ): Promise<ContactsLoad> => {
    for (const path of paths.slice(0, 3)) {
      const answer = await send(server.port, { path, headers: requestHeaders })
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}, not 200`)
    }
    let next = 3
    const load = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${server.port}`,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: afresh
          ? [{ method: 'GET', path: paths[0] ?? '/', headers: requestHeaders, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }]
          : paths.map((path) => ({ method: 'GET' as const, path, headers: requestHeaders })),
      })
    await load(2)
    const cpuBefore = processTreeCpuMs(server.pid)
    const times: number[] = []
    const measured = load(options.duration ?? DURATION_SECONDS)
    measured.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime))
    // autocannon's run is a thenable, not a Promise: adopted once, for both awaits.
    const finished = Promise.resolve(measured)
    const [answered] = await Promise.all([finished, whileMeasuring(finished)])
    const raw = autocannonResult.parse(answered)
    const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
    // A walk that ran out of texts asked some twice: those answers came from the memo.
    const ranOut = afresh && next > paths.length ? ` (RAN OUT: ${(next - paths.length).toLocaleString('en')} texts asked twice)` : ''
    return {
      target: target + ranOut,
      requestsPerSecond: raw.requests.average,
      p50Ms: raw.latency.p50,
      p95Ms: percentile(times, 95),
      p97_5Ms: raw.latency.p97_5,
      p99Ms: raw.latency.p99,
      non2xx: raw.non2xx,
      errors: raw.errors,
      cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
    }
  }
  // Staff adding notes on a profile while the list is read: every note is a write of the book.
  const notesWritten = { count: 0 }
  const notesEvery = (intervalMs: number) => async (until: Promise<unknown>) => {
    notesWritten.count = 0
    const path = `/contacts/${notedGuid}/detail`
    const noteHeaders = { ...headers, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' }
    await repeatUntil(until, intervalMs, async (n) => {
      const body = new URLSearchParams({ intent: 'add-note', body: `Called back about the timetable (${n})` }).toString()
      const answer = await send(server.port, { method: 'POST', path, headers: noteHeaders, body })
      if (answer.status >= 400) throw new Error(`adding a note answered ${answer.status}`)
      notesWritten.count++
    })
  }
  const setup = { setup: server.databaseUrl ? setupName(1) : 'PGlite, 1 process', contacts: BENCH_CONTACT_COUNT, seedSeconds: seedMs / 1000 }
  // The list first: the autocomplete's runs build the contact search index, which the list does not use.
  const pages = Array.from({ length: 500 }, (_, index) => `/contacts?status=member&sort=balance&page=${index + 2}`)
  const lists = options.autocompleteOnly
    ? {}
    : {
        list: await run('GET /contacts?status=member&sort=balance (signed in, 50 a page, kept)', ['/contacts?status=member&sort=balance'], false, pageHeaders),
        listSearched: await run('GET /contacts?q=garcia&sort=created (signed in, 50 a page, kept)', ['/contacts?q=garcia&sort=created'], false, pageHeaders),
        listAfresh: await run('GET /contacts?status=member&sort=balance&page=N (500 different pages, each rendered afresh)', pages, true, pageHeaders),
        listWhileWritten: await [1000, 200].reduce(
          async (earlier, intervalMs) => {
            const loads = await earlier
            const load = await run('GET /contacts?status=member&sort=balance (kept)', ['/contacts?status=member&sort=balance'], false, pageHeaders, notesEvery(intervalMs))
            return [...loads, { ...load, target: `${load.target}, while a note is added every ${intervalMs} ms (${notesWritten.count} notes, each dropping the kept list)` }]
          },
          Promise.resolve([] as ContactsLoad[]),
        ),
      }
  if (options.listOnly) return { ...setup, ...lists }
  const autocomplete = await run(
    `GET /contacts/autocomplete?q= (${AUTOCOMPLETE_QUERIES.length} queries in turn)`,
    AUTOCOMPLETE_QUERIES.map((q) => `/contacts/autocomplete?q=${encodeURIComponent(q)}`),
  )
  const distinct = distinctAutocompleteQueries()
  const autocompleteAfresh = await run(
    `GET /contacts/autocomplete?q= (${distinct.length.toLocaleString('en')} different texts, each searched afresh)`,
    distinct.map((q) => `/contacts/autocomplete?q=${encodeURIComponent(q)}`),
    true,
  )
  // The spec's own form of the call, on the list's address (answered by the same handler).
  const autocompleteSpecForm = await run(
    `GET /contacts?autoComplete=true&q= (${AUTOCOMPLETE_QUERIES.length} queries in turn)`,
    AUTOCOMPLETE_QUERIES.map((q) => `/contacts?autoComplete=true&q=${encodeURIComponent(q)}`),
  )
  return { ...setup, autocomplete, autocompleteAfresh, autocompleteSpecForm, ...lists }
}

/** The nearest-rank percentile of response times in ms, to a tenth. */
function percentile(times: number[], rank: number): number {
  if (times.length === 0) return 0
  const sorted = [...times].sort((a, b) => a - b)
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0
  return Math.round(value * 10) / 10
}

export function formatContactsLoad(r: ContactsLoad): string {
  return `${r.target}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms (target ${AUTOCOMPLETE_TARGET_P95_MS} ms for the autocomplete), p97.5 ${r.p97_5Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
}

export function formatContactsBench(result: ContactsBenchResult | null): string {
  if (!result) return 'Contacts at 100,000: skipped, the bench fills Postgres (set DATABASE_URL)'
  return [
    `Contacts at ${result.contacts.toLocaleString('en')} in one tenant (${result.setup}; seeded in ${result.seedSeconds.toFixed(1)} s):`,
    ...[result.autocomplete, result.autocompleteAfresh, result.autocompleteSpecForm, result.list, result.listSearched, result.listAfresh, ...(result.listWhileWritten ?? [])]
      .filter((load): load is ContactsLoad => load !== undefined)
      .map((load) => `  ${formatContactsLoad(load)}`),
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --autocomplete: only the autocomplete's figures (the list's take another minute); --list: only the list's.
  // --pglite: on the embedded database instead of DATABASE_URL's Postgres.
  const options = { autocompleteOnly: process.argv.includes('--autocomplete'), listOnly: process.argv.includes('--list') }
  console.log(formatContactsBench(process.argv.includes('--pglite') ? await benchContactsOnPglite(options) : await benchContacts(options)))
}
