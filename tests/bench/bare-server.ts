import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A bare `node:http` server answering every request with the bytes and headers one answer of the
 * app carried: the ceiling a page's throughput is compared against in the same run.
 */
export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One GET whose body is kept as bytes (compressed bytes stay compressed). */
export function rawGet(port: number, path: string, headers: Record<string, string>): Promise<RawAnswer> {
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

export async function withBareServer<T>(sample: RawAnswer, measure: (target: { port: number; pid: number }) => Promise<T>): Promise<T> {
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
