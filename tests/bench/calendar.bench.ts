import { sql } from 'kysely'
import autocannon from 'autocannon'
import { z } from 'zod'
import { openDatabase } from '#db/connection'
import { DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { asSystem } from '#db/tenant-scope'
import { addDays } from '#server/catalog/calendar-date'
import { dateInputValue } from '#server/dates/local-time'
import { rawGet, withBareServer } from './bare-server'
import { DURATION_SECONDS, measureLoad, setupName, withBenchServer, type LoadResult } from './load'
import { processTreeCpuMs } from './process-cpu'

/**
 * The public calendar's month view with about 300 occurrences, for a visitor (issue 10):
 * - kept: the same month asked again and again, against a bare node:http server sending the
 *   same bytes in the same run; the target is at least 40% of its throughput;
 * - afresh: every request a month page the server has not kept (an extra query parameter the
 *   calendar ignores makes each address new), so each is read and rendered; one request at a
 *   time, since the target, a p99 under 50 ms, is the time to render one page, not a queue.
 * The demo's six weekly classes are joined by nine daily ones. Postgres only: the classes are
 * added to the server's database while it runs.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/calendar.bench.ts
 */
export const CALENDAR_RATIO_TARGET = 0.4
export const CALENDAR_AFRESH_TARGET_P99_MS = 50
const EXTRA_DAILY_CLASSES = 9

export interface CalendarBenchResult {
  occurrences: number
  bodyBytes: number
  encoding: string
  kept: LoadResult
  bare: LoadResult
  ratio: number
  afresh: LoadResult
}

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

export async function benchCalendar(options: { duration?: number } = {}): Promise<CalendarBenchResult | null> {
  if (!process.env.DATABASE_URL) return null
  return withBenchServer(1, async (server) => {
    if (!server.databaseUrl) throw new Error('the bench server has no Postgres database')
    const today = dateInputValue(new Date(), DEMO_TIME_ZONE)
    await addDailyClasses(server.databaseUrl, addDays(today, -45) ?? today)
    const host = `demo.localhost:${server.port}`
    const headers = { host, 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }
    const path = `/calendar?view=month&date=${today}`
    // The server keeps pages only briefly after a catalog change is declared elsewhere; a first
    // request after the insert reads the new classes.
    const sample = await rawGet(server.port, path, headers)
    if (sample.status !== 200) throw new Error(`the calendar answered ${sample.status}`)
    const plain = await rawGet(server.port, path, { host, accept: 'text/html' })
    const occurrences = (plain.body.toString('utf8').match(/data-occurrence[=\s>]/g) ?? []).length

    const kept = await measureLoad(server, { path, headers, setup: setupName(1), target: `GET ${path} (anonymous, kept)`, duration: options.duration })
    const bare = await withBareServer(sample, (target) =>
      measureLoad(target as Parameters<typeof measureLoad>[0], { path, headers, setup: 'node:http, 1 process', target: 'bare node:http, same bytes', duration: options.duration }),
    )

    let next = 0
    const load = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${server.port}`,
        connections: 1,
        duration,
        timeout: 30,
        requests: [{ method: 'GET', path, headers, setupRequest: (request) => ({ ...request, path: `${path}&fresh=${next++}` }) }],
      })
    await load(2)
    const cpuBefore = processTreeCpuMs(server.pid)
    const raw = autocannonResult.parse(await load(options.duration ?? DURATION_SECONDS))
    const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
    const afresh: LoadResult = {
      setup: setupName(1),
      target: `GET ${path}&fresh=N (anonymous, each rendered afresh, 1 connection)`,
      requestsPerSecond: raw.requests.average,
      p50Ms: raw.latency.p50,
      p99Ms: raw.latency.p99,
      non2xx: raw.non2xx,
      errors: raw.errors,
      cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
    }
    return {
      occurrences,
      bodyBytes: sample.body.length,
      encoding: String(sample.headers['content-encoding'] ?? 'identity'),
      kept,
      bare,
      ratio: bare.requestsPerSecond > 0 ? kept.requestsPerSecond / bare.requestsPerSecond : 0,
      afresh,
    }
  })
}

/** Nine published classes every day at spread-out hours, for a year from `startDate`. */
async function addDailyClasses(databaseUrl: string, startDate: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 })
  try {
    await asSystem(handle, 'bench: more classes for the calendar', async (trx) => {
      const demo = await trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow()
      for (let i = 0; i < EXTRA_DAILY_CLASSES; i++) {
        const item = await trx
          .insertInto('catalog_items')
          .values({ tenant_id: demo.id, kind: 'class', name: `Bench Flow ${i + 1}`, slug: `bench-flow-${i + 1}`, payment_type: 'FREE', is_published: true })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('class_schedules')
          .values({
            tenant_id: demo.id,
            class_id: item.id,
            recurrence: 'weekly',
            start_date: startDate,
            start_time: `${String(6 + i).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
            time_zone: DEMO_TIME_ZONE,
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            weeks: 52,
            duration_minutes: 45,
            capacity: 15,
          })
          .execute()
      }
      await sql`analyze class_schedules`.execute(trx)
    })
  } finally {
    await handle.close()
  }
}

export function formatCalendarBench(r: CalendarBenchResult | null): string {
  if (!r) return 'Public calendar month view: skipped, the bench adds classes to Postgres (set DATABASE_URL)'
  return [
    `Public calendar month view, ${r.occurrences} occurrences (${r.kept.setup}; answer ${r.bodyBytes.toLocaleString('en')} bytes, ${r.encoding}):`,
    `  kept: ${r.kept.requestsPerSecond.toFixed(0)} req/s (p99 ${r.kept.p99Ms} ms), bare node:http ${r.bare.requestsPerSecond.toFixed(0)} req/s: ${(r.ratio * 100).toFixed(0)}% of the bare server (target ${CALENDAR_RATIO_TARGET * 100}%); server CPU ${r.kept.cpuMsPerRequest.toFixed(3)} ms/req`,
    `  afresh: ${r.afresh.requestsPerSecond.toFixed(0)} req/s, p50 ${r.afresh.p50Ms} ms, p99 ${r.afresh.p99Ms} ms (target p99 < ${CALENDAR_AFRESH_TARGET_P99_MS} ms), non-2xx ${r.afresh.non2xx}, server CPU ${r.afresh.cpuMsPerRequest.toFixed(3)} ms/req`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatCalendarBench(await benchCalendar()))
}
