import { action as refreshAction, loader as refreshLoader } from '#app/routes/_session+/session.refresh'
import { getSessionUser } from '#app/utils/auth.server'
import { asSystem } from '#db/tenant-scope'
import { startSession } from '#server/auth/start-session'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`session idle time-out and refresh (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  let student: { id: string }
  const host = 'http://refresh.localhost'
  const minutes = (n: number) => n * 60_000

  beforeAll(async () => {
    platform = await createTestPlatform({ SESSION_IDLE_MINUTES: '15', SESSION_REFRESH_BUFFER_MINUTES: '15' })
    tenant = await createTenant(platform, { orgId: 'refresh' })
    other = await createTenant(platform, { orgId: 'refresh-other' })
    student = await createContact(platform, tenant, { role: 'ROLE_STUDENT', email: 'idle@refresh.test' })
  })
  afterAll(() => platform.close())

  const refresh = (cookie: string | null, on: Tenant = tenant) => callRoute(refreshAction, formPostRequest(`${host}/session/refresh`, {}, cookie), contextFor(platform, on))

  it('renews a live session for another idle period', async () => {
    const cookie = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() + minutes(2)) })
    const answer = await refresh(cookie)
    expect(answer.status).toBe(200)
    const expiresAt = Date.parse((answer.body as { expiresAt: string }).expiresAt)
    expect(expiresAt).toBeGreaterThan(Date.now() + minutes(14))
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + minutes(15) + 1000)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
  })

  it('after the idle time-out pages need a new sign-in, but Continue can still renew within the buffer', async () => {
    const cookie = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - minutes(5)) })
    expect(await getSessionUser(getRequest(`${host}/classes`, cookie), contextFor(platform, tenant))).toBeNull()
    const answer = await refresh(cookie)
    expect(answer.status).toBe(200)
    expect(await getSessionUser(getRequest(`${host}/classes`, cookie), contextFor(platform, tenant))).not.toBeNull()
  })

  it('refuses to renew once the buffer has passed too, and forgets the session', async () => {
    const cookie = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - minutes(16)) })
    const answer = await refresh(cookie)
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ expired: true })
    expect(answer.setCookies).toContain('__session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0')
    const left = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('sessions').select('id').where('contact_id', '=', student.id).where('expires_at', '<', new Date(Date.now() - minutes(15))).execute(),
    )
    expect(left).toEqual([])
  })

  it('does not renew a session on another tenant’s host, a locked account, or no cookie at all', async () => {
    const cookie = await createSessionCookie(platform, tenant, student)
    expect((await refresh(cookie, other)).status).toBe(401)
    expect((await refresh(null)).status).toBe(401)
    const locked = await createContact(platform, tenant, { role: 'ROLE_STUDENT', email: 'locked@refresh.test', isAccountLocked: true })
    const lockedCookie = await createSessionCookie(platform, tenant, locked)
    expect((await refresh(lockedCookie)).status).toBe(401)
  })

  it('slides the idle time-out on use without JavaScript, at most once a minute', async () => {
    const cookie = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() + minutes(3)) })
    const token = cookie.split('=')[1] ?? ''
    const { hashToken } = await import('#server/auth/session-token')
    await asSystem(platform.database, 'test: last seen two minutes ago', (trx) =>
      trx.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - minutes(2)) }).where('token_hash', '=', hashToken(token)).execute(),
    )
    const user = await getSessionUser(getRequest(`${host}/classes`, cookie), contextFor(platform, tenant))
    expect(Date.parse(user?.expiresAt ?? '')).toBeGreaterThan(Date.now() + minutes(14))
  })

  it('answers with real Responses, so the status and cookie survive single fetch', async () => {
    const cookie = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - minutes(16)) })
    const answer = await refreshAction({ request: formPostRequest(`${host}/session/refresh`, {}, cookie), context: contextFor(platform, tenant), params: {} })
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(401)
    expect((answer as Response).headers.get('Set-Cookie')).toContain('Max-Age=0')
  })

  it('answers a GET with 405', async () => {
    const answer = await callRoute(refreshLoader, getRequest(`${host}/session/refresh`), contextFor(platform, tenant))
    expect(answer.status).toBe(405)
  })

  it("a sign-in clears the tenant's sessions that expired more than a day ago, and only those", async () => {
    const sessions = (on: Tenant) =>
      asSystem(platform.database, 'test check', (trx) => trx.selectFrom('sessions').select('expires_at').where('tenant_id', '=', on.id).execute())
    const otherStudent = await createContact(platform, other, { role: 'ROLE_STUDENT', email: 'idle@other.test' })
    await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - minutes(3 * 24 * 60)) })
    await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - minutes(60)) })
    await createSessionCookie(platform, other, otherStudent, { expiresAt: new Date(Date.now() - minutes(3 * 24 * 60)) })
    const before = (await sessions(tenant)).length

    await startSession(platform, { tenantId: tenant.id, contactId: student.id, method: 'password', rememberMe: false, ip: null, userAgent: null, previousToken: null })

    const after = await sessions(tenant)
    expect(after).toHaveLength(before) // one long-dead removed, one new
    expect(after.every((row) => new Date(row.expires_at).getTime() > Date.now() - minutes(24 * 60))).toBe(true)
    expect(await sessions(other)).toHaveLength(1)
  })
})
