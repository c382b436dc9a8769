import { action as forgotAction } from '#app/routes/_auth+/forgot-password'
import { action as loginAction } from '#app/routes/_auth+/login'
import { action as registerAction } from '#app/routes/_auth+/register'
import { action as resetAction, loader as resetLoader } from '#app/routes/_auth+/reset-password.$token'
import { getSessionUser } from '#app/utils/auth.server'
import { asSystem } from '#db/tenant-scope'
import { RESET_REQUESTED_MESSAGE } from '#server/auth/password-reset'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, cookieOf, formPostRequest, getRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`registration and password reset (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let branch: Tenant
  const host = 'http://reg.localhost'
  let ipCounter = 0
  // A fresh address per request: these tests are not about rate limits.
  const ctx = (tenant: Tenant | null) => ({ ...contextFor(platform, tenant), ip: `10.50.0.${++ipCounter % 250}` })

  beforeAll(async () => {
    platform = await createTestPlatform({ MASTER_ORG_ID: 'hq' })
    studio = await createTenant(platform, { orgId: 'reg', name: 'Reg Studio' })
    branch = await createTenant(platform, { orgId: 'reg-branch', name: 'Reg Branch' })
  })
  afterAll(() => platform.close())

  const outbox = (to: string) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('outbound_emails').selectAll().where('to_address', '=', to).orderBy('created_at').execute(),
    )

  it('registers a student on a tenant host, signs them in and lands them on /classes', async () => {
    const answer = await callRoute(
      registerAction,
      formPostRequest(`${host}/register`, { orgId: 'someone-else', name: 'Rita', lastName: 'Reg', email: 'Rita@Reg.test', password: 'rita password', franchiseId: '' }),
      ctx(studio),
    )
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/classes')
    const user = await getSessionUser(getRequest(`${host}/`, cookieOf(answer, '__session')), contextFor(platform, studio))
    expect(user).toMatchObject({ role: 'ROLE_STUDENT', firstName: 'Rita', lastName: 'Reg', tenantId: studio.id })
  })

  it('refuses a second account with the same email, and bad fields, with messages and no writes', async () => {
    const again = await callRoute(
      registerAction,
      formPostRequest(`${host}/register`, { name: 'Rita', lastName: 'Again', email: 'rita@reg.test', password: 'rita password' }),
      ctx(studio),
    )
    expect(again.status).toBe(400)
    expect(JSON.stringify(again.body)).toContain('An account with this email already exists.')
    const bad = await callRoute(registerAction, formPostRequest(`${host}/register`, { name: '', lastName: 'X', email: 'x@reg.test', password: 'short' }), ctx(studio))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('First name is required!')
    expect(JSON.stringify(bad.body)).toContain('Use at least 8 characters.')
    const rows = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select('last_name').where('email', 'in', ['x@reg.test', 'rita@reg.test']).execute(),
    )
    expect(rows.map((row) => row.last_name)).toEqual(['Reg'])
  })

  it('sends the master franchise id as empty and refuses another franchise id', async () => {
    const master = await callRoute(
      registerAction,
      formPostRequest(`${host}/register`, { name: 'M', lastName: 'F', email: 'mf@reg.test', password: 'good password', franchiseId: 'HQ' }),
      ctx(studio),
    )
    expect(master.status).toBe(302)
    const other = await callRoute(
      registerAction,
      formPostRequest(`${host}/register`, { name: 'O', lastName: 'F', email: 'of@reg.test', password: 'good password', franchiseId: 'reg-branch' }),
      ctx(studio),
    )
    expect(other.status).toBe(400)
    expect(JSON.stringify(other.body)).toContain('This registration link belongs to another organisation.')
  })

  it('registers on the bare platform host into the organisation typed in', async () => {
    const unknown = await callRoute(
      registerAction,
      formPostRequest('http://localhost/register', { orgId: 'nope', name: 'P', lastName: 'H', email: 'ph@reg.test', password: 'good password' }),
      ctx(null),
    )
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(unknown.body)).toContain('We could not find that organisation.')
    const known = await callRoute(
      registerAction,
      formPostRequest('http://localhost/register', { orgId: 'Reg-Branch', name: 'P', lastName: 'H', email: 'ph@reg.test', password: 'good password' }),
      ctx(null),
    )
    expect(known.status).toBe(302)
    expect(cookieOf(known, 'org')).toBe('org=reg-branch')
  })

  it('mails a single-use reset link that works for one hour, and answers the same for unknown emails', async () => {
    const student = await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'forgot@reg.test', password: 'old password' })
    const oldSession = await createSessionCookie(platform, studio, student)

    const unknown = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'nobody@reg.test' }), ctx(studio))
    const known = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'Forgot@reg.test' }), ctx(studio))
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(unknown.body).toMatchObject({ sent: true })
    expect(known.body).toMatchObject({ sent: true })
    expect(await outbox('nobody@reg.test')).toEqual([])

    await platform.jobs.drain()
    const [mail] = await outbox('forgot@reg.test')
    expect(mail?.subject).toBe('Reset your Reg Studio password')
    expect(mail?.tenant_id).toBe(studio.id)
    const link = /http:\/\/reg\.localhost\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')
    expect(link).not.toBeNull()
    const token = link?.[1] ?? ''

    const page = await callRoute(resetLoader, getRequest(`${host}/reset-password/${token}`), ctx(studio), { token })
    expect(page.body).toMatchObject({ usable: true })
    // Another tenant's host does not know the link.
    const elsewhere = await callRoute(resetLoader, getRequest(`http://reg-branch.localhost/reset-password/${token}`), ctx(branch), { token })
    expect(elsewhere.body).toMatchObject({ usable: false })

    const mismatch = await callRoute(resetAction, formPostRequest(`${host}/reset-password/${token}`, { password: 'new password 1', confirmPassword: 'other' }), ctx(studio), { token })
    expect(mismatch.status).toBe(400)
    expect(JSON.stringify(mismatch.body)).toContain('The passwords do not match.')

    const changed = await callRoute(resetAction, formPostRequest(`${host}/reset-password/${token}`, { password: 'new password 1', confirmPassword: 'new password 1' }), ctx(studio), { token })
    expect(changed.status).toBe(302)
    expect(changed.location).toBe('/login?passwordChanged=1')
    expect(await getSessionUser(getRequest(`${host}/`, oldSession), contextFor(platform, studio))).toBeNull()

    const reused = await callRoute(resetAction, formPostRequest(`${host}/reset-password/${token}`, { password: 'new password 2', confirmPassword: 'new password 2' }), ctx(studio), { token })
    expect(reused.status).toBe(400)
    expect(JSON.stringify(reused.body)).toContain('This link has expired or has already been used.')

    const signIn = (password: string) => callRoute(loginAction, formPostRequest(`${host}/login`, { intent: 'login', email: 'forgot@reg.test', password }), ctx(studio))
    expect((await signIn('old password')).status).toBe(400)
    expect((await signIn('new password 1')).status).toBe(302)
  })

  it('refuses a link older than an hour', async () => {
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'late@reg.test', password: 'old password' })
    await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'late@reg.test' }), ctx(studio))
    const [mail] = await outbox('late@reg.test')
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1] ?? ''
    await asSystem(platform.database, 'test: age the link', (trx) =>
      trx.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute(),
    )
    const page = await callRoute(resetLoader, getRequest(`${host}/reset-password/${token}`), ctx(studio), { token })
    expect(page.body).toMatchObject({ usable: false })
    const answer = await callRoute(resetAction, formPostRequest(`${host}/reset-password/${token}`, { password: 'new password 1', confirmPassword: 'new password 1' }), ctx(studio), { token })
    expect(answer.status).toBe(400)
  })

  it('on the platform host mails a link for each organisation, on that organisation’s own address', async () => {
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'twice@reg.test' })
    await createContact(platform, branch, { role: null, email: 'twice@reg.test' })
    const answer = await callRoute(forgotAction, formPostRequest('http://localhost:4000/forgot-password', { email: 'twice@reg.test' }), ctx(null))
    expect(answer.body).toMatchObject({ sent: true })
    const mails = await outbox('twice@reg.test')
    const links = mails.map((mail) => /(http:\/\/[^/]+)\/reset-password\//.exec(mail.text_body)?.[1]).sort()
    expect(links).toEqual(['http://reg-branch.localhost:4000', 'http://reg.localhost:4000'])

    // A contact without a role becomes a student by resetting: owning the mailbox is the proof.
    const branchMail = mails.find((mail) => mail.tenant_id === branch.id)
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(branchMail?.text_body ?? '')?.[1] ?? ''
    const changed = await callRoute(resetAction, formPostRequest('http://reg-branch.localhost/x', { password: 'branch password', confirmPassword: 'branch password' }), ctx(branch), { token })
    expect(changed.status).toBe(302)
    const signIn = await callRoute(loginAction, formPostRequest('http://reg-branch.localhost/login', { intent: 'login', email: 'twice@reg.test', password: 'branch password' }), ctx(branch))
    expect(signIn.location).toBe('/classes')
  })

  it('shows the same answer text for every request', () => {
    expect(RESET_REQUESTED_MESSAGE).toBe(
      'If an account exists for that email, we have sent it a link to reset your password. The link works for one hour.',
    )
  })
})
