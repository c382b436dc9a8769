import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import { closeServer, listenLocally, plannedFailures, readBody, sendJson } from './fake-http'

/** One message the fake took, as Plivo would have queued it. */
export interface FakePlivoMessage {
  uuid: string
  src: string
  dst: string
  text: string
  /** The status callback the message named (Plivo's `url`), if any. */
  url: string | null
  /** When it arrived (ms since the epoch, the fake's clock). */
  at: number
}

/** A number the account rents, with its 10DLC state. */
export interface FakePlivoOwned {
  number: string
  registration: 'COMPLETED' | 'PROCESSING'
}

export interface FakePlivo {
  url: string
  authId: string
  authToken: string
  messages: FakePlivoMessage[]
  owned: Map<string, FakePlivoOwned>
  calls: { account: number; search: number; buy: number; readNumber: number; release: number; send: number; refused429: number }
  /** The numbers a search by this area code offers (Plivo's digits); by default three made-up ones, none for 999. */
  setInventory(areaCode: string, numbers: readonly string[]): void
  /** Numbers bought from now on are approved at once (a registered campaign), or wait (the default). */
  approveOnBuy(approve: boolean): void
  /** Carriers approve a rented number. */
  approve(number: string): void
  /** The next `count` calls answer 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds?: number): void
  /** The next `count` calls answer this status (a 5xx, say). */
  failNext(count: number, status: number): void
  /**
   * A delivery report as Plivo would post it to `url` (a message's status callback, as the app
   * receives it): form fields, signed with the account's Auth Token (X-Plivo-Signature-V2 and
   * its nonce). `authToken` signs with another token (a forged report).
   */
  deliveryReport(url: string, fields: { MessageUUID: string; Status: string; ErrorCode?: string }, authToken?: string, nonce?: string): { body: string; headers: Record<string, string> }
  /** Messages to these numbers (Plivo's digits) are refused as invalid destinations. */
  refuseNumbers(numbers: readonly string[]): void
  reset(): void
  close(): Promise<void>
}

const problem = (res: ServerResponse, status: number, error: string | Record<string, string[]>) => sendJson(res, status, { api_id: randomUUID(), error })

/** A made-up North American number in an area code: 1 + area code + 555 + four digits. */
const madeUp = (areaCode: string, n: number) => `1${areaCode}555${String(100 + n).padStart(4, '0')}`

/**
 * A local stand-in of Plivo's v1 REST API, enough for the Plivo page and the send job: the
 * account read (the credentials check), PhoneNumber search by pattern, buying a number, the
 * account's number (with its 10DLC registration state), releasing it (DELETE, 204) and sending
 * a message (JSON src, dst, text). It checks HTTP Basic auth, records what it sells and sends, and can answer 429 with
 * Retry-After, another status, or refuse a destination.
 */
export async function startFakePlivo(options: { authId?: string; authToken?: string } = {}): Promise<FakePlivo> {
  const authId = options.authId ?? 'MAFAKEPLIVO0123456789'
  const authToken = options.authToken ?? 'fakeplivotoken0123456789abcdefABCDEF'
  const messages: FakePlivoMessage[] = []
  const owned = new Map<string, FakePlivoOwned>()
  const calls = { account: 0, search: 0, buy: 0, readNumber: 0, release: 0, send: 0, refused429: 0 }
  let inventory = new Map<string, string[]>()
  const failures = plannedFailures()
  let refused = new Set<string>()
  let approveAtOnce = false

  const offered = (areaCode: string) => (inventory.get(areaCode) ?? (areaCode === '999' ? [] : [0, 1, 2].map((n) => madeUp(areaCode, n)))).filter((number) => !owned.has(number))
  const detail = (rented: FakePlivoOwned) => ({
    api_id: randomUUID(),
    number: rented.number,
    country: 'United States',
    region: 'California, UNITED STATES',
    number_type: 'local',
    sms_enabled: true,
    mms_enabled: true,
    monthly_rental_rate: '0.50000',
    tendlc_registration_status: rented.registration,
    tendlc_campaign_id: rented.registration === 'COMPLETED' ? 'CFAKE01' : null,
    toll_free_sms_verification: null,
  })

  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        const method = req.method ?? 'GET'
        const url = new URL(req.url ?? '/', 'http://fake')
        const [user, ...rest] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':')
        const match = /^\/v1\/Account\/([^/]+)\/(?:(PhoneNumber|Number|Message)\/(?:([^/]+)\/)?)?$/.exec(url.pathname)
        if (!match) return problem(res, 404, 'not found')
        const [, account, resource, id] = match
        if (user !== authId || rest.join(':') !== authToken || decodeURIComponent(account ?? '') !== authId) return problem(res, 401, 'Authentication credentials invalid.')
        const next = failures.take()
        if (next) {
          if (next.status === 429) {
            calls.refused429++
            res.setHeader('Retry-After', String(next.retryAfter ?? 1))
            return problem(res, 429, 'too many requests')
          }
          return problem(res, next.status, 'unexpected error')
        }
        if (!resource && method === 'GET') {
          calls.account++
          return sendJson(res, 200, { api_id: randomUUID(), auth_id: authId, name: 'Studio account', account_type: 'standard', cash_credits: '10.00000' })
        }
        if (resource === 'PhoneNumber' && !id && method === 'GET') {
          calls.search++
          if (!url.searchParams.get('country_iso')) return problem(res, 400, { country_iso: ['This field is required.'] })
          const pattern = url.searchParams.get('pattern') ?? ''
          const objects = offered(pattern).map((number) => ({ number, prefix: pattern, country: 'UNITED STATES', region: 'California, UNITED STATES', city: 'SAN FRANCISCO', type: 'local', sub_type: 'local', setup_rate: '0.00000', monthly_rental_rate: '0.50000', sms_enabled: true, mms_enabled: true, voice_enabled: true, sms_rate: '0.00000', voice_rate: '0.00500', restriction: null, restriction_text: null }))
          return sendJson(res, 200, { api_id: randomUUID(), meta: { limit: 20, offset: 0, total_count: objects.length, next: null, previous: null }, objects })
        }
        if (resource === 'PhoneNumber' && id && method === 'POST') {
          calls.buy++
          const number = decodeURIComponent(id)
          if (!offered(number.slice(1, 4)).includes(number)) return problem(res, 400, 'This number is not available for purchase.')
          owned.set(number, { number, registration: approveAtOnce ? 'COMPLETED' : 'PROCESSING' })
          return sendJson(res, 201, { api_id: randomUUID(), message: 'created', numbers: [{ number, status: 'Success' }], status: 'fulfilled' })
        }
        if (resource === 'Number' && id && method === 'GET') {
          calls.readNumber++
          const rented = owned.get(decodeURIComponent(id))
          return rented ? sendJson(res, 200, detail(rented)) : problem(res, 404, 'not found')
        }
        if (resource === 'Number' && id && method === 'DELETE') {
          calls.release++
          if (!owned.delete(decodeURIComponent(id))) return problem(res, 404, 'not found')
          res.statusCode = 204
          return res.end()
        }
        if (resource === 'Message' && !id && method === 'POST') {
          calls.send++
          let body: { src?: unknown; dst?: unknown; text?: unknown; url?: unknown }
          try {
            body = JSON.parse(raw) as typeof body
          } catch {
            return problem(res, 400, 'invalid json data')
          }
          const src = typeof body.src === 'string' ? body.src : ''
          const dst = typeof body.dst === 'string' ? body.dst : ''
          const text = typeof body.text === 'string' ? body.text : ''
          const callback = typeof body.url === 'string' ? body.url : null
          if (!src || !dst || !text) return problem(res, 400, { ...(src ? {} : { src: ['This field is required.'] }), ...(dst ? {} : { dst: ['This field is required.'] }), ...(text ? {} : { text: ['This field is required.'] }) })
          if (!owned.has(src)) return problem(res, 400, `${src} is not a valid source number for this account`)
          if (refused.has(dst)) return problem(res, 400, `${dst} is not a valid destination number`)
          const message: FakePlivoMessage = { uuid: randomUUID(), src, dst, text, url: callback, at: Date.now() }
          messages.push(message)
          return sendJson(res, 202, { api_id: randomUUID(), message: 'message(s) queued', message_uuid: [message.uuid] })
        }
        return problem(res, 405, 'method not allowed')
      })
      .catch(() => problem(res, 400, 'bad request'))
  })
  return {
    url: await listenLocally(server),
    authId,
    authToken,
    messages,
    owned,
    calls,
    setInventory(areaCode, numbers) {
      inventory.set(areaCode, [...numbers])
    },
    approveOnBuy(approve) {
      approveAtOnce = approve
    },
    approve(number) {
      const rented = owned.get(number.replace(/\D/g, ''))
      if (rented) rented.registration = 'COMPLETED'
    },
    deliveryReport(url, fields, token = authToken, nonce = String(Math.floor(Math.random() * 1e20))) {
      const parsed = new URL(url)
      const signature = createHmac('sha256', token).update(`${parsed.protocol}//${parsed.host}${parsed.pathname}${nonce}`).digest('base64')
      const body = new URLSearchParams({ From: '14155550150', To: '15550000000', ...fields, Units: '1', TotalRate: '0.00500' }).toString()
      return { body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-plivo-signature-v2': signature, 'x-plivo-signature-v2-nonce': nonce } }
    },
    rateLimitNext: failures.rateLimitNext,
    failNext: failures.failNext,
    refuseNumbers(numbers) {
      refused = new Set(numbers)
    },
    reset() {
      for (const key of Object.keys(calls) as Array<keyof typeof calls>) calls[key] = 0
      messages.length = 0
      owned.clear()
      inventory = new Map()
      failures.clear()
      refused = new Set()
      approveAtOnce = false
    },
    close: () => closeServer(server),
  }
}
