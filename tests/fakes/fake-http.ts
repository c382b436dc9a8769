import { request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request as httpsRequest } from 'node:https'

/** The plumbing every local stand-in of a provider shares: reading requests and answering them. */

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(html)
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** A header as one string (repeated ones joined, as HTTP reads them), or null. */
export function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return (Array.isArray(value) ? value.join(', ') : value) ?? null
}

export function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of Object.keys(req.headers)) {
    const value = headerOf(req, name)
    if (value !== null) headers[name] = value
  }
  return headers
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * One POST of a JSON payload without a pooled connection (a receiver closed by its test never
 * waits on us), as a provider's webhook or callback: answers the receiver's status.
 */
export function postOnce(target: string, payload: string, headers: Record<string, string>, what = 'receiver'): Promise<number> {
  return new Promise((resolve, reject) => {
    const destination = new URL(target)
    const send = destination.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(
      destination,
      { method: 'POST', agent: false, timeout: 10_000, headers: { 'Content-Length': String(Buffer.byteLength(payload)), ...headers } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${what} did not answer within 10 s`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Starts a stand-in on a free local port and answers its base URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Stops a stand-in, dropping its idle keep-alive connections so that it stops at once. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeIdleConnections()
  })
}

/**
 * Failures a test plans for the next calls of a stand-in: rate limits (429 with Retry-After in
 * seconds) or another status, each answered once, in order.
 */
export function plannedFailures() {
  let planned: Array<{ status: number; retryAfter: number | null }> = []
  return {
    rateLimitNext(count: number, retryAfterSeconds = 1) {
      for (let n = 0; n < count; n++) planned.push({ status: 429, retryAfter: retryAfterSeconds })
    },
    failNext(count: number, status: number) {
      for (let n = 0; n < count; n++) planned.push({ status, retryAfter: null })
    },
    /** The failure this call answers, if one is planned. */
    take() {
      return planned.shift()
    },
    clear() {
      planned = []
    },
  }
}
