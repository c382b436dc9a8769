import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One GET whose body is kept as bytes (compressed bytes stay compressed). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', fail)
    })
    request.on('error', fail)
    request.end()
  })
}

// Hop-by-hop and per-answer headers the bare server sets itself.
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length'])

/** The bare server, as a child process like the app's, so the two share the machine alike. */
const BARE_SERVER = `
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
const body = readFileSync(process.env.BODY_FILE)
const headers = JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8'))
headers['content-length'] = body.length
const server = createServer((request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => console.log('PORT=' + server.address().port))
`

async function withBareServer<T>(sample: RawAnswer, measure: (target: { port: number; pid: number }) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-form-'))
  const replayed: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(sample.headers)) if (value !== undefined && !NOT_REPLAYED.has(name)) replayed[name] = value
  writeFileSync(join(dir, 'body'), sample.body)
  writeFileSync(join(dir, 'headers.json'), JSON.stringify(replayed))
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: { ...process.env, BODY_FILE: join(dir, 'body'), HEADERS_FILE: join(dir, 'headers.json'), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const port = await new Promise<number>((done, fail) => {
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = out.match(/PORT=(\d+)/)
        if (match) done(Number(match[1]))
      })
      child.on('exit', (code) => fail(new Error(`the bare server ended with ${code}`)))
    })
    return await measure({ port, pid: child.pid ?? 0 })
  } finally {
    child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
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
