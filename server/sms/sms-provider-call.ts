import type { z } from 'zod'
import { retryAfterMs } from '#server/mailing-list/provider-backoff'
import { readJsonAnswer } from '#server/http/read-json-answer'

/** A call to an SMS provider (Twilio, Plivo) that failed: unreachable (status null), refused, or unreadable. */
export class SmsCallFailed extends Error {
  override name = 'SmsCallFailed'
  constructor(
    /** The provider's name as people know it ('Twilio', 'Plivo'), for messages. */
    readonly provider: string,
    readonly status: number | null,
    /** The provider's own words (its error's message), for the person who set it up. */
    readonly detail: string,
    /** What the provider's Retry-After asked for, in milliseconds. */
    readonly retryAfterMs: number | null = null,
    /** The provider's error code (e.g. Twilio's 21211, an invalid To number), when it gave one. */
    readonly code: number | null = null,
    /** The call never reached the provider (no connection was made), so it cannot have been acted on. */
    readonly neverConnected = false,
  ) {
    super(status === null ? `${provider} could not be reached: ${detail}` : `${provider} answered ${status}: ${detail}`)
  }
}

/** Connection errors that mean the request never left this machine. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/**
 * Whether the provider certainly did not take a message whose create call failed this way, so
 * that sending it again cannot send it twice: a rate limit (429), the provider saying it is
 * unavailable (503), or no connection at all. Any other failure is either a refusal (4xx) or of
 * unknown outcome.
 */
export function certainlyNotTaken(error: SmsCallFailed): boolean {
  return error.status === 429 || error.status === 503 || (error.status === null && error.neverConnected)
}

/** What a provider's error answer says: its words and code, when its JSON has them. */
export type ProblemReader = (json: unknown) => { message: string | null; code: number | null }

export interface ProviderCallOptions {
  provider: string
  base: string
  /** The Authorization header (HTTP Basic for both Twilio and Plivo). */
  authorization: string
  readProblem: ProblemReader
  timeoutMs?: number
}

export type ProviderBody = { form: URLSearchParams } | { json: unknown }

/** HTTP Basic credentials as an Authorization header. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}

/**
 * One JSON call to an SMS provider's REST API: the answer checked by `schema`, every failure an
 * `SmsCallFailed` (unreachable, a refusal with the provider's own words, or an answer of an
 * unexpected shape), so callers tell "refused" from "not known whether it was taken".
 */
export function providerCall(options: ProviderCallOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000
  return async function call<S extends z.ZodTypeAny>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: S, body?: ProviderBody): Promise<z.output<S>> {
    const contentType = body ? ('form' in body ? 'application/x-www-form-urlencoded' : 'application/json') : null
    let response: Response
    try {
      response = await fetch(`${options.base}${path}`, {
        method,
        headers: { authorization: options.authorization, accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) },
        body: body ? ('form' in body ? body.form.toString() : JSON.stringify(body.json)) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const code = error instanceof Error && typeof (error.cause as { code?: unknown } | undefined)?.code === 'string' ? String((error.cause as { code: string }).code) : null
      throw new SmsCallFailed(options.provider, null, code ?? (error instanceof Error ? error.message : String(error)), null, null, code !== null && NEVER_CONNECTED.has(code))
    }
    const { text: textBody, json } = await readJsonAnswer(response)
    if (!response.ok) {
      const problem = options.readProblem(json)
      const detail = problem.message ?? (textBody.slice(0, 200) || response.statusText)
      throw new SmsCallFailed(options.provider, response.status, detail.slice(0, 300), retryAfterMs(response.headers.get('retry-after')), problem.code)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new SmsCallFailed(options.provider, response.status, `an answer of an unexpected shape (${parsed.error.issues[0]?.message ?? 'unreadable'})`)
    return parsed.data as z.output<S>
  }
}
