import { withTenant } from '#db/tenant-scope'
import type { EnqueueOptions, JobContract, JobQueue } from '#server/jobs/job-contract'
import { deliverEmail } from '#server/mail/deliver-email'
import { createMailTransport } from '#server/mail/mail-transport'
import { queueEmail } from '#server/mail/queue-email'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { captureLogger, readOutboxRow } from '#tests/integration/jobs/job-test-support'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The platform's own queue, with retries milliseconds apart instead of seconds. */
function quickRetries(platform: TestPlatform, attempts = 3): JobQueue {
  return {
    kind: platform.jobs.kind,
    enqueue: <P>(job: JobContract<P>, payload: P, options?: EnqueueOptions) =>
      platform.jobs.enqueue({ ...job, attempts, backoffMs: 20 }, payload, options),
    repeat: (job, payload, options) => platform.jobs.repeat(job, payload, options),
    close: () => platform.jobs.close(),
  }
}

describe(`outbound email over SMTP (${engine})`, () => {
  let smtp: FakeSmtpServer
  let platform: TestPlatform
  let tenant: Tenant

  beforeAll(async () => {
    smtp = await startFakeSmtpServer()
    platform = await createTestPlatform({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@studio.test' })
    tenant = await createTenant(platform, { orgId: 'sunrise', name: 'Sunrise Yoga' })
  })
  afterAll(async () => {
    await platform?.close()
    await smtp?.close()
  })

  it('writes the message to the outbox, then sends it: status sent, received with its subject and recipient', async () => {
    const before = smtp.received.length
    const emailId = await queueEmail(platform, {
      tenantId: tenant.id,
      to: 'stella@example.test',
      subject: 'Your booking for Morning Flow',
      text: 'See you on Monday at 7.',
      html: '<p>See you on <strong>Monday</strong> at 7.</p>',
    })
    await platform.jobs.drain()

    const row = await readOutboxRow(platform.database, emailId)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, tenant_id: tenant.id, from_address: 'no-reply@studio.test' })
    expect(row.sent_at).toBeInstanceOf(Date)

    const [mail] = await smtp.waitFor(before + 1).then((all) => all.slice(before))
    expect(mail?.subject).toBe('Your booking for Morning Flow')
    expect(mail?.envelopeTo).toEqual(['stella@example.test'])
    expect(mail?.envelopeFrom).toBe('no-reply@studio.test')
    expect(mail?.headers.to).toBe('stella@example.test')
    // The outbox id is the Message-ID, so a relay can drop a duplicate after a crash.
    expect(mail?.messageId).toBe(`<${emailId}@studio.test>`)
    expect(mail?.raw).toContain('See you on Monday at 7.')
    expect(mail?.raw).toContain('text/html')
  })

  it('keeps a tenant email visible to its tenant only', async () => {
    const other = await createTenant(platform)
    const emailId = await queueEmail(platform, { tenantId: tenant.id, to: 'a@example.test', subject: 'Private', text: 'x' })
    await platform.jobs.drain()
    const seenByOwner = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('outbound_emails').select('id').where('id', '=', emailId).execute(),
    )
    const seenByOther = await withTenant(platform.database, other.id, (trx) =>
      trx.selectFrom('outbound_emails').select('id').where('id', '=', emailId).execute(),
    )
    expect(seenByOwner).toHaveLength(1)
    expect(seenByOther).toHaveLength(0)
  })

  it('sends from a display name, with a well-formed Message-ID', async () => {
    const before = smtp.received.length
    const emailId = await queueEmail(platform, {
      tenantId: null,
      from: 'Sunrise Yoga <hello@sunrise.test>',
      to: 'marco@example.test',
      subject: 'Welcome to Sunrise Yoga',
      text: 'Welcome!',
    })
    await platform.jobs.drain()
    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail?.headers.from).toBe('Sunrise Yoga <hello@sunrise.test>')
    expect(mail?.envelopeFrom).toBe('hello@sunrise.test')
    expect(mail?.messageId).toBe(`<${emailId}@sunrise.test>`)
    expect((await readOutboxRow(platform.database, emailId)).status).toBe('sent')
  })

  it('does not send a message twice when its job runs again', async () => {
    const before = smtp.received.length
    const emailId = await queueEmail(platform, { tenantId: null, to: 'ada@example.test', subject: 'Once only', text: 'x' })
    await platform.jobs.drain()
    await deliverEmail(platform, { emailId, tenantId: null }, { attempt: 1, maxAttempts: 5, isLastAttempt: false })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(smtp.received.slice(before).map((mail) => mail.subject)).toEqual(['Once only'])
  })

  it('records each refused attempt, retries, and marks the email failed after the last one', async () => {
    const before = smtp.received.length
    smtp.refuseNext(3, { code: 451, message: 'Mailbox busy, try later' })
    const emailId = await queueEmail({ ...platform, jobs: quickRetries(platform, 3) }, {
      tenantId: tenant.id,
      to: 'busy@example.test',
      subject: 'Will not arrive',
      text: 'x',
    })
    await platform.jobs.drain()
    const row = await readOutboxRow(platform.database, emailId)
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sent_at: null })
    expect(row.last_error).toMatch(/451/)
    expect(row.last_error).toMatch(/Mailbox busy, try later/)
    expect(smtp.received.length).toBe(before)
  })

  it('sends on a later attempt after a refusal, and clears the error', async () => {
    smtp.refuseNext(1, { code: 451, message: 'Greylisted, try again' })
    const emailId = await queueEmail({ ...platform, jobs: quickRetries(platform, 3) }, {
      tenantId: null,
      to: 'later@example.test',
      subject: 'Second time lucky',
      text: 'x',
    })
    await platform.jobs.drain()
    expect(await readOutboxRow(platform.database, emailId)).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
    expect(smtp.received.some((mail) => mail.subject === 'Second time lucky')).toBe(true)
  })

  it('keeps the status queued with the error between attempts, and failed on the last', async () => {
    const emailId = await queueEmail({ ...platform, jobs: { kind: 'in-process', enqueue: async () => undefined, repeat: async () => undefined, close: async () => undefined } }, {
      tenantId: null,
      to: 'x@example.test',
      subject: 'By hand',
      text: 'x',
    })
    smtp.refuseNext(2, { code: 550, message: 'No such user here' })
    await expect(deliverEmail(platform, { emailId, tenantId: null }, { attempt: 1, maxAttempts: 2, isLastAttempt: false })).rejects.toThrow(/550/)
    expect(await readOutboxRow(platform.database, emailId)).toMatchObject({ status: 'queued', attempts: 1 })
    await expect(deliverEmail(platform, { emailId, tenantId: null }, { attempt: 2, maxAttempts: 2, isLastAttempt: true })).rejects.toThrow(/550/)
    const row = await readOutboxRow(platform.database, emailId)
    expect(row).toMatchObject({ status: 'failed', attempts: 2 })
    expect(row.last_error).toMatch(/No such user here/)
  })

  it('records an unreachable mail server as a failure, not a crash', async () => {
    const closed = await startFakeSmtpServer()
    await closed.close()
    const mailer = createMailTransport(closed.url)
    const emailId = await queueEmail({ ...platform, jobs: { kind: 'in-process', enqueue: async () => undefined, repeat: async () => undefined, close: async () => undefined } }, {
      tenantId: null,
      to: 'x@example.test',
      subject: 'Nowhere to go',
      text: 'x',
    })
    await expect(
      deliverEmail({ ...platform, mailer }, { emailId, tenantId: null }, { attempt: 1, maxAttempts: 1, isLastAttempt: true }),
    ).rejects.toThrow()
    const row = await readOutboxRow(platform.database, emailId)
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row.last_error).toMatch(/ECONNREFUSED/)
    mailer?.close()
  })
})

describe(`outbound email without SMTP (${engine})`, () => {
  let platform: TestPlatform

  beforeAll(async () => {
    platform = await createTestPlatform({ SMTP_URL: '' })
  })
  afterAll(() => platform?.close())

  it('has no mail transport', () => {
    expect(platform.env.SMTP_URL).toBeUndefined()
    expect(platform.mailer).toBeNull()
  })

  it('leaves the message in the outbox and logs it', async () => {
    const captured = captureLogger()
    platform.logger = captured.logger
    const emailId = await queueEmail(platform, {
      tenantId: null,
      to: 'priya@example.test',
      subject: 'Reset your password',
      text: 'Open this link to choose a new password.',
    })
    await platform.jobs.drain()
    expect(await readOutboxRow(platform.database, emailId)).toMatchObject({ status: 'outbox', attempts: 0, last_error: null, sent_at: null })
    const logged = captured.lines.find((line) => line.msg === 'SMTP is not configured: email kept in the outbox')
    expect(logged).toMatchObject({ emailId, to: 'priya@example.test', subject: 'Reset your password' })
  })
})
