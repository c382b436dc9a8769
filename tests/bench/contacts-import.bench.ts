import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openDatabase } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { startServer } from '#tests/e2e/support/server'
import { send, signInAsDemoAdmin } from './bench-http'

/** The target: a 10,000-row CSV imported end to end in under 10 s. */
export const IMPORT_TARGET_SECONDS = 10
export const IMPORT_ROWS = 10_000

export interface ContactsImportResult {
  setup: string
  rows: number
  fileBytes: number
  uploadSeconds: number
  mappingPageSeconds: number
  startSeconds: number
  jobSeconds: number
  totalSeconds: number
  created: number
  errors: number
}

const SECRET = 'bench-secret-bench-secret-bench-secret-01'
const FIRST = ['María', 'José', 'Chloé', 'Zoë', 'Søren', 'Olivia', 'Noah', 'Kenji', 'Ananya', 'Ibrahim']
const LAST = ['García', 'Dubois', 'Müller', "O'Connor", 'Watanabe', 'Nwosu', 'Bennett', 'Chen', 'Sharma', 'Silva']

/** A realistic export: names with accents, unique emails, phones, two tags in a quoted cell, a city, a birth date. */
export function importBenchCsv(rows = IMPORT_ROWS): string {
  const lines = ['First Name,Last Name,Email,Mobile,Tags,City,Date of Birth']
  for (let n = 1; n <= rows; n++) {
    lines.push(`${FIRST[n % 10]},${LAST[(n >> 3) % 10]},member${n}@import-bench.test,555-${String(n % 1000).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')},"Bench ${n % 7}, Wave ${n % 3}",City ${n % 50},19${String(50 + (n % 50))}-0${1 + (n % 9)}-1${n % 9}`)
  }
  return `${lines.join('\r\n')}\r\n`
}

function multipart(fileName: string, csv: string): { body: string; type: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/**
 * The import as staff go through it, timed from the upload to the last row committed, on the
 * built server in production mode: the upload (checked, counted, stored), the mapping page with
 * its preview, the start, then the job. With REDIS_URL the job runs in a worker process (`npm
 * run worker`) through BullMQ, as a deployment does; without it, inside the web server. Needs
 * Postgres (DATABASE_URL): PGlite's database belongs to the server process, so the bench
 * cannot watch the job from outside.
 */
export async function benchContactsImport(rows = IMPORT_ROWS): Promise<ContactsImportResult | null> {
  if (!process.env.DATABASE_URL) return null
  const redisUrl = process.env.REDIS_URL
  const prefix = `bench-import-${randomBytes(4).toString('hex')}`
  const server = await startServer({
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', APP_SECRET: SECRET, ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix } : {}) },
  })
  let worker: ChildProcess | null = null
  const handle = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://', poolSize: 1 }) : null
  try {
    if (!handle || !server.databaseUrl) throw new Error('the bench server has no Postgres database')
    if (redisUrl) {
      worker = spawn(process.execPath, ['build/worker.js'], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', APP_SECRET: SECRET, DATABASE_URL: server.databaseUrl, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, DATA_DIR: server.dataDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      })
      // Ready once it has migrated and started its BullMQ workers; a queued job waits for it anyway.
      await new Promise((resolve) => setTimeout(resolve, 3000))
    }
    const host = `demo.localhost:${server.port}`
    const cookie = await signInAsDemoAdmin(server.port, host)
    const headers = { host, cookie, origin: `http://${host}` }
    const csv = importBenchCsv(rows)
    const upload = multipart('bench-members.csv', csv)

    const began = performance.now()
    const uploaded = await send(server.port, { method: 'POST', path: '/contacts/import', headers: { ...headers, 'content-type': upload.type }, body: upload.body })
    const location = String(uploaded.headers.location ?? '')
    if (uploaded.status !== 302 || !location.startsWith('/contacts/import/')) throw new Error(`the upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`)
    const afterUpload = performance.now()
    const mappingPage = await send(server.port, { path: location, headers })
    if (mappingPage.status !== 200) throw new Error(`the mapping page answered ${mappingPage.status}`)
    const afterMapping = performance.now()
    const fields = new URLSearchParams({ 'column-0': 'firstName', 'column-1': 'lastName', 'column-2': 'email', 'column-3': 'phone', 'column-4': 'tags', 'column-5': 'city', 'column-6': 'dateOfBirth', delimiter: ',', onDuplicate: 'skip', intent: 'start' })
    const started = await send(server.port, { method: 'POST', path: location, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() })
    if (started.status !== 302) throw new Error(`starting the import answered ${started.status}: ${started.body.slice(0, 300)}`)
    const afterStart = performance.now()
    const guId = location.split('/').pop() ?? ''
    let outcome: { status: string; created_count: number; error_count: number; failure: string | null }
    for (;;) {
      outcome = await asSystem(handle, 'bench: watch the import', (trx) =>
        trx.selectFrom('contact_imports').select(['status', 'created_count', 'error_count', 'failure']).where('guid', '=', guId).executeTakeFirstOrThrow(),
      )
      if (outcome.status === 'done' || outcome.status === 'failed') break
      if (performance.now() - began > 120_000) throw new Error('the import did not finish within two minutes')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const finished = performance.now()
    if (outcome.status === 'failed') throw new Error(`the import failed: ${outcome.failure}`)
    const counted = await asSystem(handle, 'bench: count the imported contacts', (trx) =>
      sql<{ count: string }>`select count(*) as count from contacts where email like '%@import-bench.test'`.execute(trx),
    )
    if (Number(counted.rows[0]?.count) !== rows) throw new Error(`expected ${rows} contacts, found ${counted.rows[0]?.count}`)
    return {
      setup: `Postgres, ${redisUrl ? 'BullMQ worker process' : 'in-process jobs'}`,
      rows,
      fileBytes: Buffer.byteLength(csv),
      uploadSeconds: (afterUpload - began) / 1000,
      mappingPageSeconds: (afterMapping - afterUpload) / 1000,
      startSeconds: (afterStart - afterMapping) / 1000,
      jobSeconds: (finished - afterStart) / 1000,
      totalSeconds: (finished - began) / 1000,
      created: outcome.created_count,
      errors: outcome.error_count,
    }
  } finally {
    await handle?.close()
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve))
      worker.kill('SIGTERM')
      await exited
    }
    await server.stop()
  }
}

export function formatContactsImport(result: ContactsImportResult | null): string {
  if (!result) return 'Contacts import: skipped, the bench watches the job in Postgres (set DATABASE_URL)'
  return (
    `Contacts import of ${result.rows.toLocaleString('en')} rows (${(result.fileBytes / 1024 / 1024).toFixed(1)} MB; ${result.setup}): ` +
    `${result.totalSeconds.toFixed(2)} s end to end (upload ${result.uploadSeconds.toFixed(2)} s, mapping page ${result.mappingPageSeconds.toFixed(2)} s, ` +
    `start ${result.startSeconds.toFixed(2)} s, job ${result.jobSeconds.toFixed(2)} s); ${result.created.toLocaleString('en')} created, ${result.errors} errors`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatContactsImport(await benchContactsImport()))
}
