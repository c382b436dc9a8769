import type { AppLoadContext } from '@remix-run/node'

export interface RouteOutcome {
  status: number
  /** Location of a redirect. */
  location: string | null
  /** Set-Cookie of the response (the toast rides on it). */
  setCookie: string | null
  /** What a loader or action returned as data (for `data(...)` or a plain object). */
  body: unknown
}

type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown

/**
 * Calls a route's loader or action the way Remix would, and reads the outcome whether it was
 * returned or thrown, a Response or `data(...)`. Anything else thrown is a real failure (a 500).
 */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined> = {},
): Promise<RouteOutcome> {
  let result: unknown
  try {
    result = await fn({ request, params, context })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const isJson = result.headers.get('Content-Type')?.includes('application/json')
    return {
      status: result.status,
      location: result.headers.get('Location'),
      setCookie: result.headers.get('Set-Cookie'),
      body: isJson ? await result.json() : await result.text(),
    }
  }
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers)
    return { status: result.init?.status ?? 200, location: headers.get('Location'), setCookie: headers.get('Set-Cookie'), body: result.data }
  }
  return { status: 200, location: null, setCookie: null, body: result }
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

/** A same-origin form post on the tenant's host. */
export function formPost(host: string, path: string, body: URLSearchParams | FormData | string, cookie: string | null, contentType?: string): Request {
  const headers = new Headers({ Origin: `http://${host}` })
  if (cookie) headers.set('Cookie', cookie)
  if (contentType) headers.set('Content-Type', contentType)
  return new Request(`http://${host}${path}`, { method: 'POST', headers, body })
}

export function pageGet(host: string, path: string, cookie: string | null): Request {
  return new Request(`http://${host}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
}

/** The toast message a redirect carries, decoded from its cookie. */
export function toastOf(outcome: RouteOutcome): { type: string; message: string } | null {
  const match = /(?:^|,\s*)toast=([^;]+)/.exec(outcome.setCookie ?? '')
  if (!match?.[1]) return null
  return JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { type: string; message: string }
}

/** The messages a conform reply carries, field by field ('' for form-level messages). */
export function errorsOf(outcome: RouteOutcome): Record<string, string[]> {
  const body = outcome.body as { error?: Record<string, string[] | null> | null; formErrors?: string[] } | null
  const errors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(body?.error ?? {})) if (messages) errors[name] = messages
  if (body?.formErrors?.length) errors[''] = body.formErrors
  return errors
}
