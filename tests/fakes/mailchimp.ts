import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, sendJson } from './fake-http'

/** One audience the fake holds, with the stats its list read answers. */
export interface FakeMailchimpList {
  id: string
  name: string
  stats: { unsubscribe_count: number; campaign_count: number; click_rate: number; open_rate: number }
  /** Members by lower-cased email, as the last batch left them. */
  members: Map<string, { status: string; FNAME: string; LNAME: string }>
}

export interface FakeMailchimpOptions {
  /** The only key the fake accepts (sent as the Basic password). */
  apiKey?: string
  lists?: Array<Pick<FakeMailchimpList, 'id' | 'name'> & Partial<Pick<FakeMailchimpList, 'stats'>>>
}

export interface FakeMailchimp {
  url: string
  apiKey: string
  lists: Map<string, FakeMailchimpList>
  /** Calls by kind: ping, list, batch (each answered call, refusals included). */
  calls: { ping: number; list: number; batch: number; refused429: number }
  /** How many times each email was received in a batch that was taken (answered 200). */
  received: Map<string, number>
  /** Members received in taken batches, in all. */
  membersReceived(): number
  /** The next `count` calls answer 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds?: number): void
  /** The next `count` calls answer this status (a 5xx, say). */
  failNext(count: number, status: number): void
  /** Emails a batch refuses member by member (in errors[]), with the provider's words. */
  refuseEmails(emails: readonly string[]): void
  /** Makes each batch answer after this many milliseconds. */
  delayBatches(ms: number): void
  reset(): void
  close(): Promise<void>
}

const problem = (res: ServerResponse, status: number, title: string, detail: string) => sendJson(res, status, { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: '' })

/**
 * A local stand-in of the Mailchimp Marketing API v3, enough for the mailing list page and its
 * jobs: GET /3.0/ping, GET /3.0/lists/{id} (with stats), and the batch endpoint POST
 * /3.0/lists/{id} (members[] up to 500, update_existing), which answers per-member errors for
 * the emails it was told to refuse. It can answer 429 with Retry-After or another status for
 * the next calls, and counts what it received for assertions.
 */
export async function startFakeMailchimp(options: FakeMailchimpOptions = {}): Promise<FakeMailchimp> {
  const apiKey = options.apiKey ?? 'fakekey0123456789abcdef-us1'
  const lists = new Map<string, FakeMailchimpList>()
  for (const list of options.lists ?? [{ id: 'aud123', name: 'Studio audience' }]) {
    lists.set(list.id, { id: list.id, name: list.name, stats: list.stats ?? { unsubscribe_count: 3, campaign_count: 7, click_rate: 2.5, open_rate: 41.25 }, members: new Map() })
  }
  const calls = { ping: 0, list: 0, batch: 0, refused429: 0 }
  const received = new Map<string, number>()
  let planned: Array<{ status: number; retryAfter: number | null }> = []
  let refused = new Set<string>()
  let batchDelay = 0

  const server = createServer((req, res) => {
    readBody(req)
      .then(async (raw) => {
        const method = req.method ?? 'GET'
        const path = new URL(req.url ?? '/', 'http://fake').pathname
        const auth = req.headers.authorization ?? ''
        const password = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':').slice(1).join(':')
        if (password !== apiKey) return problem(res, 401, 'API Key Invalid', 'Your API key may be invalid, or you have attempted to access the wrong datacenter.')
        const next = planned.shift()
        if (next) {
          if (next.status === 429) {
            calls.refused429++
            res.setHeader('Retry-After', String(next.retryAfter ?? 1))
            return problem(res, 429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.')
          }
          return problem(res, next.status, 'Internal Server Error', 'An unexpected internal error has occurred.')
        }
        if (method === 'GET' && path === '/3.0/ping') {
          calls.ping++
          return sendJson(res, 200, { health_status: "Everything's Chimpy!" })
        }
        const match = /^\/3\.0\/lists\/([^/]+)$/.exec(path)
        const list = match ? lists.get(decodeURIComponent(match[1] ?? '')) : undefined
        if (match && !list) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.')
        if (list && method === 'GET') {
          calls.list++
          return sendJson(res, 200, { id: list.id, name: list.name, stats: { member_count: [...list.members.values()].filter((m) => m.status === 'subscribed').length, ...list.stats } })
        }
        if (list && method === 'POST') {
          calls.batch++
          if (batchDelay > 0) await new Promise((resolve) => setTimeout(resolve, batchDelay))
          const body = JSON.parse(raw) as { members?: Array<{ email_address: string; status: string; merge_fields?: { FNAME?: string; LNAME?: string } }>; update_existing?: boolean }
          const members = body.members ?? []
          if (members.length > 500) return problem(res, 400, 'Invalid Resource', 'Batch size is limited to 500 members.')
          const errors: Array<{ email_address: string; error: string; error_code: string }> = []
          let created = 0
          let updated = 0
          for (const member of members) {
            const email = member.email_address.toLowerCase()
            received.set(email, (received.get(email) ?? 0) + 1)
            if (refused.has(email)) {
              errors.push({ email_address: member.email_address, error: `${member.email_address} looks fake or invalid, please enter a real email address.`, error_code: 'ERROR_CONTACT_EXISTS' })
              continue
            }
            if (list.members.has(email)) updated++
            else created++
            list.members.set(email, { status: member.status, FNAME: member.merge_fields?.FNAME ?? '', LNAME: member.merge_fields?.LNAME ?? '' })
          }
          return sendJson(res, 200, { new_members: [], updated_members: [], errors, total_created: created, total_updated: updated, error_count: errors.length })
        }
        return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.')
      })
      .catch(() => problem(res, 400, 'JSON Parse Error', 'We encountered an unspecified JSON parsing error.'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    lists,
    calls,
    received,
    membersReceived: () => [...received.values()].reduce((sum, n) => sum + n, 0),
    rateLimitNext(count, retryAfterSeconds = 1) {
      for (let n = 0; n < count; n++) planned.push({ status: 429, retryAfter: retryAfterSeconds })
    },
    failNext(count, status) {
      for (let n = 0; n < count; n++) planned.push({ status, retryAfter: null })
    },
    refuseEmails(emails) {
      refused = new Set(emails.map((email) => email.toLowerCase()))
    },
    delayBatches(ms) {
      batchDelay = ms
    },
    reset() {
      calls.ping = calls.list = calls.batch = calls.refused429 = 0
      received.clear()
      planned = []
      refused = new Set()
      batchDelay = 0
      for (const list of lists.values()) list.members.clear()
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
    },
  }
}
