import { request as httpRequest } from 'node:http'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface SendOptions {
  host: string
  method?: string
  cookie?: string
  body?: string
}

/** One request to the server on 127.0.0.1, by node:http, because fetch does not let a caller choose the Host header. */
export function send(port: number, path: string, options: SendOptions): Promise<Answer> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { host: options.host }
    // A browser's post names the page's origin; the server's CSRF check compares it with the host.
    if ((options.method ?? 'GET') !== 'GET') headers.origin = `http://${options.host}`
    if (options.cookie) headers.cookie = options.cookie
    if (options.body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers['content-length'] = String(Buffer.byteLength(options.body))
    }
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', fail)
    req.end(options.body)
  })
}

/** The value of one cookie set by an answer, as `name=value` for a Cookie header. */
export function setCookie(answer: Answer, name: string): string | null {
  const values = answer.headers['set-cookie'] ?? []
  const found = (Array.isArray(values) ? values : [values]).find((value) => value.startsWith(`${name}=`))
  return found ? (found.split(';')[0] ?? null) : null
}

/** The CSP nonce of an answer. */
export function nonceOfCsp(answer: Answer): string | undefined {
  return /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1]
}
