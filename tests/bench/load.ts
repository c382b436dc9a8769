import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { z } from 'zod'
import { startServer, type RunningServer } from '#tests/e2e/support/server'
import { processTreeCpuMs } from './process-cpu'

/** What one autocannon run against the built server measured. */
export interface LoadResult {
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

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
})

/** The built server as it runs in production, on Postgres when DATABASE_URL is set, else PGlite. */
export function startBenchServer(processes = 1, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    env: {
      ...extraEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      WEB_CONCURRENCY: String(processes),
      // BENCH_SERVER_CPU_PROFILE_DIR=/tmp/prof: the server writes a CPU profile there when it stops.
      // BENCH_SERVER_NODE_OPTIONS: Node or V8 options for the server alone (not the bench's process).
      NODE_OPTIONS: [
        extraEnv.NODE_OPTIONS,
        process.env.BENCH_SERVER_NODE_OPTIONS,
        process.env.BENCH_SERVER_CPU_PROFILE_DIR ? `--require ${fileURLToPath(new URL('./cpu-profile-preload.cjs', import.meta.url))}` : undefined,
      ]
        .filter(Boolean)
        .join(' '),
    },
  })
}

export function setupName(processes: number): string {
  return `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${processes} process${processes > 1 ? 'es' : ''}`
}

/**
 * 50 connections on one path for a short warm-up (JIT, caches, pool), then for `duration`
 * seconds, with the server's CPU time over the measured run.
 */
export async function measureLoad(
  server: RunningServer,
  input: { path: string; headers: Record<string, string>; setup: string; target: string; duration?: number },
): Promise<LoadResult> {
  const run = (duration: number) =>
    // A generous time-out: on a busy machine a slow answer is a figure, not an error.
    autocannon({ url: `http://127.0.0.1:${server.port}${input.path}`, headers: input.headers, connections: CONNECTIONS, duration, timeout: 30 })
  await run(2)
  const cpuBefore = processTreeCpuMs(server.pid)
  const raw = autocannonResult.parse(await run(input.duration ?? DURATION_SECONDS))
  const cpuMs = processTreeCpuMs(server.pid) - cpuBefore
  return {
    setup: input.setup,
    target: input.target,
    requestsPerSecond: raw.requests.average,
    p50Ms: raw.latency.p50,
    p99Ms: raw.latency.p99,
    non2xx: raw.non2xx,
    errors: raw.errors,
    cpuMsPerRequest: raw.requests.total > 0 ? cpuMs / raw.requests.total : 0,
  }
}

export function formatLoad(r: LoadResult): string {
  return `${r.target} (${r.setup}): ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`
}

/** Runs `measure` against a fresh bench server, printing the server's output if it fails. */
export async function withBenchServer<T>(processes: number, measure: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startBenchServer(processes)
  try {
    return await measure(server)
  } catch (error) {
    console.error(`--- server output ---\n${server.output()}`)
    throw error
  } finally {
    await server.stop()
  }
}

/** Runs `step` (the nth time, from 1) every `intervalMs` until `until` settles: writes made alongside a measured load. */
export async function repeatUntil(until: Promise<unknown>, intervalMs: number, step: (n: number) => Promise<void>): Promise<void> {
  let over = false
  void until.finally(() => (over = true))
  for (let n = 1; !over; n++) {
    const started = performance.now()
    await step(n)
    await new Promise((done) => setTimeout(done, Math.max(0, intervalMs - (performance.now() - started))))
  }
}
