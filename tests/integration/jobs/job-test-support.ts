import { pino, type Logger } from 'pino'
import { asSystem } from '#db/tenant-scope'
import type { DatabaseHandle } from '#db/connection'
import type { OutboundEmailRow } from '#db/types'
import type { MailMessage, MailTransport } from '#server/mail/mail-transport'

export interface LogLine {
  level: number
  msg: string
  [key: string]: unknown
}

/** A pino logger whose lines a test can read back. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = []
  const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })
  return { logger, lines }
}

export interface FakeMailer extends MailTransport {
  sent: Array<MailMessage & { at: number }>
  attempts: number[]
}

/**
 * A mail transport that fails the way it is told: `failures` answers, per attempt (1-based),
 * the error to throw or null to accept; `hold` lets a test keep a send in flight.
 */
export function fakeMailer(options: { failures?: (attempt: number) => Error | null; hold?: () => Promise<void> } = {}): FakeMailer {
  const mailer: FakeMailer = {
    sent: [],
    attempts: [],
    async send(message) {
      mailer.attempts.push(Date.now())
      if (options.hold) await options.hold()
      const failure = options.failures?.(mailer.attempts.length) ?? null
      if (failure) throw failure
      mailer.sent.push({ ...message, at: Date.now() })
    },
    close: () => undefined,
  }
  return mailer
}

/** Writes an outbox row directly, so the test decides when and how its job is enqueued. */
export function insertOutboxRow(
  database: DatabaseHandle,
  input: { tenantId?: string | null; to?: string; subject?: string } = {},
): Promise<{ id: string }> {
  return asSystem(database, 'test: outbox row', (trx) =>
    trx
      .insertInto('outbound_emails')
      .values({
        tenant_id: input.tenantId ?? null,
        to_address: input.to ?? 'student@example.test',
        from_address: 'no-reply@localhost.test',
        subject: input.subject ?? 'Your class is booked',
        text_body: 'See you on Monday.',
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
}

export function readOutboxRow(database: DatabaseHandle, id: string): Promise<OutboundEmailRow> {
  return asSystem(database, 'test: outbox row', (trx) =>
    trx.selectFrom('outbound_emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
}

/** Resolves with 'timeout' instead of hanging the test when a promise never settles. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))])
}
