import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { request as httpRequest } from 'node:http'
import { createGunzip } from 'node:zlib'
import { sql } from 'kysely'
import { openDatabase } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { send, signInAsDemoAdmin } from './bench-http'
import { setupName, withBenchServer } from './load'
import { processTreeCpuMs } from './process-cpu'
import { BENCH_CONTACT_COUNT, seedBenchContacts } from './seed-bench-contacts'

/** The target: every contact of 100,000 as CSV in under 10 s, the server growing by under 100 MB. */
export const EXPORT_TARGET_SECONDS = 10
export const EXPORT_TARGET_RSS_GROWTH_MB = 100

export interface ContactsExportBenchResult {
  setup: string
  contacts: number
  rows: number
  seconds: number
  firstByteMs: number
  gzipBytes: number
  csvBytes: number
  rssBeforeMb: number
  rssPeakMb: number
  rssGrowthMb: number
  cpuMs: number
  /** The machine's load average over the last minute, before and after: above ~0.5 on 2 cores the times are pessimistic. */
  loadBefore: number
  loadAfter: number
}

/** Resident memory of a process and its live children, in bytes (from /proc, as process-cpu.ts reads CPU). */
function processTreeRssBytes(rootPid: number): number {
  const parents = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0))
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024)
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0
  const pending = [rootPid]
  while (pending.length > 0) {
    const pid = pending.pop() as number
    total += rss.get(pid) ?? 0
    for (const [child, parent] of parents) if (parent === pid) pending.push(child)
  }
  return total
}

/** Custom fields the export writes a column for, with a value for every bench contact. */
async function seedCustomFieldValues(databaseUrl: string, tenantId: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 })
  try {
    await asSystem(handle, 'bench seeder: custom field values', async (trx) => {
      await sql`insert into custom_fields (tenant_id, name, type, options) values
        (${tenantId}::uuid, 'Bench level', 'text', '[]'), (${tenantId}::uuid, 'Bench age', 'number', '[]'), (${tenantId}::uuid, 'Bench consent', 'checkbox', '[]')`.execute(trx)
      await sql`insert into contact_field_values (tenant_id, contact_id, field_id, value_text, value_number, value_bool)
        select c.tenant_id, c.id, f.id,
          case when f.type = 'text' then 'Level ' || (abs(hashtext(c.id::text)) % 5) end,
          case when f.type = 'number' then abs(hashtext(c.id::text)) % 90 end,
          case when f.type = 'checkbox' then abs(hashtext(c.id::text)) % 2 = 0 end
        from contacts c cross join custom_fields f
        where c.tenant_id = ${tenantId}::uuid and f.tenant_id = ${tenantId}::uuid and f.name like 'Bench %'`.execute(trx)
    })
    await sql`vacuum analyze contact_field_values`.execute(handle.db)
  } finally {
    await handle.close()
  }
}

/**
 * The built server on Postgres with 100,000 contacts (each with tags and three custom field
 * values) in the demo tenant: the demo admin downloads /contacts/export.csv as a browser does
 * (gzip), read as it arrives and thrown away, while the server's resident memory is sampled
 * every 20 ms from a baseline taken after a small export has warmed the route up. PGlite is skipped: its database belongs to the server process.
 */
export async function benchContactsExport(): Promise<ContactsExportBenchResult | null> {
  if (!process.env.DATABASE_URL) return null
  return withBenchServer(1, async (server) => {
    if (!server.databaseUrl) throw new Error('the bench server has no Postgres database')
    const handle = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://', poolSize: 2 })
    let tenantId: string
    try {
      tenantId = (await asSystem(handle, 'bench: find the demo tenant', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())).id
      await seedBenchContacts(handle, tenantId, BENCH_CONTACT_COUNT)
    } finally {
      await handle.close()
    }
    await seedCustomFieldValues(server.databaseUrl, tenantId)
    const host = `demo.localhost:${server.port}`
    const cookie = await signInAsDemoAdmin(server.port, host)
    // Warm up: the route's code loaded and compiled by a small export, so that the baseline is the
    // server ready to export and the growth measured is what a large download costs; then settle.
    const warm = await send(server.port, { path: '/contacts/export.csv?q=person4242', headers: { host, cookie } })
    if (warm.status !== 200) throw new Error(`a small export answered ${warm.status}`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const rssBefore = processTreeRssBytes(server.pid)
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, processTreeRssBytes(server.pid))
    }, 20)
    const cpuBefore = processTreeCpuMs(server.pid)
    const loadBefore = loadavg()[0] ?? 0
    const started = performance.now()
    try {
      const download = await new Promise<{ status: number; firstByteMs: number; gzipBytes: number; csvBytes: number; rows: number }>((done, fail) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: server.port, path: '/contacts/export.csv', headers: { host, cookie, 'accept-encoding': 'gzip' } },
          (response) => {
            let firstByteMs = 0
            let gzipBytes = 0
            let csvBytes = 0
            let newlines = 0
            response.on('data', (chunk: Buffer) => {
              if (gzipBytes === 0) firstByteMs = performance.now() - started
              gzipBytes += chunk.length
            })
            const csv = response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response
            csv.on('data', (chunk: Buffer) => {
              csvBytes += chunk.length
              for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1
            })
            csv.on('end', () => done({ status: response.statusCode ?? 0, firstByteMs, gzipBytes, csvBytes, rows: newlines - 1 }))
            csv.on('error', fail)
          },
        )
        request.on('error', fail)
        request.end()
      })
      const seconds = (performance.now() - started) / 1000
      if (download.status !== 200) throw new Error(`/contacts/export.csv answered ${download.status}`)
      rssPeak = Math.max(rssPeak, processTreeRssBytes(server.pid))
      const mb = (bytes: number) => bytes / 1024 / 1024
      return {
        setup: setupName(1),
        contacts: BENCH_CONTACT_COUNT,
        rows: download.rows,
        seconds,
        firstByteMs: download.firstByteMs,
        gzipBytes: download.gzipBytes,
        csvBytes: download.csvBytes,
        rssBeforeMb: mb(rssBefore),
        rssPeakMb: mb(rssPeak),
        rssGrowthMb: mb(rssPeak - rssBefore),
        cpuMs: processTreeCpuMs(server.pid) - cpuBefore,
        loadBefore,
        loadAfter: loadavg()[0] ?? 0,
      }
    } finally {
      clearInterval(sampler)
    }
  })
}

export function formatContactsExportBench(result: ContactsExportBenchResult | null): string {
  if (!result) return 'Contacts CSV export of 100,000: skipped, the bench fills Postgres (set DATABASE_URL)'
  return [
    `Contacts CSV export (${result.setup}; ${result.contacts.toLocaleString('en')} contacts with tags and 3 custom fields):`,
    `  GET /contacts/export.csv: ${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(2)} s (first byte after ${result.firstByteMs.toFixed(0)} ms), ` +
      `${(result.csvBytes / 1024 / 1024).toFixed(1)} MB of CSV sent as ${(result.gzipBytes / 1024 / 1024).toFixed(1)} MB gzip, server CPU ${(result.cpuMs / 1000).toFixed(2)} s`,
    `  server memory (RSS): ${result.rssBeforeMb.toFixed(0)} MB before, ${result.rssPeakMb.toFixed(0)} MB at most, growth ${result.rssGrowthMb.toFixed(1)} MB`,
    `  load average ${result.loadBefore.toFixed(2)} before, ${result.loadAfter.toFixed(2)} after (2 cores; the time stretches with it, the CPU time does not)`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatContactsExportBench(await benchContactsExport()))
}
