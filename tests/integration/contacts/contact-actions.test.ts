import { randomBytes } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import { action as actionsAction, loader as actionsLoader } from '#app/routes/_admin+/contacts+/$guId.actions'
import { loader as reportLoader } from '#app/routes/_admin+/contacts+/$guId.activity-report.$reportId'
import { action as resetPasswordAction } from '#app/routes/_auth+/reset-password.$token'
import { action as verifyEmailAction, loader as verifyEmailLoader } from '#app/routes/_auth+/verify-email.$token'
import { asSystem } from '#db/tenant-scope'
import { contactActivityReportJob } from '#jobs/contact-activity-report'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { CONTACT_ACTION_MESSAGES } from '#server/contacts/actions/action-messages'
import { CONTACT_EMAIL_MESSAGES } from '#server/contacts/actions/contact-email-schema'
import { generateActivityReport } from '#server/contacts/activity-report/generate-activity-report'
import { createContact } from '#tests/support/fixtures'
import { callRoute, conformErrorsOf, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''
// The Roles screen gives Contacts to front desk and not to staff.
const roles = { roles: { contacts: { staff: false, frontDesk: true } } }

type Contact = Awaited<ReturnType<typeof createContact>>

/** Every table a contact action may write, for "wrote nothing" checks. */
function snapshot(platform: TestPlatform): Promise<string> {
  return asSystem(platform.database, 'test snapshot', async (trx) => {
    const tables = await Promise.all([
      trx.selectFrom('contacts').select(['id', 'role', 'password_hash', 'is_email_verified', 'updated_at']).orderBy('id').execute(),
      trx.selectFrom('outbound_emails').select(['id']).orderBy('id').execute(),
      trx.selectFrom('password_reset_tokens').select(['id']).orderBy('id').execute(),
      trx.selectFrom('email_verification_tokens').select(['id']).orderBy('id').execute(),
      trx.selectFrom('activities').select(['id']).orderBy('id').execute(),
      trx.selectFrom('audit_log').select(['id']).orderBy('id').execute(),
      trx.selectFrom('contact_activity_reports').select(['id']).orderBy('id').execute(),
    ])
    return JSON.stringify(tables)
  })
}

function outboxTo(platform: TestPlatform, to: string) {
  return asSystem(platform.database, 'test check', (trx) =>
    trx.selectFrom('outbound_emails').selectAll().where('to_address', '=', to).orderBy('created_at', 'desc').execute(),
  )
}

function contactRow(platform: TestPlatform, id: string) {
  return asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

function activitiesOf(platform: TestPlatform, contactId: string) {
  return asSystem(platform.database, 'test check', (trx) =>
    trx.selectFrom('activities').select(['type', 'text', 'details']).where('contact_id', '=', contactId).orderBy('created_at', 'asc').execute(),
  )
}

function auditOf(platform: TestPlatform, guid: string) {
  return asSystem(platform.database, 'test check', (trx) => trx.selectFrom('audit_log').select(['action', 'actor_contact_id']).where('target_id', '=', guid).execute())
}

const linkIn = (text: string, path: string) => new RegExp(`(http://[^\\s]+${path}/[A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? null

describe(`the actions on a contact (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let newbie: Contact
  let member: Contact
  let noEmail: Contact
  let verified: Contact
  let suspended: Contact
  let foreign: Contact

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'cactions', roles)
    newbie = await createContact(platform, world.tenant, { role: null, email: 'newbie@cactions.test', firstName: 'Nia', lastName: 'Newbie' })
    member = await createContact(platform, world.tenant, { role: 'ROLE_STUDENT', password: 'A long password 1!', email: 'member@cactions.test', firstName: 'Mo', lastName: 'Member' })
    noEmail = await createContact(platform, world.tenant, { role: null, firstName: 'Nobody', lastName: 'Mail' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ email: null }).where('id', '=', noEmail.id).execute())
    verified = await createContact(platform, world.tenant, { role: 'ROLE_STUDENT', email: 'verified@cactions.test', firstName: 'Vera', lastName: 'Verified' })
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ is_email_verified: true }).where('id', '=', verified.id).execute())
    suspended = await createContact(platform, world.tenant, { role: 'ROLE_STUDENT', password: 'A long password 1!', email: 'suspended@cactions.test', isAccountLocked: true })
    foreign = await createContact(platform, world.other, { role: null, email: 'foreign@cactions.test' })
  })
  afterAll(() => platform.close())

  const pageUrl = (guid: string) => `http://${world.host}/contacts/${guid}/actions`
  const post = (guid: string, fields: Record<string, string>, cookie = world.cookies.frontDesk): Promise<RouteOutcome> =>
    callRoute(actionsAction, formPostRequest(pageUrl(guid), fields, cookie), world.context(), { guId: guid })
  const open = (guid: string, cookie = world.cookies.frontDesk, search = ''): Promise<RouteOutcome> =>
    callRoute(actionsLoader, getRequest(`${pageUrl(guid)}${search}`, cookie), world.context(), { guId: guid })

  it('Send credentials creates the login of a contact without one and mails a link that sets the password', async () => {
    const sent = await post(newbie.guid, { intent: 'send-credentials' })
    expect(sent.status).toBe(302)
    expect(sent.location).toBe(`/contacts/${newbie.guid}/actions`)
    expect(toastOf(sent)).toEqual({ type: 'success', message: CONTACT_ACTION_MESSAGES.credentialsSent('newbie@cactions.test') })
    expect((await contactRow(platform, newbie.id)).role).toBe('ROLE_STUDENT')
    await platform.jobs.drain()
    const [mail] = await outboxTo(platform, 'newbie@cactions.test')
    expect(mail?.status).toBe('outbox')
    expect(mail?.subject).toBe(`Your ${world.tenant.name} login`)
    expect(mail?.text_body).toContain('Sign-in email: newbie@cactions.test')
    // The link goes to the tenant's own host and works for three days.
    const link = linkIn(mail?.text_body ?? '', '/reset-password')
    expect(link).toMatch(/^http:\/\/cactions\.localhost\/reset-password\//)
    const token = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('password_reset_tokens').select(['expires_at']).where('contact_id', '=', newbie.id).executeTakeFirstOrThrow(),
    )
    expect(new Date(token.expires_at).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000)
    expect(await auditOf(platform, newbie.guid)).toEqual([{ action: 'contact.credentials_sent', actor_contact_id: world.frontDesk.id }])
    expect((await activitiesOf(platform, newbie.id)).map((entry) => entry.type)).toEqual(['credentials_sent'])

    // The person opens the link and chooses a password: the login exists.
    const tokenValue = (link ?? '').split('/').at(-1) ?? ''
    const chosen = await callRoute(
      resetPasswordAction,
      formPostRequest(link ?? '', { password: 'Newbie password 1!', confirmPassword: 'Newbie password 1!' }),
      world.context(),
      { token: tokenValue },
    )
    expect(chosen.location).toBe('/login?passwordChanged=1')
    expect((await contactRow(platform, newbie.id)).password_hash).not.toBeNull()
  })

  it('Send credentials to a contact who has a login sends the same link and says so; through a fetcher it answers JSON', async () => {
    const sent = await post(member.guid, { intent: 'send-credentials', reply: 'json' })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ intent: 'send-credentials', type: 'success', message: CONTACT_ACTION_MESSAGES.passwordLinkSent('member@cactions.test') })
    const [mail] = await outboxTo(platform, 'member@cactions.test')
    expect(mail?.text_body).toContain('set a new password')
    expect(linkIn(mail?.text_body ?? '', '/reset-password')).not.toBeNull()
    // The old password still works until the link is used.
    expect((await contactRow(platform, member.id)).password_hash).toBe(member.password_hash)
  })

  it('Reset password mails the one-hour reset link to a contact with a login', async () => {
    const before = (await outboxTo(platform, 'member@cactions.test')).length
    const sent = await post(member.guid, { intent: 'reset-password' })
    expect(toastOf(sent)).toEqual({ type: 'success', message: CONTACT_ACTION_MESSAGES.resetSent('member@cactions.test') })
    const mails = await outboxTo(platform, 'member@cactions.test')
    expect(mails).toHaveLength(before + 1)
    expect(mails[0]?.subject).toBe(`Reset your ${world.tenant.name} password`)
    expect(linkIn(mails[0]?.text_body ?? '', '/reset-password')).toMatch(/^http:\/\/cactions\.localhost\//)
    // One live link at a time: the credentials link sent before is replaced.
    const live = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('password_reset_tokens').select(['expires_at']).where('contact_id', '=', member.id).where('used_at', 'is', null).execute(),
    )
    expect(live).toHaveLength(1)
    expect(new Date(live[0]?.expires_at ?? 0).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000)
    expect((await auditOf(platform, member.guid)).map((entry) => entry.action)).toContain('contact.password_reset_sent')
  })

  it('Request email verification mails a single-use link whose page marks the contact verified', async () => {
    const sent = await post(newbie.guid, { intent: 'request-verification' })
    expect(toastOf(sent)).toEqual({ type: 'success', message: 'Sent verification email' })
    const [mail] = await outboxTo(platform, 'newbie@cactions.test')
    const link = linkIn(mail?.text_body ?? '', '/verify-email') ?? ''
    expect(link).toMatch(/^http:\/\/cactions\.localhost\/verify-email\//)
    const token = link.split('/').at(-1) ?? ''
    // Opening the link changes nothing (a mail scanner may follow it).
    const shown = await callRoute(verifyEmailLoader, getRequest(link), world.context(), { token })
    expect(shown.body).toMatchObject({ address: 'ne***@cactions.test' })
    expect((await contactRow(platform, newbie.id)).is_email_verified).toBe(false)
    const confirmed = await callRoute(verifyEmailAction, formPostRequest(link, {}), world.context(), { token })
    expect(confirmed.body).toEqual({ verified: true })
    expect((await contactRow(platform, newbie.id)).is_email_verified).toBe(true)
    expect((await activitiesOf(platform, newbie.id)).map((entry) => entry.type)).toEqual(['credentials_sent', 'verification_sent', 'email_verified'])
    // Used up, and not valid on another tenant's host either.
    expect((await callRoute(verifyEmailAction, formPostRequest(link, {}), world.context(), { token })).status).toBe(400)
    const elsewhere = await callRoute(verifyEmailLoader, getRequest(link), contextFor(platform, world.other), { token })
    expect(elsewhere.body).toMatchObject({ address: null })
  })

  it('a verification link sent before the address changed verifies nothing', async () => {
    const person = await createContact(platform, world.tenant, { role: null, email: 'mover@cactions.test' })
    await post(person.guid, { intent: 'request-verification' })
    const [mail] = await outboxTo(platform, 'mover@cactions.test')
    const link = linkIn(mail?.text_body ?? '', '/verify-email') ?? ''
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ email: 'moved@cactions.test' }).where('id', '=', person.id).execute())
    const outcome = await callRoute(verifyEmailAction, formPostRequest(link, {}), world.context(), { token: link.split('/').at(-1) ?? '' })
    expect(outcome.status).toBe(400)
    expect((await contactRow(platform, person.id)).is_email_verified).toBe(false)
  })

  it('Send email goes to the outbox and into the contact activity log', async () => {
    const sent = await post(member.guid, { intent: 'send-email', subject: '  Your next class  ', message: 'Hello Mo,\r\nSee you on Monday.\r\n' })
    expect(toastOf(sent)).toEqual({ type: 'success', message: CONTACT_ACTION_MESSAGES.emailSent('member@cactions.test') })
    await platform.jobs.drain()
    const [mail] = await outboxTo(platform, 'member@cactions.test')
    expect(mail).toMatchObject({ subject: 'Your next class', text_body: 'Hello Mo,\nSee you on Monday.\n', status: 'outbox', html_body: null })
    const logged = (await activitiesOf(platform, member.id)).find((entry) => entry.type === 'email_sent')
    expect(logged).toMatchObject({ text: 'Email sent: Your next class', details: { subject: 'Your next class', to: 'member@cactions.test', sentBy: 'Fran Desk' } })
  })

  it('refuses what cannot be done, says why and writes nothing', async () => {
    const cases: Array<{ guid: string; fields: Record<string, string>; status: number; message: string }> = [
      { guid: noEmail.guid, fields: { intent: 'send-credentials' }, status: 400, message: CONTACT_ACTION_MESSAGES.noEmail },
      { guid: noEmail.guid, fields: { intent: 'reset-password' }, status: 400, message: CONTACT_ACTION_MESSAGES.noEmail },
      { guid: noEmail.guid, fields: { intent: 'request-verification' }, status: 400, message: CONTACT_ACTION_MESSAGES.noEmail },
      { guid: noEmail.guid, fields: { intent: 'send-email', subject: 'Hi', message: 'Hello' }, status: 400, message: CONTACT_ACTION_MESSAGES.noEmail },
      { guid: verified.guid, fields: { intent: 'reset-password' }, status: 400, message: CONTACT_ACTION_MESSAGES.noLoginYet },
      { guid: verified.guid, fields: { intent: 'request-verification' }, status: 409, message: CONTACT_ACTION_MESSAGES.alreadyVerified },
      { guid: suspended.guid, fields: { intent: 'send-credentials' }, status: 409, message: CONTACT_ACTION_MESSAGES.accountLocked },
      { guid: suspended.guid, fields: { intent: 'reset-password', reply: 'json' }, status: 409, message: CONTACT_ACTION_MESSAGES.accountLocked },
      { guid: member.guid, fields: { intent: 'send-email', subject: '', message: 'Hello' }, status: 400, message: 'Please correct the highlighted fields.' },
      { guid: member.guid, fields: { intent: 'delete-everything' }, status: 400, message: CONTACT_ACTION_MESSAGES.unknownAction },
      { guid: member.guid, fields: {}, status: 400, message: CONTACT_ACTION_MESSAGES.unknownAction },
    ]
    const before = await snapshot(platform)
    for (const { guid, fields, status, message } of cases) {
      const outcome = await post(guid, fields)
      expect({ fields, status: outcome.status }).toEqual({ fields, status })
      expect(outcome.body).toMatchObject({ type: 'error', message })
    }
    expect(await snapshot(platform)).toBe(before)
  })

  it('checks the email form field by field: required, one line, not too long', async () => {
    const before = await snapshot(platform)
    const tooLong = await post(member.guid, { intent: 'send-email', subject: 'x'.repeat(201), message: 'y'.repeat(10_001) })
    expect(conformErrorsOf({ ...tooLong, body: (tooLong.body as { result: unknown }).result })).toEqual({
      subject: [CONTACT_EMAIL_MESSAGES.subjectTooLong],
      message: [CONTACT_EMAIL_MESSAGES.messageTooLong],
    })
    const blank = await post(member.guid, { intent: 'send-email', subject: 'Two\r\nBcc: someone@else.test', message: '   \n ' })
    expect(conformErrorsOf({ ...blank, body: (blank.body as { result: unknown }).result })).toEqual({
      subject: [CONTACT_EMAIL_MESSAGES.subjectOneLine],
      message: [CONTACT_EMAIL_MESSAGES.messageRequired],
    })
    expect(await snapshot(platform)).toBe(before)
  })

  it("another tenant's contact or a malformed id is a 404 for the page and every action; without the permission it is 403", async () => {
    const before = await snapshot(platform)
    for (const guid of [foreign.guid, 'not-a-guid', '00000000-0000-4000-8000-000000000000']) {
      expect((await open(guid)).status).toBe(404)
      for (const intent of ['send-credentials', 'reset-password', 'request-verification', 'activity-report', 'nonsense']) {
        expect({ guid, intent, status: (await post(guid, { intent })).status }).toEqual({ guid, intent, status: 404 })
      }
      expect((await post(guid, { intent: 'send-email', subject: '', message: '' })).status).toBe(404)
    }
    // Staff without 'show contacts list', and a student: 403; a visitor signs in.
    expect((await open(member.guid, world.cookies.staff)).status).toBe(403)
    expect((await post(member.guid, { intent: 'send-credentials' }, world.cookies.staff)).status).toBe(403)
    expect((await post(member.guid, { intent: 'send-email', subject: 'Hi', message: 'Hello' }, world.cookies.student)).status).toBe(403)
    expect((await post(member.guid, { intent: 'reset-password' }, '')).status).toBe(302)
    expect(await snapshot(platform)).toBe(before)
    // The admin always may.
    expect((await open(member.guid, world.cookies.admin)).status).toBe(200)
  })

  it('the page offers the confirmation of a sending action at its own address', async () => {
    const page = await open(member.guid, world.cookies.frontDesk, '?confirm=reset-password')
    expect(page.body).toMatchObject({ confirm: 'reset-password', contact: { guId: member.guid, email: 'member@cactions.test', hasLogin: true, isEmailVerified: false, fullName: 'Mo Member' } })
    expect((await open(member.guid, world.cookies.frontDesk, '?confirm=drop-table')).body).toMatchObject({ confirm: null })
  })

  it('limits how much mail one contact gets from staff', async () => {
    const person = await createContact(platform, world.tenant, { role: null, email: 'flooded@cactions.test' })
    for (let sent = 0; sent < 10; sent += 1) {
      expect((await post(person.guid, { intent: 'send-email', subject: `Note ${sent}`, message: 'Hello' })).status).toBe(302)
    }
    const before = await snapshot(platform)
    const refused = await post(person.guid, { intent: 'send-email', subject: 'One more', message: 'Hello' })
    expect(refused.status).toBe(429)
    expect((refused.body as { message: string }).message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/)
    expect(await snapshot(platform)).toBe(before)
  })

  it('makes the activity report PDF through the in-process job runtime, for this tenant only', async () => {
    const asked = await post(member.guid, { intent: 'activity-report' })
    expect(asked.status).toBe(302)
    expect(asked.location).toBe(`/contacts/${member.guid}/actions#activity-report`)
    expect(toastOf(asked)?.message).toBe(CONTACT_ACTION_MESSAGES.reportQueued)
    await platform.jobs.drain()
    const page = (await open(member.guid)).body as { report: { id: string; status: string } }
    expect(page.report.status).toBe('COMPLETE')
    const download = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${member.guid}/activity-report/${page.report.id}`, world.cookies.frontDesk), world.context(), {
      guId: member.guid,
      reportId: page.report.id,
    })
    expect(download.status).toBe(200)
    expect(download.headers.get('Content-Type')).toBe('application/pdf')
    expect(download.headers.get('Content-Disposition')).toContain(encodeURIComponent('Activity report - Mo Member.pdf'))
    const pdf = await PDFDocument.load(download.body as Uint8Array)
    expect(pdf.getTitle()).toBe('Activity report: Mo Member')

    // A double click while one is in progress makes one report; through a fetcher the answer names it.
    // The two posts go together, as a double click's do: posted one after the other, the first
    // report could be rendered before the second post, which rightly makes a new one.
    const [first, second] = await Promise.all([post(newbie.guid, { intent: 'activity-report', reply: 'json' }), post(newbie.guid, { intent: 'activity-report', reply: 'json' })])
    expect((first.body as { reportId: string }).reportId).toBe((second.body as { reportId: string }).reportId)
    await platform.jobs.drain()

    // Another tenant's admin, on their host, with the real ids: 404. So is another contact's guid.
    const otherAdmin = await createContact(platform, world.other, { role: 'ROLE_ADMIN', email: 'admin@cactions-other.test' })
    const otherCookie = await createSessionCookie(platform, world.other, otherAdmin)
    const stolen = await callRoute(reportLoader, getRequest(`http://cactions-other.localhost/contacts/${member.guid}/activity-report/${page.report.id}`, otherCookie), contextFor(platform, world.other), {
      guId: member.guid,
      reportId: page.report.id,
    })
    expect(stolen.status).toBe(404)
    const mismatched = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${newbie.guid}/activity-report/${page.report.id}`, world.cookies.frontDesk), world.context(), {
      guId: newbie.guid,
      reportId: page.report.id,
    })
    expect(mismatched.status).toBe(404)
    const malformed = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${member.guid}/activity-report/x`, world.cookies.frontDesk), world.context(), { guId: member.guid, reportId: 'x' })
    expect(malformed.status).toBe(404)
    const forbidden = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${member.guid}/activity-report/${page.report.id}`, world.cookies.staff), world.context(), {
      guId: member.guid,
      reportId: page.report.id,
    })
    expect(forbidden.status).toBe(403)
  })

  it('writes the activity report in the language of the staff member who asked, not the contact’s', async () => {
    const setLanguage = (contactId: string, language: string | null) =>
      asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('contacts').set({ language }).where('id', '=', contactId).execute())
    await setLanguage(world.frontDesk.id, 'tr')
    await setLanguage(verified.id, 'en')
    try {
      expect((await post(verified.guid, { intent: 'activity-report' })).status).toBe(302)
      await platform.jobs.drain()
      const page = (await open(verified.guid)).body as { report: { id: string; status: string } }
      expect(page.report.status).toBe('COMPLETE')
      const download = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${verified.guid}/activity-report/${page.report.id}`, world.cookies.frontDesk), world.context(), {
        guId: verified.guid,
        reportId: page.report.id,
      })
      expect(download.status).toBe(200)
      expect((await PDFDocument.load(download.body as Uint8Array)).getTitle()).toBe('Etkinlik raporu: Vera Verified')
    } finally {
      await setLanguage(world.frontDesk.id, null)
      await setLanguage(verified.id, null)
    }
  })

  it('shows a report whose job failed for good with its message, and refuses a payload of another tenant', async () => {
    const person = await createContact(platform, world.tenant, { role: null, email: 'broken@cactions.test' })
    const report = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('contact_activity_reports').values({ tenant_id: world.tenant.id, contact_id: person.id }).returning('id').executeTakeFirstOrThrow(),
    )
    // The file store refuses to write: the last attempt records the error.
    const failing = { ...platform, files: { ...platform.files, put: () => Promise.reject(new Error('disk full')) } }
    await expect(generateActivityReport(failing, { reportId: report.id, tenantId: world.tenant.id }, { attempt: 5, maxAttempts: 5, isLastAttempt: true })).rejects.toThrow('disk full')
    const page = (await open(person.guid)).body as { report: { status: string; error: string } }
    expect(page.report).toMatchObject({ status: 'ERROR', error: 'disk full' })
    await expect(generateActivityReport(platform, { reportId: report.id, tenantId: world.other.id }, { attempt: 1, maxAttempts: 5, isLastAttempt: false })).rejects.toThrow(/not found/)
  })
})

describe.skipIf(!redisUrl)(`the activity report on BullMQ (${engine}) — skipped: needs REDIS_URL`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  const prefix = `test-${randomBytes(6).toString('hex')}`

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'cactionsbull')
    queue = new BullJobQueue({ redisUrl, prefix })
    // The route queues on Redis, as the web server does with REDIS_URL set; a worker renders it.
    ;(platform as { jobs: unknown }).jobs = queue
    workers = startBullWorkers(platform, (await import('pino')).pino({ level: 'silent' }), { redisUrl, prefix })
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(contactActivityReportJob.name).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
  })

  it('completes through Redis and a worker, and the PDF downloads', async () => {
    const guid = world.student.guid
    const asked = await callRoute(actionsAction, formPostRequest(`http://${world.host}/contacts/${guid}/actions`, { intent: 'activity-report', reply: 'json' }, world.cookies.admin), world.context(), { guId: guid })
    const { reportId } = asked.body as { reportId: string }
    const load = () => callRoute(actionsLoader, getRequest(`http://${world.host}/contacts/${guid}/actions`, world.cookies.admin), world.context(), { guId: guid })
    await eventually(async () => ((await load()).body as { report: { status: string } }).report.status === 'COMPLETE')
    const download = await callRoute(reportLoader, getRequest(`http://${world.host}/contacts/${guid}/activity-report/${reportId}`, world.cookies.admin), world.context(), { guId: guid, reportId })
    expect(download.status).toBe(200)
    expect(Buffer.from(download.body as Uint8Array).subarray(0, 5).toString()).toBe('%PDF-')
  })
})
