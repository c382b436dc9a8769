import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  envelopeFrom: string
  envelopeTo: string[]
  /** Header values by lower-cased name (the first occurrence, unfolded). */
  headers: Record<string, string>
  subject: string
  messageId: string
  raw: string
}

export interface FakeSmtpServer {
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** The next `count` messages are refused with this SMTP reply (e.g. 451 try later, 550 refused). */
  refuseNext(count: number, reply?: { code: number; message: string }): void
  /** Waits until at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/**
 * A local SMTP server on a free port that keeps every message it accepts, standing in for a
 * real mail relay. Plain SMTP without STARTTLS or AUTH, like a relay on a private network.
 */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = []
  let refusals: { count: number; code: number; message: string } = { count: 0, code: 451, message: 'Try again later' }
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 }
          const error = Object.assign(new Error(refusals.message), { responseCode: refusals.code })
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const headers = parseHeaders(raw)
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers,
          subject: headers.subject ?? '',
          messageId: headers['message-id'] ?? '',
          raw,
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  // Without a listener, an error on one client connection would crash the test process.
  server.on('error', () => undefined)
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, reply = { code: 451, message: 'Try again later' }) {
      refusals = { count, ...reply }
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(received.slice())
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`expected ${count} message(s), received ${received.length}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim()
  }
  return headers
}
