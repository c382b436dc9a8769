import type { AppLoadContext } from '@remix-run/node'

/** What a loader or action answered, whether it returned or threw, as a browser would see it. */
export interface Answer {
  status: number
  headers: Headers
  location: string | null
  /** Set-Cookie values, one per cookie. */
  cookies: string[]
  body: unknown
}

type RouteFunction = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => unknown

export async function call(
  fn: RouteFunction,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined> = {},
): Promise<Answer> {
  let result: unknown
  try {
    result = await fn({ request, context, params })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const text = await result.text()
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      // plain text
    }
    return answer(result.status, result.headers, body)
  }
  if (isDataWithInit(result)) {
    return answer(result.init?.status ?? 200, new Headers(result.init?.headers), result.data)
  }
  return answer(200, new Headers(), result)
}

function answer(status: number, headers: Headers, body: unknown): Answer {
  return { status, headers, location: headers.get('Location'), cookies: headers.getSetCookie(), body }
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

/** A form post as the browser sends it (same-origin), with an optional Cookie header. */
export function post(url: string, fields: Record<string, string>, cookie?: string | null): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin })
  if (cookie) headers.set('Cookie', cookie)
  return new Request(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() })
}

export function get(url: string, cookie?: string | null): Request {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} })
}

/** `name=value` of a Set-Cookie list, ready for a Cookie header; null when absent or cleared. */
export function cookieOf(cookies: string[], name: string): string | null {
  for (const line of cookies) {
    const pair = line.split(';', 1)[0] ?? ''
    const at = pair.indexOf('=')
    if (pair.slice(0, at) !== name) continue
    return pair.slice(at + 1) ? pair : null
  }
  return null
}

/** Joins cookie pairs into one Cookie header. */
export function jar(...pairs: (string | null | undefined)[]): string {
  return pairs.filter(Boolean).join('; ')
}
