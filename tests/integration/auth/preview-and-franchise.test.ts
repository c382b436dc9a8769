import { loader as enterLoader } from '#app/routes/_session+/franchise.enter'
import { action as masterViewAction } from '#app/routes/_session+/franchise.master-view'
import { action as switchAction } from '#app/routes/_session+/franchise.switch'
import { action as asContactAction } from '#app/routes/_session+/preview.as-contact'
import { action as endAction } from '#app/routes/_session+/preview.end'
import { action as studentAction } from '#app/routes/_session+/preview.student'
import { action as webAction } from '#app/routes/_session+/preview.web'
import { getSessionUser } from '#app/utils/auth.server'
import { endPreviewAndRedirect } from '#app/utils/session.server'
import { asSystem, withTenant } from '#db/tenant-scope'
import { resetPassword } from '#server/auth/password-reset'
import { createOpaqueToken, hashToken } from '#server/auth/session-token'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, cookieOf, formPostRequest, getRequest, readOutcome, type RouteOutcome } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`preview modes and franchise switching (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let child: Tenant
  let stranger: Tenant
  let admin: { id: string }
  let staff: { id: string; guid: string }
  let student: { id: string; guid: string }
  let strangerStudent: { id: string; guid: string }
  const masterHost = 'http://hq.localhost:3999'

  beforeAll(async () => {
    platform = await createTestPlatform()
    master = await createTenant(platform, { orgId: 'hq', name: 'HQ Studio', isMasterFranchise: true })
    child = await createTenant(platform, { orgId: 'hq-north', name: 'HQ North', parentTenantId: master.id })
    stranger = await createTenant(platform, { orgId: 'elsewhere', name: 'Elsewhere' })
    admin = await createContact(platform, master, { role: 'ROLE_ADMIN', email: 'admin@hq.test', firstName: 'Ada' })
    staff = await createContact(platform, master, { role: 'ROLE_STAFF', email: 'staff@hq.test' })
    student = await createContact(platform, master, { role: 'ROLE_STUDENT', email: 'student@hq.test', firstName: 'Stu' })
    strangerStudent = await createContact(platform, stranger, { role: 'ROLE_STUDENT', email: 'student@elsewhere.test' })
  })
  afterAll(() => platform.close())

  const userOf = (cookie: string | null, tenant: Tenant) => getSessionUser(getRequest(`${masterHost}/x`, cookie), contextFor(platform, tenant))
  const sessionOf = (answer: RouteOutcome) => cookieOf(answer, '__session')
  const auditActions = async (tenant: Tenant) =>
    (
      await asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('audit_log').select('action').where('tenant_id', '=', tenant.id).orderBy('id').execute(),
      )
    ).map((row) => row.action)

  it('Web Preview keeps the staff identity, rotates the token, and Admin View goes back to /dashboard', async () => {
    const cookie = await createSessionCookie(platform, master, staff)
    const started = await callRoute(webAction, formPostRequest(`${masterHost}/preview/web`, {}, cookie), contextFor(platform, master))
    expect(started.status).toBe(302)
    expect(started.location).toBe('/')
    const previewing = sessionOf(started)
    expect(previewing).not.toBe(cookie)
    // A request already in flight with the old cookie lands on the same, now previewing, session...
    expect(await userOf(cookie, master)).toMatchObject({ contactId: staff.id, isPreviewMode: true })
    // ...for a few seconds only.
    await asSystem(platform.database, 'test: let the rotation grace pass', (trx) =>
      trx.updateTable('sessions').set({ previous_valid_until: new Date(Date.now() - 1000) }).where('tenant_id', '=', master.id).execute(),
    )
    expect(await userOf(cookie, master)).toBeNull()
    expect(await userOf(previewing, master)).toMatchObject({ contactId: staff.id, role: 'ROLE_STAFF', isPreviewMode: true, isStudentPreview: false })

    // Browser back into the back office: the shell ends the preview and returns to /dashboard.
    const back = await readOutcome(await endPreviewAndRedirect(getRequest(`${masterHost}/contacts`, previewing), contextFor(platform, master), '/dashboard'))
    expect(back.location).toBe('/dashboard')
    const restored = cookieOf(back, '__session')
    expect(await userOf(restored, master)).toMatchObject({ contactId: staff.id, isPreviewMode: false })
    // The back navigation raced a second request with the preview cookie: it is not signed out,
    // it sees the preview already ended and goes on to the page.
    expect(await userOf(previewing, master)).toMatchObject({ contactId: staff.id, isPreviewMode: false })
    const raced = await readOutcome(await endPreviewAndRedirect(getRequest(`${masterHost}/contacts`, previewing), contextFor(platform, master), '/dashboard'))
    expect(raced.location).toBe('/dashboard')
    expect(raced.setCookies).toEqual([])
  })

  it('Student Preview shows the portal as a student until Admin View restores the staff session', async () => {
    const cookie = await createSessionCookie(platform, master, admin)
    const started = await callRoute(studentAction, formPostRequest(`${masterHost}/preview/student`, {}, cookie), contextFor(platform, master))
    expect(started.location).toBe('/classes')
    const previewing = sessionOf(started)
    expect(await userOf(previewing, master)).toMatchObject({ contactId: admin.id, role: 'ROLE_STUDENT', isStudentPreview: true, previewedByContactId: admin.id })
    // A student session cannot start another preview.
    const nested = await callRoute(webAction, formPostRequest(`${masterHost}/preview/web`, {}, previewing), contextFor(platform, master))
    expect(nested.status).toBe(403)

    const ended = await callRoute(endAction, formPostRequest(`${masterHost}/preview/end`, {}, previewing), contextFor(platform, master))
    expect(ended.location).toBe('/dashboard')
    expect(await userOf(sessionOf(ended), master)).toMatchObject({ contactId: admin.id, role: 'ROLE_ADMIN', isStudentPreview: false })
    // The preview cookie, for its few seconds of grace, finds the restored session, never the preview.
    expect(await userOf(previewing, master)).toMatchObject({ contactId: admin.id, isStudentPreview: false })
  })

  it('previews as a chosen student (admins only), audits it, and restores the admin', async () => {
    const staffCookie = await createSessionCookie(platform, master, staff)
    const notAdmin = await callRoute(asContactAction, formPostRequest(`${masterHost}/preview/as-contact`, { contactId: student.guid }, staffCookie), contextFor(platform, master))
    expect(notAdmin.status).toBe(403)

    const cookie = await createSessionCookie(platform, master, admin)
    const otherTenants = await callRoute(asContactAction, formPostRequest(`${masterHost}/preview/as-contact`, { contactId: strangerStudent.guid }, cookie), contextFor(platform, master))
    expect(otherTenants.status).toBe(404)
    const garbage = await callRoute(asContactAction, formPostRequest(`${masterHost}/preview/as-contact`, { contactId: 'not-an-id' }, cookie), contextFor(platform, master))
    expect(garbage.status).toBe(404)
    const staffTarget = await callRoute(asContactAction, formPostRequest(`${masterHost}/preview/as-contact`, { contactId: staff.guid }, cookie), contextFor(platform, master))
    expect(staffTarget.status).toBe(302)
    expect(staffTarget.location).toBe('/dashboard')
    expect(staffTarget.setCookies.some((line) => line.startsWith('toast='))).toBe(true)

    const started = await callRoute(asContactAction, formPostRequest(`${masterHost}/preview/as-contact`, { contactId: student.guid }, cookie), contextFor(platform, master))
    expect(started.location).toBe('/classes')
    const previewing = sessionOf(started)
    expect(await userOf(previewing, master)).toMatchObject({
      contactId: student.id,
      firstName: 'Stu',
      role: 'ROLE_STUDENT',
      isStudentPreview: true,
      previewedByContactId: admin.id,
    })
    const ended = await callRoute(endAction, formPostRequest(`${masterHost}/preview/end`, {}, previewing), contextFor(platform, master))
    expect(await userOf(sessionOf(ended), master)).toMatchObject({ contactId: admin.id, role: 'ROLE_ADMIN' })
    expect(await auditActions(master)).toEqual(expect.arrayContaining(['preview.as_contact', 'preview.end']))
  })

  it('switches a master franchise admin into a child and back with Master View', async () => {
    const cookie = await createSessionCookie(platform, master, admin)
    const switched = await callRoute(switchAction, formPostRequest(`${masterHost}/franchise/switch`, { tenantId: child.id }, cookie), contextFor(platform, master))
    expect(switched.status).toBe(200)
    const { enterUrl } = switched.body as { enterUrl: string }
    expect(enterUrl).toMatch(/^http:\/\/hq-north\.localhost:3999\/franchise\/enter\?code=[A-Za-z0-9_-]{43}$/)
    const code = new URL(enterUrl).searchParams.get('code') ?? ''

    // The one-time code is not a session cookie, on the child or anywhere else.
    expect(await userOf(`__session=${code}`, child)).toBeNull()
    // Redeemed on another tenant's host it finds nothing.
    const wrongHost = await callRoute(enterLoader, getRequest(`http://elsewhere.localhost/franchise/enter?code=${code}`), contextFor(platform, stranger))
    expect(wrongHost.location).toBe('/login')

    const entered = await callRoute(enterLoader, getRequest(`http://hq-north.localhost:3999/franchise/enter?code=${code}`), contextFor(platform, child))
    expect(entered.location).toBe('/dashboard')
    const childSession = sessionOf(entered)
    expect(await userOf(childSession, child)).toMatchObject({
      contactId: admin.id,
      tenantId: child.id,
      role: 'ROLE_ADMIN',
      isFranchiseMode: true,
      firstName: 'Ada',
    })
    // The child's session means nothing on the master's host, and the master's stays signed in.
    expect(await userOf(childSession, master)).toBeNull()
    expect(await userOf(cookie, master)).toMatchObject({ isFranchiseMode: false })
    // Single use.
    const again = await callRoute(enterLoader, getRequest(`http://hq-north.localhost:3999/franchise/enter?code=${code}`), contextFor(platform, child))
    expect(again.location).toBe('/login')

    const back = await callRoute(masterViewAction, formPostRequest('http://hq-north.localhost:3999/franchise/master-view', {}, childSession), contextFor(platform, child))
    expect(back.body).toEqual({ href: 'http://hq.localhost:3999/dashboard' })
    expect(back.setCookies).toContain('__session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0')
    expect(await userOf(childSession, child)).toBeNull()
    expect(await auditActions(master)).toContain('franchise.switch')
    expect(await auditActions(child)).toEqual(expect.arrayContaining(['franchise.enter', 'franchise.master_view']))
  })

  it('a password reset on the master ends the sessions that person opened in its franchises', async () => {
    const cookie = await createSessionCookie(platform, master, admin)
    const switched = await callRoute(switchAction, formPostRequest(`${masterHost}/franchise/switch`, { tenantId: child.id }, cookie), contextFor(platform, master))
    const code = new URL((switched.body as { enterUrl: string }).enterUrl).searchParams.get('code') ?? ''
    const entered = await callRoute(enterLoader, getRequest(`http://hq-north.localhost:3999/franchise/enter?code=${code}`), contextFor(platform, child))
    const childSession = sessionOf(entered)
    expect(await userOf(childSession, child)).toMatchObject({ contactId: admin.id, isFranchiseMode: true })

    const token = createOpaqueToken()
    await withTenant(platform.database, master.id, (trx) =>
      trx
        .insertInto('password_reset_tokens')
        .values({ tenant_id: master.id, contact_id: admin.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 60_000) })
        .execute(),
    )
    await expect(resetPassword(platform, { tenant: master, token, password: 'a brand new password', ip: null })).resolves.toBe('changed')
    expect(await userOf(cookie, master)).toBeNull()
    expect(await userOf(childSession, child)).toBeNull()
  })

  it('only lets a master franchise switch, and only into its own children', async () => {
    const cookie = await createSessionCookie(platform, master, admin)
    const notChild = await callRoute(switchAction, formPostRequest(`${masterHost}/franchise/switch`, { tenantId: stranger.id }, cookie), contextFor(platform, master))
    expect(notChild.status).toBe(404)
    const studentCookie = await createSessionCookie(platform, master, student)
    const asStudent = await callRoute(switchAction, formPostRequest(`${masterHost}/franchise/switch`, { tenantId: child.id }, studentCookie), contextFor(platform, master))
    expect(asStudent.status).toBe(403)

    const strangerAdmin = await createContact(platform, stranger, { role: 'ROLE_ADMIN', email: 'admin@elsewhere.test' })
    const strangerCookie = await createSessionCookie(platform, stranger, strangerAdmin)
    const notMaster = await callRoute(switchAction, formPostRequest('http://elsewhere.localhost/franchise/switch', { tenantId: child.id }, strangerCookie), contextFor(platform, stranger))
    expect(notMaster.status).toBe(302)
    expect(notMaster.location).toBe('/dashboard')
  })

  it('ends a switched session once the child is no longer the master’s', async () => {
    const cookie = await createSessionCookie(platform, master, admin)
    const switched = await callRoute(switchAction, formPostRequest(`${masterHost}/franchise/switch`, { tenantId: child.id }, cookie), contextFor(platform, master))
    const code = new URL((switched.body as { enterUrl: string }).enterUrl).searchParams.get('code') ?? ''
    const entered = await callRoute(enterLoader, getRequest(`http://hq-north.localhost/franchise/enter?code=${code}`), contextFor(platform, child))
    const childSession = sessionOf(entered)
    expect(await userOf(childSession, child)).not.toBeNull()
    await asSystem(platform.database, 'test: unlink the franchise', (trx) =>
      trx.updateTable('tenants').set({ parent_tenant_id: null }).where('id', '=', child.id).execute(),
    )
    platform.tenants.invalidate(child.id)
    const unlinked = await platform.tenants.findById(child.id)
    expect(unlinked?.parentTenantId).toBeNull()
    expect(await userOf(childSession, unlinked ?? child)).toBeNull()
  })
})
