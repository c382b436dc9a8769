import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http'
import { SEED_DEMO_PASSWORD } from '#tests/e2e/support/server'

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** One request with node:http (fetch does not let a caller choose the Host header). */
export function send(
  port: number,
  options: { method?: string; path: string; headers: Record<string, string>; body?: string; agent?: Agent },
): Promise<HttpAnswer> {
  const headers: Record<string, string | number> = { ...options.headers }
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body)
  return new Promise((done, fail) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers, agent: options.agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', fail)
    })
    request.on('error', fail)
    request.end(options.body)
  })
}

/** Signs the demo admin in through the login form and returns the session cookie. */
export async function signInAsDemoAdmin(port: number, host: string): Promise<string> {
  const body = new URLSearchParams({ intent: 'login', email: 'admin@demo.test', password: SEED_DEMO_PASSWORD }).toString()
  const answer = await send(port, { method: 'POST', path: '/login', headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' }, body })
  const session = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).find((pair) => pair.startsWith('__session='))
  if (!session) throw new Error(`signing in answered ${answer.status} without a session cookie`)
  return session
}
