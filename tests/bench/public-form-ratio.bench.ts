import { rawGet, withBareServer } from './bare-server'
import { createBenchForm, BENCH_FORM_INPUTS } from './bench-form'
import { measureLoad, withBenchServer, type LoadResult } from './load'

/** The public form page against a bare node:http server answering with the same bytes. */
export interface FormRatioResult {
  target: string
  /** The answer's Content-Encoding ('identity' when the server sent it uncompressed). */
  encoding: string
  bodyBytes: number
  app: LoadResult
  bare: LoadResult
  /** app req/s ÷ bare req/s. */
  ratio: number
}

export const FORM_RATIO_TARGET = 0.4

/** What a browser asks for: the answer is compressed when the server compresses. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }

/**
 * The 12-input public form page (`GET /pforms/{guId}`) under load, then, in the same run on the
 * same machine, a bare `node:http` server in its own process answering every request with the
 * exact bytes and headers the app sent (compressed bytes when the app compresses). The ratio
 * of the two throughputs is what the app's routing, rendering and caching cost.
 */
export function benchPublicFormRatio(options: { duration?: number } = {}): Promise<FormRatioResult> {
  return withBenchServer(1, async (server) => {
    const host = `demo.localhost:${server.port}`
    const form = await createBenchForm(server, host)
    const path = `/pforms/${form.guId}`
    const headers = { host, ...BROWSER_HEADERS }
    const app = await measureLoad(server, { path, headers, setup: 'PGlite or Postgres, 1 process', target: `GET /pforms/{guId} (${BENCH_FORM_INPUTS} inputs)`, duration: options.duration })
    const sample = await rawGet(server.port, path, headers)
    if (sample.status !== 200) throw new Error(`the form page answered ${sample.status}`)
    const bare = await withBareServer(sample, (target) =>
      // measureLoad reads only the port and the process id of the server it loads.
      measureLoad(target as Parameters<typeof measureLoad>[0], { path, headers, setup: 'node:http, 1 process', target: 'bare node:http, same bytes', duration: options.duration }),
    )
    const setup = process.env.DATABASE_URL ? 'Postgres, 1 process' : 'PGlite, 1 process'
    return {
      target: `GET /pforms/{guId} (${BENCH_FORM_INPUTS} inputs) vs bare node:http`,
      encoding: String(sample.headers['content-encoding'] ?? 'identity'),
      bodyBytes: sample.body.length,
      app: { ...app, setup },
      bare,
      ratio: bare.requestsPerSecond > 0 ? app.requestsPerSecond / bare.requestsPerSecond : 0,
    }
  })
}

export function formatPublicFormRatio(r: FormRatioResult): string {
  return (
    `${r.target} (${r.app.setup}; answer ${r.bodyBytes.toLocaleString('en')} bytes, ${r.encoding}): ` +
    `app ${r.app.requestsPerSecond.toFixed(0)} req/s (p99 ${r.app.p99Ms} ms), bare ${r.bare.requestsPerSecond.toFixed(0)} req/s (p99 ${r.bare.p99Ms} ms): ` +
    `${(r.ratio * 100).toFixed(0)}% of the bare server; ` +
    // CPU per answer holds up on a busy machine, where throughput measures the neighbours too.
    `server CPU per answer: app ${r.app.cpuMsPerRequest.toFixed(3)} ms, bare ${r.bare.cpuMsPerRequest.toFixed(3)} ms ` +
    `(${r.app.cpuMsPerRequest > 0 ? ((r.bare.cpuMsPerRequest / r.app.cpuMsPerRequest) * 100).toFixed(0) : '0'}%)`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPublicFormRatio(await benchPublicFormRatio()))
}
