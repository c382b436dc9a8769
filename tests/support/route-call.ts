import { auditCacheWrites, UndeclaredCacheWriteError } from '#server/cache/write-audit'
import type { AppLoadContext } from '@remix-run/node'

/** A loader or action, called with the arguments Remix passes. */
export type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown

/** What a loader or action answered, returned or thrown, read the way the browser would see it. */
export interface RouteOutcome {
  status: number
  /** Where a redirect goes. */
  location: string | null
  /** Every Set-Cookie value, one per cookie (a joined header would split badly on cookie dates). */
  setCookies: string[]
  headers: Headers
  /**
   * JSON parsed, text as a string, binary media (images, PDFs) as bytes; for `data(...)` or a
   * plain object, the data as returned.
   */
  body: unknown
}

/**
 * Calls a loader or action as Remix would and reads the outcome. A thrown Response is an answer
 * like a returned one; anything else thrown is what a visitor would get as a 500, so it fails the test.
 */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined> = {},
): Promise<RouteOutcome> {
  let result: unknown
  // Every route call is held to the cache write audit: a write of data behind a cached page
  // without its cache tags declared fails the test that made it.
  const { undeclared } = await auditCacheWrites(async () => {
    try {
      result = await fn({ request, params, context })
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown
      result = thrown
    }
  })
  if (undeclared.length > 0) throw new UndeclaredCacheWriteError(`${request.method} ${new URL(request.url).pathname}`, undeclared)
  return readOutcome(result)
}

/** Reads what a route helper returned outside callRoute (a Response, `data(...)` or plain data). */
export async function readOutcome(result: unknown): Promise<RouteOutcome> {
  if (result instanceof Response) return outcomeOf(result.status, result.headers, await readBody(result))
  if (isDataWithResponseInit(result)) return outcomeOf(result.init?.status ?? 200, new Headers(result.init?.headers), result.data)
  return outcomeOf(200, new Headers(), result)
}

function outcomeOf(status: number, headers: Headers, body: unknown): RouteOutcome {
  return { status, location: headers.get('Location'), setCookies: headers.getSetCookie(), headers, body }
}

// What Remix's `data(...)` makes: it is no Response, and Remix turns it into one only later.
function isDataWithResponseInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? ''
  if (/^(image|audio|video|font)\/|^application\/(pdf|octet-stream|zip)/.test(type)) return new Uint8Array(await response.arrayBuffer())
  const text = await response.text()
  if (!/\bjson\b/.test(type)) return text
  return text ? JSON.parse(text) : null
}

/** `name=value` of a cookie the outcome sets, ready for a Cookie header; null when absent or cleared. */
export function cookieOf(outcome: Pick<RouteOutcome, 'setCookies'>, name: string): string | null {
  for (const line of outcome.setCookies) {
    const pair = line.split(';', 1)[0] ?? ''
    const at = pair.indexOf('=')
    if (pair.slice(0, at) !== name) continue
    return pair.slice(at + 1) ? pair : null
  }
  return null
}

/** The toast a redirect carries in its cookie, decoded. */
export function toastOf(outcome: Pick<RouteOutcome, 'setCookies'>): { type: string; message: string } | null {
  const value = cookieOf(outcome, 'toast')?.slice('toast='.length)
  if (!value) return null
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { type: string; message: string }
}

/** The messages a conform reply carries, field by field ('' for form-level messages). */
export function conformErrorsOf(outcome: RouteOutcome): Record<string, string[]> {
  const body = outcome.body as { error?: Record<string, string[] | null> | null; formErrors?: string[] } | null
  const errors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(body?.error ?? {})) if (messages) errors[name] = messages
  if (body?.formErrors?.length) errors[''] = body.formErrors
  return errors
}

/** "redirect <Location>" or "status <code>": one line that a table of cases can compare. */
export function redirectOrStatus(outcome: RouteOutcome): string {
  if (outcome.status >= 300 && outcome.status < 400) return `redirect ${outcome.location}`
  return `status ${outcome.status}`
}

/** A GET as the browser sends it, with the Cookie header when a cookie is given. */
export function getRequest(url: string, cookie: string | null = null, headers: HeadersInit = {}): Request {
  return new Request(url, { headers: browserHeaders({}, cookie, headers) })
}

type FormFields = Record<string, string> | URLSearchParams | FormData | string

/**
 * A same-origin form post as the browser sends it (the app refuses posts from other origins):
 * urlencoded, or multipart for FormData. Extra headers win, so a caller can send a body the
 * browser would not.
 */
export function formPostRequest(url: string, fields: FormFields, cookie: string | null = null, headers: HeadersInit = {}): Request {
  const origin = new URL(url).origin
  if (fields instanceof FormData) {
    // Request writes the multipart Content-Type itself, with the boundary it picked.
    return new Request(url, { method: 'POST', headers: browserHeaders({ Origin: origin }, cookie, headers), body: fields })
  }
  const body = typeof fields === 'string' || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields)
  const base = { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }
  return new Request(url, { method: 'POST', headers: browserHeaders(base, cookie, headers), body })
}

// Browsers send a User-Agent with every request; routes that record who signed or signed in store it.
function browserHeaders(base: Record<string, string>, cookie: string | null, extra: HeadersInit): Headers {
  const all = new Headers({ 'User-Agent': 'route-test', ...base })
  if (cookie) all.set('Cookie', cookie)
  for (const [name, value] of new Headers(extra)) all.set(name, value)
  return all
}

// Names the public form posts outside rjsf's root[...] (signature, bot checks, buttons).
const NAMES_OUTSIDE_RJSF = new Set(['sign', 'signTypedName', 'signConsent', 'rToken', 'website', 'formStartedAt', 'intent', 'order'])

/** A post body with rjsf's root[...] names for a form's fields, plain names for the rest. */
export function rjsfFormBody(values: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) body.append(NAMES_OUTSIDE_RJSF.has(key) ? key : `root[${key}]`, value)
  return body
}
