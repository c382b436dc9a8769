import type { AppLoadContext } from '@remix-run/node'

export interface RouteOutcome {
  status: number
  location: string | null
  setCookie: string | null
  contentType: string | null
  body: unknown
}

type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown

/**
 * Calls a loader or action as Remix would and reads the outcome, returned or thrown, Response
 * or `data(...)`. Anything else thrown is what a visitor would see as a 500: it fails the test.
 */
export async function callRoute(fn: RouteFunction, request: Request, context: AppLoadContext, params: Record<string, string | undefined> = {}): Promise<RouteOutcome> {
  let result: unknown
  try {
    result = await fn({ request, params, context })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const contentType = result.headers.get('Content-Type')
    const body = contentType?.includes('application/json')
      ? await result.json()
      : contentType?.includes('application/pdf')
        ? new Uint8Array(await result.arrayBuffer())
        : await result.text()
    return { status: result.status, location: result.headers.get('Location'), setCookie: result.headers.get('Set-Cookie'), contentType, body }
  }
  if (typeof result === 'object' && result !== null && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init: ResponseInit | null }
    const headers = new Headers(init?.headers)
    return { status: init?.status ?? 200, location: headers.get('Location'), setCookie: headers.get('Set-Cookie'), contentType: null, body: data }
  }
  return { status: 200, location: null, setCookie: null, contentType: null, body: result }
}

export function post(host: string, path: string, body: URLSearchParams | string, cookie: string | null = null, headers: Record<string, string> = {}): Request {
  const all = new Headers({ Origin: `http://${host}`, 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'route-test', ...headers })
  if (cookie) all.set('Cookie', cookie)
  return new Request(`http://${host}${path}`, { method: 'POST', headers: all, body })
}

export function get(host: string, path: string, cookie: string | null = null): Request {
  return new Request(`http://${host}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
}

/** The toast a redirect carries. */
export function toastOf(outcome: RouteOutcome): { type: string; message: string } | null {
  const match = /(?:^|,\s*)toast=([^;]+)/.exec(outcome.setCookie ?? '')
  if (!match?.[1]) return null
  return JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { type: string; message: string }
}

/** A post body with rjsf's root[...] names for the form's fields, plain names for the rest. */
export function formBody(values: Record<string, string>): URLSearchParams {
  const plain = new Set(['sign', 'signTypedName', 'signConsent', 'rToken', 'website', 'formStartedAt', 'intent', 'order'])
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) body.append(plain.has(key) ? key : `root[${key}]`, value)
  return body
}
