import type { IncomingMessage, ServerResponse } from 'node:http'

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
