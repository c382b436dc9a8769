import { request as httpRequest } from 'node:http'
import autocannon from 'autocannon'
import { z } from 'zod'
import { SEED_DEMO_PASSWORD, startServer, type RunningServer } from '#tests/e2e/support/server'
import { processTreeCpuMs } from './process-cpu'

export interface SettingsPageResult {
  setup: string
  target: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Server CPU time per request: comparable even on a busy machine. */
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
 * Server rendering of /settings/account (the descriptor-driven form, the admin's session, the
 * staff shell around it) under load, as the signed-in demo admin, on the built server in
 * production mode: 50 connections for 10 seconds after a short warm-up.
 */
export async function benchSettingsPage(options: { duration?: number } = {}): Promise<SettingsPageResult> {
  const server = await startServer({
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' },
  })
  try {
    const host = `demo.localhost:${server.port}`
    const cookie = await signIn(server, host)
    const headers = { host, cookie }
    const status = await statusOf(server.port, '/settings/account', headers)
    if (status !== 200) throw new Error(`/settings/account answered ${status}, not 200`)
    const run = (duration: number) =>
      // A generous time-out: on a busy machine a slow answer is a figure, not an error.
      autocannon({ url: `http://127.0.0.1:${server.port}/settings/account`, headers, connections: CONNECTIONS, duration, timeout: 30 })
    await run(2)
    const cpuBefore = processTreeCpuMs(server.pid)
    const raw = resultSchema.parse(await run(options.duration ?? DURATION_SECONDS))
    const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
    return {
      setup: `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, 1 process`,
      target: 'demo /settings/account (signed in)',
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

export function formatSettingsPage(r: SettingsPageResult): string {
  return `${r.target} (${r.setup}): ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
}

/** Signs the demo admin in through the login form and returns the session cookie. */
function signIn(server: RunningServer, host: string): Promise<string> {
  const body = new URLSearchParams({ intent: 'login', email: 'admin@demo.test', password: SEED_DEMO_PASSWORD }).toString()
  return new Promise((done, fail) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/login',
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume()
        const session = (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).find((pair) => pair.startsWith('__session='))
        if (session) done(session)
        else fail(new Error(`signing in answered ${response.statusCode} without a session cookie`))
      },
    )
    request.on('error', fail)
    request.end(body)
  })
}

function statusOf(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode ?? 0))
    })
    request.on('error', fail)
    request.end()
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchSettingsPage()
  console.log(formatSettingsPage(result))
}
