import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { DemoHttpApp } from './demo-http-app'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A GET to the app with the body as sent (still compressed), for comparing answers byte for byte. */
export function rawGet(app: DemoHttpApp, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: app.port, path, headers: { host: app.host, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end()
  })
}

/**
 * Counts the requests express sees: it resolves the host of every request that reaches it, and
 * an answer given before express never does. Returns the count so far.
 */
export function countExpressRequests(app: DemoHttpApp): () => number {
  let seen = 0
  const resolveHost = app.platform.tenants.resolveHost.bind(app.platform.tenants)
  app.platform.tenants.resolveHost = (...args) => {
    seen += 1
    return resolveHost(...args)
  }
  return () => seen
}
