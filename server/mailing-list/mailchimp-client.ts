import { z } from 'zod'
import type { Env } from '#server/env.server'
import { retryAfterMs } from './provider-backoff'
import { readJsonAnswer } from '#server/http/read-json-answer'

/** A call to the mailing list provider that failed: unreachable (status null), refused, or unreadable. */
export class MailchimpCallFailed extends Error {
  override name = 'MailchimpCallFailed'
  constructor(
    readonly status: number | null,
    /** The provider's own words (its error's detail or title), for the person who set it up. */
    readonly detail: string,
    /** What the provider's Retry-After asked for, in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(status === null ? `Mailchimp could not be reached: ${detail}` : `Mailchimp answered ${status}: ${detail}`)
  }
}

const pingSchema = z.object({ health_status: z.string().max(200) })
const rate = z.coerce.number().finite().default(0)
const count = z.coerce.number().int().nonnegative().default(0)
const listSchema = z.object({
  id: z.string().max(100),
  name: z.string().max(500),
  stats: z
    .object({ member_count: count, unsubscribe_count: count, campaign_count: count, click_rate: rate, open_rate: rate })
    .default({}),
})
const batchSchema = z.object({
  total_created: count,
  total_updated: count,
  error_count: count,
  errors: z.array(z.object({ email_address: z.string().max(500).default(''), error: z.string().max(2000).default(''), error_code: z.string().max(200).optional() })).default([]),
})
const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() }).passthrough()

export type MailchimpList = z.infer<typeof listSchema>
export type MailchimpBatchAnswer = z.infer<typeof batchSchema>

/** One member as the batch endpoint takes it: upserted by email, status applied to existing ones too. */
export interface MailchimpMember {
  email_address: string
  status: 'subscribed' | 'unsubscribed'
  status_if_new: 'subscribed' | 'unsubscribed'
  merge_fields: { FNAME: string; LNAME: string }
}

/** Mailchimp's limit of members per batch call. */
export const MAILCHIMP_BATCH_LIMIT = 500

/** The data centre a key names after its last dash ('…-us6' is us6), or null. */
export function dataCentreOf(apiKey: string): string | null {
  const match = /-([a-z]+\d+)$/i.exec(apiKey.trim())
  return match?.[1]?.toLowerCase() ?? null
}

/**
 * Where the API lives for this key: MAILCHIMP_API_URL when set (tests point it at the local
 * fake), else the data centre the key names. Null when neither says: the key cannot be used.
 */
export function mailchimpBase(env: Pick<Env, 'MAILCHIMP_API_URL'>, apiKey: string): string | null {
  if (env.MAILCHIMP_API_URL) return env.MAILCHIMP_API_URL.replace(/\/+$/, '')
  const dc = dataCentreOf(apiKey)
  return dc ? `https://${dc}.api.mailchimp.com` : null
}

export interface MailchimpClient {
  ping(): Promise<void>
  readList(listId: string): Promise<MailchimpList>
  batchMembers(listId: string, members: readonly MailchimpMember[]): Promise<MailchimpBatchAnswer>
}

/** The Marketing API v3 on a studio's key (HTTP Basic with any user name, the key as password). */
export function mailchimpClient(base: string, apiKey: string, timeoutMs = 20_000): MailchimpClient {
  const headers = { authorization: `Basic ${Buffer.from(`studio:${apiKey}`).toString('base64')}`, accept: 'application/json', 'content-type': 'application/json' }
  async function call<S extends z.ZodTypeAny>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    let response: Response
    try {
      response = await fetch(`${base}/3.0${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new MailchimpCallFailed(null, error instanceof Error ? error.message : String(error))
    }
    const { text: textBody, json } = await readJsonAnswer(response)
    if (!response.ok) {
      const problem = problemSchema.safeParse(json)
      const detail = (problem.success ? (problem.data.detail ?? problem.data.title) : null) ?? (textBody.slice(0, 200) || response.statusText)
      throw new MailchimpCallFailed(response.status, detail.slice(0, 300), retryAfterMs(response.headers.get('retry-after')))
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new MailchimpCallFailed(response.status, `an answer of an unexpected shape (${parsed.error.issues[0]?.message ?? 'unreadable'})`)
    return parsed.data as z.output<S>
  }
  const list = (listId: string) => `/lists/${encodeURIComponent(listId)}`
  return {
    ping: async () => {
      await call('GET', '/ping', pingSchema)
    },
    readList: (listId) => call('GET', list(listId), listSchema),
    batchMembers: (listId, members) => call('POST', list(listId), batchSchema, { members, update_existing: true }),
  }
}
