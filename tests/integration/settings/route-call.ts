import type { AppLoadContext } from '@remix-run/node'

export interface RouteOutcome {
  status: number
  location: string | null
  setCookie: string | null
  body: unknown
}

export type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown

/**
 * Calls a loader or action as Remix would and reads the outcome, returned or thrown, Response
 * or data(). Anything else thrown is what the browser would get as a 500: it fails the test.
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
    const type = result.headers.get('Content-Type') ?? ''
    return {
      status: result.status,
      location: result.headers.get('Location'),
      setCookie: result.headers.get('Set-Cookie'),
      body: type.includes('application/json') ? await result.json() : type.startsWith('image/') ? new Uint8Array(await result.arrayBuffer()) : await result.text(),
    }
  }
  if (typeof result === 'object' && result !== null && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init: ResponseInit | null }
    const headers = new Headers(init?.headers)
    return { status: init?.status ?? 200, location: headers.get('Location'), setCookie: headers.get('Set-Cookie'), body: data }
  }
  return { status: 200, location: null, setCookie: null, body: result }
}

export function toastOf(outcome: RouteOutcome): { type: string; message: string } | null {
  const match = /(?:^|,\s*)toast=([^;]+)/.exec(outcome.setCookie ?? '')
  if (!match?.[1]) return null
  return JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { type: string; message: string }
}
