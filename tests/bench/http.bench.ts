import { get } from 'node:http'
import autocannon from 'autocannon'
import { z } from 'zod'
import { startServer, type RunningServer } from '#tests/e2e/support/server'
import { processTreeCpuMs } from './process-cpu'

export interface HttpTarget {
  name: string
  path: string
  /** The Host header: the bare platform host for /healthz, a tenant host for its pages. */
  host(port: number): string
}

export interface HttpResult {
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

export const CONNECTIONS = 50
export const DURATION_SECONDS = 10

export const targets: HttpTarget[] = [
  { name: '/healthz', path: '/healthz', host: (port) => `localhost:${port}` },
  { name: 'demo /home', path: '/home', host: (port) => `demo.localhost:${port}` },
]

const resultSchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

/**
 * Load against the built server as it runs in production (NODE_ENV=production, LOG_LEVEL=warn),
 * on real Postgres when DATABASE_URL is set, else on PGlite. Every target gets a short warm-up
 * first (JIT, caches, pool), then 50 connections for 10 seconds.
 */
export async function benchHttp(options: { webConcurrency?: number; duration?: number } = {}): Promise<HttpResult[]> {
  const processes = options.webConcurrency ?? 1
  const setup = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${processes} process${processes > 1 ? 'es' : ''}`
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
    await expectServes(server)
    const results: HttpResult[] = []
    for (const target of targets) {
      await load(server, target, 2)
      const cpuBefore = processTreeCpuMs(server.pid)
      const raw = resultSchema.parse(await load(server, target, options.duration ?? DURATION_SECONDS))
      const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
      results.push({
        setup,
        target: target.name,
        requestsPerSecond: raw.requests.average,
        p50Ms: raw.latency.p50,
        p99Ms: raw.latency.p99,
        non2xx: raw.non2xx,
        errors: raw.errors,
        cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
      })
    }
    return results
  } catch (error) {
    console.error(`--- server output ---\n${server.output()}`)
    throw error
  } finally {
    await server.stop()
  }
}

function load(server: RunningServer, target: HttpTarget, duration: number): Promise<unknown> {
  return autocannon({
    url: `http://127.0.0.1:${server.port}${target.path}`,
    headers: { host: target.host(server.port) },
    connections: CONNECTIONS,
    duration,
  })
}

/** A benchmark of error pages would measure nothing useful: check each target answers 200 first. */
async function expectServes(server: RunningServer): Promise<void> {
  for (const target of targets) {
    const status = await statusOf(server.port, target.path, target.host(server.port))
    if (status !== 200) throw new Error(`${target.name} answered ${status}, not 200`)
  }
}

/** node:http, because fetch does not let a caller choose the Host header. */
function statusOf(port: number, path: string, host: string): Promise<number> {
  return new Promise((done, fail) => {
    const request = get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode ?? 0))
    })
    request.on('error', fail)
  })
}

export function formatHttpResults(results: HttpResult[]): string {
  const rows = results.map((r) => [
    r.setup,
    r.target,
    r.requestsPerSecond.toFixed(0),
    `${r.p50Ms} ms`,
    `${r.p99Ms} ms`,
    String(r.non2xx),
    String(r.errors),
    `${r.cpuMsPerRequest.toFixed(3)} ms`,
  ])
  return table(['setup', 'target', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'server CPU/req'], rows)
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
  console.log(formatHttpResults(await benchHttp({ webConcurrency: processes })))
}
