import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { Queue, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { formSubmissionPdfJob } from '#jobs/form-submission-pdf'
import { NO_SCRIPT_POSTS_PER_WINDOW } from '#server/forms/submission-guard'
import { startServer, type RunningServer } from '#tests/e2e/support/server'
import { BENCH_FORM_INPUTS, createBenchForm, FILL_WAIT_MS, stampOf, visitorPost, type BenchForm } from './bench-form'
import { send } from './bench-http'
import { processTreeCpuMs } from './process-cpu'

export interface FormSubmissionsResult {
  setup: string
  target: string
  /** Length of the measured run, from the first post sent to the last answer received. */
  seconds: number
  /** Posts answered 303 with the thank-you page as location: the submission was stored. */
  stored: number
  postsPerSecond: number
  /** The fewest stored posts in any whole second of the run. */
  slowestSecond: number
  /** Any other answer, by status. */
  refused: Record<string, number>
  errors: number
  p50Ms: number
  p99Ms: number
  /** Rows for the benchmark form in the server's form_submissions table after all posts. */
  rowsInDatabase: number
  /** Stored answers over the warm-up and the run, to compare with rowsInDatabase. */
  storedInAll: number
  cpuMsPerPost: number
  /** CPU of the Postgres backends serving the server's database, per post; null when Postgres is not on this machine. */
  databaseCpuMsPerPost: number | null
}

const CONNECTIONS = 50
const DURATION_SECONDS = 20
const WARM_UP_SECONDS = 3

/**
 * Valid submissions of the 12-input registration form, as visitors without JavaScript post
 * them, against the built server in production mode on Postgres: 50 connections posting as fast
 * as answers come for 20 s after a 3 s warm-up. Every post passes the product's bot check
 * honestly: the honeypot is empty, the fill-time stamp is one the server signed when it
 * rendered the form (50 renders, taken more than 3 s before posting), and every simulated
 * visitor posts once from an address of their own, given in X-Forwarded-For to a server run
 * with TRUST_PROXY=true (as behind a proxy), so none reaches the limit of
 * NO_SCRIPT_POSTS_PER_WINDOW posts per address. Each visitor has their own email, so each post
 * also creates a contact.
 *
 * Success is the product's answer to a stored post: 303 to the thank-you page. Afterwards the
 * benchmark form's rows in form_submissions must equal the stored answers. With REDIS_URL the
 * server queues the PDF copies on BullMQ (a separate worker would render them; none runs here,
 * and the queue is removed afterwards), and the bot check's counters live in Redis; without it
 * the PDFs are rendered inside the web server while it takes posts.
 */
export async function benchFormSubmissions(options: { webConcurrency?: number; duration?: number } = {}): Promise<FormSubmissionsResult | null> {
  if (!process.env.DATABASE_URL) return null
  const processes = options.webConcurrency ?? 1
  const redisUrl = process.env.REDIS_URL
  const queuePrefix = `bench-${randomBytes(4).toString('hex')}`
  const server = await startServer({
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      TRUST_PROXY: 'true',
      WEB_CONCURRENCY: String(processes),
      ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix } : {}),
    },
  })
  try {
    const host = `demo.localhost:${server.port}`
    const form = await createBenchForm(server, host)
    const stamps: string[] = []
    for (let i = 0; i < CONNECTIONS; i++) stamps.push(stampOf((await send(server.port, { path: `/pforms/${form.guId}`, headers: { host } })).body))
    await new Promise((done) => setTimeout(done, FILL_WAIT_MS))

    const visitors = { next: 0 }
    const warmUp = await postFor(server, host, form, stamps, visitors, WARM_UP_SECONDS)
    const backends = await databaseBackends(server)
    const cpuBefore = processTreeCpuMs(server.pid)
    const databaseCpuBefore = backendsCpuMs(backends)
    const run = await postFor(server, host, form, stamps, visitors, options.duration ?? DURATION_SECONDS)
    const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
    const databaseCpuMs = backendsCpuMs(backends) - databaseCpuBefore
    const rowsInDatabase = await countSubmissions(server, form)

    const latencies = run.latencies.sort((a, b) => a - b)
    const wholeSeconds = run.perSecond.slice(0, Math.floor(run.seconds))
    const posts = run.stored + Object.values(run.refused).reduce((sum, count) => sum + count, 0)
    return {
      setup: `Postgres, ${processes} process${processes > 1 ? 'es' : ''}, PDF jobs ${redisUrl ? 'queued on BullMQ (Redis), no worker running' : 'rendered in the web process (no REDIS_URL)'}`,
      target: `POST /pforms/{guId} (${BENCH_FORM_INPUTS} inputs, no JavaScript)`,
      seconds: run.seconds,
      stored: run.stored,
      postsPerSecond: run.stored / run.seconds,
      slowestSecond: wholeSeconds.length > 0 ? Math.min(...wholeSeconds) : 0,
      refused: run.refused,
      errors: run.errors,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      rowsInDatabase,
      storedInAll: warmUp.stored + run.stored,
      cpuMsPerPost: posts > 0 ? cpuMs / posts : 0,
      databaseCpuMsPerPost: backends.length > 0 && posts > 0 ? databaseCpuMs / posts : null,
    }
  } catch (error) {
    console.error(`--- server output ---\n${server.output()}`)
    throw error
  } finally {
    await server.stop()
    if (redisUrl) await removeQueue(redisUrl, queuePrefix)
  }
}

interface Run {
  seconds: number
  stored: number
  refused: Record<string, number>
  errors: number
  latencies: number[]
  /** Stored posts in each second since the start. */
  perSecond: number[]
}

/**
 * Posts from `CONNECTIONS` keep-alive connections, each sending its next post when the last is
 * answered, until `seconds` have passed; posts in flight then are awaited and counted, so every
 * post the server stored is in the figures.
 */
async function postFor(server: RunningServer, host: string, form: BenchForm, stamps: string[], visitors: { next: number }, seconds: number): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const thanks = `/pforms/${form.guId}/submitted/`
  const run: Run = { seconds: 0, stored: 0, refused: {}, errors: 0, latencies: [], perSecond: [] }
  const start = performance.now()
  const end = start + seconds * 1000
  const connection = async (index: number) => {
    while (performance.now() < end) {
      const visitor = ++visitors.next
      if (visitor >= 1 << 24) throw new Error('out of visitor addresses')
      // 10.x.y.z, one address per visitor: far below the per-address limit of no-script posts.
      const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`
      const sent = performance.now()
      try {
        const answer = await send(server.port, {
          method: 'POST',
          path: `/pforms/${form.guId}`,
          headers: {
            host,
            origin: `http://${host}`,
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'Mozilla/5.0 (form-submissions benchmark)',
            'x-forwarded-for': address,
          },
          body: visitorPost(form, visitor, stamps[index]),
          agent,
        })
        const received = performance.now()
        run.latencies.push(received - sent)
        if (answer.status === 303 && String(answer.headers.location ?? '').startsWith(thanks)) {
          run.stored += 1
          const second = Math.floor((received - start) / 1000)
          run.perSecond[second] = (run.perSecond[second] ?? 0) + 1
        } else {
          run.refused[answer.status] = (run.refused[answer.status] ?? 0) + 1
        }
      } catch {
        run.errors += 1
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)))
  run.seconds = (performance.now() - start) / 1000
  for (let second = 0; second < run.perSecond.length; second++) run.perSecond[second] ??= 0
  agent.destroy()
  return run
}

/** The benchmark form's rows in form_submissions, read straight from the server's database. */
async function countSubmissions(server: RunningServer, form: BenchForm): Promise<number> {
  if (!server.databaseUrl) throw new Error('counting submissions needs the server on Postgres')
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    // Row-level security hides tenant rows unless a transaction asks for system access.
    await client.query('begin')
    await client.query(`select set_config('app.system_access', 'on', true)`)
    const result = await client.query<{ count: string }>(
      'select count(*) as count from form_submissions s join custom_forms f on f.id = s.form_id where f.guid = $1',
      [form.guId],
    )
    await client.query('commit')
    return Number(result.rows[0]?.count ?? 0)
  } finally {
    await client.end()
  }
}

/**
 * The Postgres backends connected to the server's database (its pool, full after the warm-up),
 * when Postgres runs on this machine and their /proc entries can be read; else none.
 */
async function databaseBackends(server: RunningServer): Promise<number[]> {
  if (!server.databaseUrl) return []
  const name = new URL(server.databaseUrl).pathname.slice(1)
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const result = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
    const pids = result.rows.map((row) => row.pid)
    return pids.every((pid) => existsSync(`/proc/${pid}/stat`)) ? pids : []
  } finally {
    await client.end()
  }
}

function backendsCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + processTreeCpuMs(pid), 0)
}

/** Removes the PDF jobs the run queued (no worker took them), so Redis keeps nothing of it. */
async function removeQueue(redisUrl: string, prefix: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const queue = new Queue(formSubmissionPdfJob.queue, { connection: connection as ConnectionOptions, prefix })
  try {
    await queue.obliterate({ force: true })
  } finally {
    await queue.close()
    connection.disconnect()
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))])
}

export function formatFormSubmissions(r: FormSubmissionsResult): string {
  const refused = Object.entries(r.refused).map(([status, count]) => `${count} x ${status}`).join(', ') || 'none'
  return (
    `${r.target} (${r.setup}): ${r.postsPerSecond.toFixed(0)} stored posts/s over ${r.seconds.toFixed(1)} s ` +
    `(success = 303 to the thank-you page; slowest second ${r.slowestSecond}), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
    `refused ${refused}, errors ${r.errors}, server CPU ${r.cpuMsPerPost.toFixed(3)} ms/post` +
    `${r.databaseCpuMsPerPost === null ? '' : `, Postgres CPU ${r.databaseCpuMsPerPost.toFixed(3)} ms/post`}; ` +
    `rows in form_submissions ${r.rowsInDatabase} for ${r.storedInAll} stored answers (warm-up included)` +
    `${r.rowsInDatabase === r.storedInAll ? '' : ' MISMATCH'}; each visitor posted once (limit ${NO_SCRIPT_POSTS_PER_WINDOW} per address)`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchFormSubmissions({ webConcurrency: Number(process.env.WEB_CONCURRENCY ?? 1) })
  console.log(result ? formatFormSubmissions(result) : 'Form submissions: skipped, needs DATABASE_URL (Postgres)')
}
