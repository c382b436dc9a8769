import { action as loginAction, loader as loginLoader } from '#app/routes/_auth+/login'
import { action as logoutAction } from '#app/routes/_auth+/logout'
import { getSessionUser } from '#app/utils/auth.server'
import { asSystem } from '#db/tenant-scope'
import { hashToken } from '#server/auth/session-token'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, cookieOf, formPostRequest, getRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const PASSWORD = 'correct horse battery'

describe(`sign-in at /login (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let other: Tenant
  const host = 'http://studio.localhost'

  beforeAll(async () => {
    platform = await createTestPlatform()
    studio = await createTenant(platform, { orgId: 'studio', name: 'Studio One' })
    other = await createTenant(platform, { orgId: 'annex', name: 'Annex Two' })
    for (const role of ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'] as const) {
      await createContact(platform, studio, { role, email: `${role.slice(5).toLowerCase()}@studio.test`, password: PASSWORD })
    }
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'locked@studio.test', password: PASSWORD, isAccountLocked: true })
    await createContact(platform, studio, { role: null, email: 'lead@studio.test', password: PASSWORD })
    // The same person in two organisations, same password; a third one with another password.
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'both@orgs.test', password: PASSWORD })
    await createContact(platform, other, { role: 'ROLE_STAFF', email: 'Both@Orgs.test', password: PASSWORD })
  })
  afterAll(() => platform.close())

  const login = (fields: Record<string, string>, options: { tenant?: Tenant | null; cookie?: string | null; url?: string } = {}) => {
    const tenant = options.tenant === undefined ? studio : options.tenant
    return callRoute(loginAction, formPostRequest(options.url ?? `${host}/login`, { intent: 'login', ...fields }, options.cookie), contextFor(platform, tenant))
  }

  it.each([
    ['admin@studio.test', '/dashboard'],
    ['staff@studio.test', '/calendar'],
    ['frontdesk@studio.test', '/calendar'],
    ['student@studio.test', '/classes'],
  ])('%s lands on %s with a new httpOnly, SameSite=Lax session cookie', async (email, landing) => {
    const answer = await login({ email, password: PASSWORD })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(landing)
    const line = answer.setCookies.find((value) => value.startsWith('__session='))
    expect(line).toMatch(/^__session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/)
    const cookie = cookieOf(answer, '__session')
    const user = await getSessionUser(getRequest(`${host}/`, cookie), contextFor(platform, studio))
    expect(user?.email).toBe(email)
    expect(user?.lastLoginAt).not.toBeNull()
  })

  it('stores only the hash of the session token and writes the login to the audit log', async () => {
    const answer = await login({ email: 'admin@studio.test', password: PASSWORD })
    const token = (cookieOf(answer, '__session') ?? '').split('=')[1] ?? ''
    const rows = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('sessions').select(['token_hash', 'tenant_id']).where('token_hash', 'in', [token, hashToken(token)]).execute(),
    )
    expect(rows).toEqual([{ token_hash: hashToken(token), tenant_id: studio.id }])
    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['action', 'details']).where('tenant_id', '=', studio.id).where('action', '=', 'auth.login').execute(),
    )
    expect(audit.length).toBeGreaterThan(0)
    expect(audit[0]?.details).toMatchObject({ method: 'password' })
  })

  it('honours a safe redirectTo and ignores one that leaves the site', async () => {
    const safe = await login({ email: 'admin@studio.test', password: PASSWORD, redirectTo: '/contacts?page=2' })
    expect(safe.location).toBe('/contacts?page=2')
    for (const unsafe of ['//evil.test/x', 'https://evil.test', '/\\evil.test', '/login']) {
      const answer = await login({ email: 'admin@studio.test', password: PASSWORD, redirectTo: unsafe })
      expect(answer.location).toBe('/dashboard')
    }
    // A student sent to a back-office page lands on the student portal instead.
    const student = await login({ email: 'student@studio.test', password: PASSWORD, redirectTo: '/dashboard' })
    expect(student.location).toBe('/classes')
  })

  it('rotates the session at login: the cookie the browser came with stops working', async () => {
    const admin = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.selectFrom('contacts').select('id').where('email', '=', 'admin@studio.test').executeTakeFirstOrThrow(),
    )
    const before = await createSessionCookie(platform, studio, admin)
    const answer = await login({ email: 'admin@studio.test', password: PASSWORD }, { cookie: before })
    const after = cookieOf(answer, '__session')
    expect(after).not.toBe(before)
    expect(await getSessionUser(getRequest(`${host}/`, before), contextFor(platform, studio))).toBeNull()
    expect(await getSessionUser(getRequest(`${host}/`, after), contextFor(platform, studio))).not.toBeNull()
  })

  it('refuses a wrong password and an unknown email with the same message and no session', async () => {
    const wrong = await login({ email: 'admin@studio.test', password: 'not the password' })
    const unknown = await login({ email: 'nobody@studio.test', password: 'not the password' })
    const plainContact = await login({ email: 'lead@studio.test', password: PASSWORD })
    for (const answer of [wrong, unknown, plainContact]) {
      expect(answer.status).toBe(400)
      expect(answer.setCookies.filter((line) => line.startsWith('__session='))).toEqual([])
      expect(JSON.stringify(answer.body)).toContain('We could not sign you in with that email and password.')
      expect(JSON.stringify(answer.body)).not.toContain('not the password')
    }
  })

  it('gives a suspended account a clear message and no session', async () => {
    const answer = await login({ email: 'locked@studio.test', password: PASSWORD })
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('Your account is locked. Please contact the organisation to unlock it.')
    expect(answer.setCookies.some((line) => line.startsWith('__session='))).toBe(false)
  })

  it('answers an incomplete form with field messages, never a server error', async () => {
    const answer = await login({ email: 'not-an-email', password: '' })
    expect(answer.status).toBe(400)
    const body = JSON.stringify(answer.body)
    expect(body).toContain('Enter a valid email address.')
    expect(body).toContain('Password is required!')
  })

  it('on the bare platform host asks which organisation when the email is in several', async () => {
    const first = await login({ email: 'both@orgs.test', password: PASSWORD }, { tenant: null, url: 'http://localhost/login' })
    expect(first.status).toBe(200)
    const body = first.body as { kind: string; ticket: string; orgs: { tenantId: string; name: string }[] }
    expect(body.kind).toBe('choose-org')
    expect(body.orgs.map((org) => org.name)).toEqual(['Annex Two', 'Studio One'])

    const tampered = await callRoute(
      loginAction,
      formPostRequest('http://localhost/login', { intent: 'select-org', ticket: `${body.ticket}x`, tenantId: other.id }),
      contextFor(platform, null),
    )
    expect(tampered.status).toBe(400)
    expect(JSON.stringify(tampered.body)).toContain('That sign-in has expired. Please sign in again.')

    // Submitted with no organisation chosen (no JavaScript, radios skipped): the same choice
    // again with a clear message, never a 500 or a silent reload.
    const emptyChoices: Record<string, string>[] = [
      { intent: 'select-org', ticket: body.ticket },
      { intent: 'select-org', ticket: body.ticket, tenantId: '' },
    ]
    for (const fields of emptyChoices) {
      const empty = await callRoute(loginAction, formPostRequest('http://localhost/login', fields), contextFor(platform, null))
      expect(empty.status).toBe(400)
      expect(empty.body).toMatchObject({ kind: 'choose-org', ticket: body.ticket, error: 'Select the organisation to login to, then Submit.' })
      expect((empty.body as typeof body).orgs.map((org) => org.name).sort()).toEqual(['Annex Two', 'Studio One'])
    }
    const emptyExpired = await callRoute(loginAction, formPostRequest('http://localhost/login', { intent: 'select-org' }), contextFor(platform, null))
    expect(emptyExpired.status).toBe(400)
    expect(JSON.stringify(emptyExpired.body)).toContain('That sign-in has expired. Please sign in again.')

    const notOffered = await createTenant(platform, { orgId: 'third' })
    const wrongOrg = await callRoute(
      loginAction,
      formPostRequest('http://localhost/login', { intent: 'select-org', ticket: body.ticket, tenantId: notOffered.id }),
      contextFor(platform, null),
    )
    expect(wrongOrg.status).toBe(400)

    const chosen = await callRoute(
      loginAction,
      formPostRequest('http://localhost/login', { intent: 'select-org', ticket: body.ticket, tenantId: other.id }),
      contextFor(platform, null),
    )
    expect(chosen.status).toBe(302)
    expect(chosen.location).toBe('/calendar')
    expect(cookieOf(chosen, 'org')).toBe('org=annex')
    const cookie = cookieOf(chosen, '__session')
    expect((await getSessionUser(getRequest('http://localhost/', cookie), contextFor(platform, other)))?.role).toBe('ROLE_STAFF')
    expect(await getSessionUser(getRequest('http://localhost/', cookie), contextFor(platform, studio))).toBeNull()
  })

  it('on the platform host signs straight in when only one organisation matches the password', async () => {
    const answer = await login({ email: 'admin@studio.test', password: PASSWORD }, { tenant: null, url: 'http://localhost/login' })
    expect(answer.status).toBe(302)
    expect(cookieOf(answer, 'org')).toBe('org=studio')
  })

  it('remembers the email when asked, and sends a signed-in visitor of /login to their landing page', async () => {
    const answer = await login({ email: 'admin@studio.test', password: PASSWORD, rememberMe: 'on' })
    expect(answer.setCookies.find((line) => line.startsWith('__session='))).toMatch(/Max-Age=\d+/)
    // Sealed, not in clear, and kept for 90 days rather than a year (docs/decisions/053).
    const remembered = cookieOf(answer, 'remember-email')
    expect(remembered).toMatch(/^remember-email=v1\.[A-Za-z0-9_.-]+$/)
    expect(remembered).not.toMatch(/admin|studio|%40/)
    expect(answer.setCookies.find((line) => line.startsWith('remember-email='))).toContain(`Max-Age=${90 * 24 * 60 * 60}`)
    // A value written by hand is not offered back.
    const forged = await callRoute(loginLoader, getRequest(`${host}/login`, 'remember-email=victim%40studio.test'), contextFor(platform, studio))
    expect((forged.body as { rememberedEmail: string | null }).rememberedEmail).toBeNull()
    const page = await callRoute(loginLoader, getRequest(`${host}/login`, remembered), contextFor(platform, studio))
    expect((page.body as { rememberedEmail: string }).rememberedEmail).toBe('admin@studio.test')
    const signedIn = await callRoute(loginLoader, getRequest(`${host}/login`, cookieOf(answer, '__session')), contextFor(platform, studio))
    expect(signedIn.location).toBe('/dashboard')
  })

  it('logout ends the stored session and clears the cookie', async () => {
    const answer = await login({ email: 'student@studio.test', password: PASSWORD })
    const cookie = cookieOf(answer, '__session')
    const out = await callRoute(logoutAction, formPostRequest(`${host}/logout`, {}, cookie), contextFor(platform, studio))
    expect(out.status).toBe(302)
    expect(out.setCookies).toContain('__session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0')
    expect(await getSessionUser(getRequest(`${host}/`, cookie), contextFor(platform, studio))).toBeNull()
    // Logging out twice (an old tab) still answers cleanly.
    const again = await callRoute(logoutAction, formPostRequest(`${host}/logout`, {}, cookie), contextFor(platform, studio))
    expect(again.status).toBe(302)
  })

  it('marks the cookie Secure in production', async () => {
    const production = await createTestPlatform({ NODE_ENV: 'production' })
    try {
      const tenant = await createTenant(production, { orgId: 'prod' })
      await createContact(production, tenant, { role: 'ROLE_ADMIN', email: 'admin@prod.test', password: PASSWORD })
      const answer = await callRoute(
        loginAction,
        formPostRequest('https://prod.example.com/login', { intent: 'login', email: 'admin@prod.test', password: PASSWORD }),
        contextFor(production, tenant),
      )
      expect(answer.setCookies.find((line) => line.startsWith('__session='))).toMatch(/; Secure$/)
    } finally {
      await production.close()
    }
  })
})
