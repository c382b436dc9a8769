import type { RunningServer } from '#tests/e2e/support/server'
import { send } from './bench-http'
import { measureLoad, setupName, withBenchServer, type LoadResult } from './load'

export interface HttpTarget {
  name: string
  path: string
  /** The Host header: the bare platform host for /healthz, a tenant host for its pages. */
  host(port: number): string
}

export type HttpResult = LoadResult

export { CONNECTIONS, DURATION_SECONDS } from './load'

export const targets: HttpTarget[] = [
  { name: '/healthz', path: '/healthz', host: (port) => `localhost:${port}` },
  { name: 'demo /home', path: '/home', host: (port) => `demo.localhost:${port}` },
]

/**
 * Load against the built server as it runs in production (NODE_ENV=production, LOG_LEVEL=warn),
 * on real Postgres when DATABASE_URL is set, else on PGlite. Every target gets a short warm-up
 * first (JIT, caches, pool), then 50 connections for 10 seconds.
 */
export function benchHttp(options: { webConcurrency?: number; duration?: number } = {}): Promise<HttpResult[]> {
  const processes = options.webConcurrency ?? 1
  return withBenchServer(processes, async (server) => {
    await expectServes(server)
    const results: HttpResult[] = []
    for (const target of targets) {
      const headers = { host: target.host(server.port) }
      results.push(await measureLoad(server, { path: target.path, headers, setup: setupName(processes), target: target.name, duration: options.duration }))
    }
    return results
  })
}

/** A benchmark of error pages would measure nothing useful: check each target answers 200 first. */
async function expectServes(server: RunningServer): Promise<void> {
  for (const target of targets) {
    const { status } = await send(server.port, { path: target.path, headers: { host: target.host(server.port) } })
    if (status !== 200) throw new Error(`${target.name} answered ${status}, not 200`)
  }
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
