import { z } from 'zod'
import type { Env } from '#server/env.server'
import { retryAfterMs } from '#server/mailing-list/provider-backoff'

/** A call to Twilio that failed: unreachable (status null), refused, or unreadable. */
export class TwilioCallFailed extends Error {
  override name = 'TwilioCallFailed'
  constructor(
    readonly status: number | null,
    /** Twilio's own words (its error's message), for the person who set it up. */
    readonly detail: string,
    /** What Twilio's Retry-After asked for, in milliseconds. */
    readonly retryAfterMs: number | null = null,
    /** Twilio's error code (e.g. 21211, an invalid To number), when it gave one. */
    readonly code: number | null = null,
    /** The call never reached Twilio (no connection was made), so it cannot have been acted on. */
    readonly neverConnected = false,
  ) {
    super(status === null ? `Twilio could not be reached: ${detail}` : `Twilio answered ${status}: ${detail}`)
  }
}

/** Connection errors that mean the request never left this machine. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/**
 * Whether Twilio certainly did not take a message whose create call failed this way, so that
 * sending it again cannot send it twice: a rate limit (429), Twilio saying it is unavailable
 * (503), or no connection at all. Any other failure is either a refusal (4xx) or of unknown outcome.
 */
export function certainlyNotTaken(error: TwilioCallFailed): boolean {
  return error.status === 429 || error.status === 503 || (error.status === null && error.neverConnected)
}

const accountSchema = z.object({ sid: z.string().max(100), friendly_name: z.string().max(500).default(''), status: z.string().max(50).default('active') })
const messageSchema = z.object({ sid: z.string().min(1).max(100), status: z.string().max(50).default('queued') })
const problemSchema = z.object({ code: z.number().int().nullable().optional(), message: z.string().optional() }).passthrough()

export type TwilioAccount = z.infer<typeof accountSchema>

/** Who a message is sent from: a phone number, or a messaging service that picks one. */
export type TwilioSender = { phone: string; messagingId?: undefined } | { messagingId: string; phone?: undefined }

export interface TwilioClient {
  readAccount(): Promise<TwilioAccount>
  createMessage(input: { to: string; body: string; sender: TwilioSender }): Promise<{ sid: string; status: string }>
}

/** Where Twilio's REST API lives: TWILIO_API_URL when set (tests point it at a local fake), else Twilio's. */
export function twilioBase(env: Pick<Env, 'TWILIO_API_URL'>): string {
  return (env.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, '')
}

/** Twilio's 2010-04-01 REST API on a studio's account (HTTP Basic: account SID and auth token). */
export function twilioClient(base: string, accountSid: string, authToken: string, timeoutMs = 15_000): TwilioClient {
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  const account = `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`
  async function call<S extends z.ZodTypeAny>(method: 'GET' | 'POST', path: string, schema: S, form?: URLSearchParams): Promise<z.output<S>> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form?.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const code = error instanceof Error && typeof (error.cause as { code?: unknown } | undefined)?.code === 'string' ? String((error.cause as { code: string }).code) : null
      throw new TwilioCallFailed(null, code ?? (error instanceof Error ? error.message : String(error)), null, null, code !== null && NEVER_CONNECTED.has(code))
    }
    const textBody = await response.text()
    let json: unknown = null
    try {
      json = JSON.parse(textBody)
    } catch {
      json = null
    }
    if (!response.ok) {
      const problem = problemSchema.safeParse(json)
      const detail = (problem.success ? problem.data.message : null) ?? (textBody.slice(0, 200) || response.statusText)
      throw new TwilioCallFailed(response.status, detail.slice(0, 300), retryAfterMs(response.headers.get('retry-after')), problem.success ? (problem.data.code ?? null) : null)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new TwilioCallFailed(response.status, `an answer of an unexpected shape (${parsed.error.issues[0]?.message ?? 'unreadable'})`)
    return parsed.data as z.output<S>
  }
  return {
    readAccount: () => call('GET', `${account}.json`, accountSchema),
    createMessage: ({ to, body, sender }) => {
      const form = new URLSearchParams({ To: to, Body: body })
      if (sender.messagingId !== undefined) form.set('MessagingServiceSid', sender.messagingId)
      else form.set('From', sender.phone)
      return call('POST', `${account}/Messages.json`, messageSchema, form)
    },
  }
}
