import type { AppLoadContext } from '@remix-run/node'
import {
  getSessionUser,
  requireAdmin,
  requirePermission,
  requireStaff,
  requireStudent,
  requireUser,
} from '#app/utils/auth.server'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type Guard = (request: Request, context: AppLoadContext) => Promise<unknown>

/** What a guard does: passes, redirects (with Location) or answers with a status. */
async function outcome(guard: Guard, request: Request, context: AppLoadContext): Promise<string> {
  try {
    await guard(request, context)
    return 'pass'
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    if (thrown.status >= 300 && thrown.status < 400) return `redirect ${thrown.headers.get('Location')}`
    return `status ${thrown.status}`
  }
}

describe(`session guards (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  const cookies: Record<string, string> = {}

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, {
      orgId: 'guards',
      settings: { roles: { contacts: { staff: false, frontDesk: true }, offers: { staff: true, frontDesk: false } } },
    })
    other = await createTenant(platform, { orgId: 'guards-other' })
    for (const role of ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'] as const) {
      const contact = await createContact(platform, tenant, { role, email: `${role.toLowerCase()}@guards.test` })
      cookies[role] = await createSessionCookie(platform, tenant, contact)
    }
  })
  afterAll(() => platform.close())

  const request = (cookie: string | null, path = '/settings/roles?tab=2') =>
    new Request(`http://guards.localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })

  it.each([
    ['signed out', null, 'redirect /login?redirectTo=%2Fsettings%2Froles%3Ftab%3D2', 'redirect /login?redirectTo=%2Fsettings%2Froles%3Ftab%3D2', 'redirect /login?redirectTo=%2Fsettings%2Froles%3Ftab%3D2'],
    ['ROLE_ADMIN', 'ROLE_ADMIN', 'pass', 'pass', 'status 403'],
    ['ROLE_STAFF', 'ROLE_STAFF', 'pass', 'status 403', 'status 403'],
    ['ROLE_FRONTDESK', 'ROLE_FRONTDESK', 'pass', 'status 403', 'status 403'],
    ['ROLE_STUDENT', 'ROLE_STUDENT', 'status 403', 'status 403', 'pass'],
  ])('%s: requireStaff, requireAdmin, requireStudent', async (_label, role, staff, admin, student) => {
    const context = contextFor(platform, tenant)
    const cookie = role ? cookies[role] : null
    expect(await outcome(requireStaff, request(cookie), context)).toBe(staff)
    expect(await outcome(requireAdmin, request(cookie), context)).toBe(admin)
    expect(await outcome(requireStudent, request(cookie), context)).toBe(student)
  })

  it.each([
    ['ROLE_ADMIN', 'showContacts', 'pass'],
    ['ROLE_STAFF', 'showContacts', 'status 403'],
    ['ROLE_FRONTDESK', 'showContacts', 'pass'],
    ['ROLE_STAFF', 'showOffers', 'pass'],
    ['ROLE_FRONTDESK', 'showOffers', 'status 403'],
    ['ROLE_STAFF', 'manageClasses', 'pass'],
    ['ROLE_STUDENT', 'showCourses', 'status 403'],
  ] as const)('%s and %s from the tenant Roles settings: %s', async (role, permission, expected) => {
    const guard: Guard = (req, ctx) => requirePermission(req, ctx, permission)
    expect(await outcome(guard, request(cookies[role]), contextFor(platform, tenant))).toBe(expected)
  })

  it('returns the data-request page, not its .data URL, as redirectTo', async () => {
    const result = await outcome(requireUser, request(null, '/contacts.data?_routes=routes%2Fcontacts'), contextFor(platform, tenant))
    expect(result).toBe('redirect /login?redirectTo=%2Fcontacts')
  })

  it('does not sign in a session of one tenant on another tenant host', async () => {
    const admin = cookies.ROLE_ADMIN
    expect(await getSessionUser(request(admin), contextFor(platform, tenant))).not.toBeNull()
    expect(await getSessionUser(request(admin), contextFor(platform, other))).toBeNull()
    const onOther = await outcome(requireStaff, request(admin), contextFor(platform, other))
    expect(onOther).toMatch(/^redirect \/login\?redirectTo=/)
  })

  it('ends the session at the idle time-out and when the account is locked', async () => {
    const student = await createContact(platform, tenant, { email: 'idle@guards.test' })
    const idle = await createSessionCookie(platform, tenant, student, { expiresAt: new Date(Date.now() - 1000) })
    expect(await getSessionUser(request(idle), contextFor(platform, tenant))).toBeNull()

    const fresh = await createSessionCookie(platform, tenant, student)
    const user = await getSessionUser(request(fresh), contextFor(platform, tenant))
    expect(user).toMatchObject({ contactId: student.id, role: 'ROLE_STUDENT', tenantId: tenant.id, isPreviewMode: false })
    await asSystem(platform.database, 'test: lock the account', (trx) =>
      trx.updateTable('contacts').set({ is_account_locked: true }).where('id', '=', student.id).execute(),
    )
    // As the app's writers of contacts do (updateUser through writeContactBook): kept lookups drop.
    platform.caches.changed(tenant.id, ['contacts'])
    expect(await getSessionUser(request(fresh), contextFor(platform, tenant))).toBeNull()
  })
})
