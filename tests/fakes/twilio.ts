import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import { closeServer, listenLocally, plannedFailures, readBody, sendJson } from './fake-http'

/** One message the fake took, as Twilio would have queued it. */
export interface FakeTwilioMessage {
  sid: string
  to: string
  from: string | null
  messagingServiceSid: string | null
  body: string
  /** The StatusCallback URL the message named, if any. */
  statusCallback: string | null
  /** When it arrived (ms since the epoch, the fake's clock). */
  at: number
}

export interface FakeTwilioOptions {
  /** The only account (Basic user) and token (Basic password) the fake accepts. */
  accountSid?: string
  authToken?: string
}

export interface FakeTwilio {
  url: string
  accountSid: string
  authToken: string
  /** Messages taken, in order. */
  messages: FakeTwilioMessage[]
  calls: { account: number; create: number; refused429: number }
  /** The next `count` calls answer 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds?: number): void
  /** The next `count` calls answer this status (a 5xx, say). */
  failNext(count: number, status: number): void
  /**
   * Twilio's post of a status callback to `url`, signed as Twilio signs it (HMAC-SHA1 of the URL
   * and the sorted fields under the auth token, or `authToken` to forge one).
   */
  statusCallback(url: string, fields: { MessageSid: string; MessageStatus: string; ErrorCode?: string }, authToken?: string): { body: string; headers: Record<string, string> }
  /** Messages to these numbers are refused with Twilio's 21211 (invalid To number). */
  refuseNumbers(numbers: readonly string[]): void
  /** The account reads as this status (active, suspended, closed). */
  setAccountStatus(status: string): void
  reset(): void
  close(): Promise<void>
}

const problem = (res: ServerResponse, status: number, code: number, message: string) =>
  sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

/**
 * A local stand-in of Twilio's REST API (2010-04-01), enough for the Twilio page and the send
 * job: GET /Accounts/{sid}.json (the credentials check) and POST /Accounts/{sid}/Messages.json
 * (form-encoded To, From or MessagingServiceSid, Body). It checks HTTP Basic auth, records
 * every message it takes, and can answer 429 with Retry-After, another status, or refuse a number.
 */
export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${'0123456789abcdef'.repeat(2)}`
  const authToken = options.authToken ?? 'faketoken0123456789abcdef0123456'
  const messages: FakeTwilioMessage[] = []
  const calls = { account: 0, create: 0, refused429: 0 }
  const failures = plannedFailures()
  let refused = new Set<string>()
  let accountStatus = 'active'

  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        const method = req.method ?? 'GET'
        const path = new URL(req.url ?? '/', 'http://fake').pathname
        const auth = req.headers.authorization ?? ''
        const [user, ...rest] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':')
        const match = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/Messages\.json)$/.exec(path)
        if (!match) return problem(res, 404, 20404, `The requested resource ${path} was not found`)
        const sid = decodeURIComponent(match[1] ?? '')
        if (user !== accountSid || rest.join(':') !== authToken || sid !== accountSid) return problem(res, 401, 20003, 'Authenticate')
        const next = failures.take()
        if (next) {
          if (next.status === 429) {
            calls.refused429++
            res.setHeader('Retry-After', String(next.retryAfter ?? 1))
            return problem(res, 429, 20429, 'Too Many Requests')
          }
          return problem(res, next.status, 20500, 'Internal Server Error')
        }
        if (method === 'GET' && match[2] === '.json') {
          calls.account++
          return sendJson(res, 200, { sid: accountSid, friendly_name: 'Studio account', status: accountStatus, type: 'Full' })
        }
        if (method === 'POST' && match[2] === '/Messages.json') {
          calls.create++
          const form = new URLSearchParams(raw)
          const to = form.get('To') ?? ''
          const body = form.get('Body') ?? ''
          const from = form.get('From')
          const messagingServiceSid = form.get('MessagingServiceSid')
          if (!to) return problem(res, 400, 21604, "A 'To' phone number is required.")
          if (!body) return problem(res, 400, 21602, 'Message body is required.')
          if (!from && !messagingServiceSid) return problem(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.")
          if (body.length > 1600) return problem(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.')
          if (refused.has(to)) return problem(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`)
          const message: FakeTwilioMessage = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, messagingServiceSid, body, statusCallback: form.get('StatusCallback'), at: Date.now() }
          messages.push(message)
          return sendJson(res, 201, { sid: message.sid, account_sid: accountSid, to, from, messaging_service_sid: messagingServiceSid, body, status: 'queued' })
        }
        return problem(res, 405, 20004, 'Method not allowed')
      })
      .catch(() => problem(res, 400, 20001, 'Bad request'))
  })
  return {
    url: await listenLocally(server),
    accountSid,
    authToken,
    messages,
    calls,
    rateLimitNext: failures.rateLimitNext,
    failNext: failures.failNext,
    statusCallback(url, fields, token = authToken) {
      const params: Record<string, string> = { AccountSid: accountSid, From: '+14155550100', To: '+15550000000', SmsStatus: fields.MessageStatus, ApiVersion: '2010-04-01', ...fields }
      const signed = Object.keys(params)
        .sort()
        .map((name) => `${name}${params[name]}`)
        .join('')
      const signature = createHmac('sha1', token).update(`${url}${signed}`).digest('base64')
      return { body: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature } }
    },
    refuseNumbers(numbers) {
      refused = new Set(numbers)
    },
    setAccountStatus(status) {
      accountStatus = status
    },
    reset() {
      calls.account = calls.create = calls.refused429 = 0
      messages.length = 0
      failures.clear()
      refused = new Set()
      accountStatus = 'active'
    },
    close: () => closeServer(server),
  }
}
