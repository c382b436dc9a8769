import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export interface PlainResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
  header(name: string): string | undefined
  json(): unknown
}

/**
 * One HTTP request to 127.0.0.1 with the Host header we choose. Node's fetch silently replaces
 * a Host header with the URL's host, so tenant hosts (demo.localhost) need node:http.
 */
export function request(
  port: number,
  path: string,
  options: { host: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body)
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host: options.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const value = (name: string) => {
            const raw = res.headers[name.toLowerCase()]
            return Array.isArray(raw) ? raw.join(', ') : raw
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, header: value, json: () => JSON.parse(text) })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (body) req.write(body)
    req.end()
  })
}
