import autocannon from 'autocannon'
import { z } from 'zod'
import { startServer } from '#tests/e2e/support/server'
import { BENCH_FORM_INPUTS, createBenchForm } from './bench-form'
import { processTreeCpuMs } from './process-cpu'

export interface PublicFormPageResult {
  setup: string
  target: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Server CPU time (all its processes) per request: comparable even on a busy machine. */
  cpuMsPerRequest: number
}

const CONNECTIONS = 50
const DURATION_SECONDS = 10

const resultSchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

/**
 * The public page of a published 12-input registration form (`GET /pforms/{guId}`), as an
 * anonymous visitor opens it: server rendering of the form, the tenant's shell and a fresh
 * fill-time stamp on every request (the page is not kept in the page cache). Built server in
 * production mode, on Postgres when DATABASE_URL is set (else PGlite); the form is made and
 * published by the demo admin through the staff screens; 50 connections for 10 s after a short
 * warm-up.
 */
export async function benchPublicFormPage(options: { webConcurrency?: number; duration?: number } = {}): Promise<PublicFormPageResult> {
  const processes = options.webConcurrency ?? 1
  const server = await startServer({
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      WEB_CONCURRENCY: String(processes),
    },
  })
  try {
    const host = `demo.localhost:${server.port}`
    const form = await createBenchForm(server, host)
    const run = (duration: number) =>
      // A generous time-out: on a busy machine a slow answer is a figure, not an error.
      autocannon({ url: `http://127.0.0.1:${server.port}/pforms/${form.guId}`, headers: { host }, connections: CONNECTIONS, duration, timeout: 30 })
    await run(2)
    const cpuBefore = processTreeCpuMs(server.pid)
    const raw = resultSchema.parse(await run(options.duration ?? DURATION_SECONDS))
    const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
    return {
      setup: `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${processes} process${processes > 1 ? 'es' : ''}`,
      target: `GET /pforms/{guId} (${BENCH_FORM_INPUTS} inputs)`,
      requestsPerSecond: raw.requests.average,
      p50Ms: raw.latency.p50,
      p99Ms: raw.latency.p99,
      non2xx: raw.non2xx,
      errors: raw.errors,
      cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
    }
  } catch (error) {
    console.error(`--- server output ---\n${server.output()}`)
    throw error
  } finally {
    await server.stop()
  }
}

export function formatPublicFormPage(r: PublicFormPageResult): string {
  return `${r.target} (${r.setup}): ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
  console.log(formatPublicFormPage(await benchPublicFormPage({ webConcurrency: processes })))
}
