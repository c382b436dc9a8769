import type { AppLoadContext } from '@remix-run/node'

export type Outcome = {
  status: number
  location: string | null
  setCookies: string[]
  body: unknown
}

type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown

/** Runs a loader or action as Remix would and reads what came back, returned or thrown. */
export async function run(
  fn: RouteFunction,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined> = {},
): Promise<Outcome> {
  let result: unknown
  try {
    result = await fn({ request, params, context })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('Location'),
      setCookies: result.headers.getSetCookie(),
      body: await result.text(),
    }
  }
  if (typeof result === 'object' && result !== null && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init: ResponseInit | null }
    const headers = new Headers(init?.headers)
    return { status: init?.status ?? 200, location: headers.get('Location'), setCookies: headers.getSetCookie(), body: data }
  }
  return { status: 200, location: null, setCookies: [], body: result }
}

export function get(host: string, path: string, cookie: string | null = null): Request {
  return new Request(`http://${host}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
}

export function post(host: string, path: string, body: URLSearchParams, cookie: string | null): Request {
  const headers = new Headers({ Origin: `http://${host}`, 'Content-Type': 'application/x-www-form-urlencoded' })
  if (cookie) headers.set('Cookie', cookie)
  return new Request(`http://${host}${path}`, { method: 'POST', headers, body })
}

/** "redirect <Location>" or "status <code>": one line that a table of cases can compare. */
export function summary(outcome: Outcome): string {
  if (outcome.status >= 300 && outcome.status < 400) return `redirect ${outcome.location}`
  return `status ${outcome.status}`
}
