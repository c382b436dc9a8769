import { action as clearCaches } from '#app/routes/_platform+/cache.clear'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { callRoute, formPostRequest, redirectOrStatus } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { tenantWithPeople, type Cookies } from '#tests/integration/shell/shell-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const HOST = 'clearing.localhost'

describe(`POST /cache/clear, the hidden cache-clear sequence (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'clearing' }))
  })
  afterAll(() => platform.close())

  const post = (cookie: string | null) => callRoute(clearCaches, formPostRequest(`http://${HOST}/cache/clear`, {}, cookie), contextFor(platform, tenant))

  /** Renames the tenant behind the directory's back: only a cleared cache shows the new name. */
  async function renameInDatabase(name: string): Promise<void> {
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('tenants').set({ name }).where('id', '=', tenant.id).execute())
  }

  it('clears the tenant caches for staff, admin and front desk', async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK'] as const) {
      await platform.tenants.findById(tenant.id)
      const name = `Renamed for ${role}`
      await renameInDatabase(name)
      expect((await platform.tenants.findById(tenant.id))?.name).not.toBe(name)

      const outcome = await post(cookies[role])
      expect(outcome.status).toBe(200)
      expect(outcome.body).toEqual({ status: 'executed' })
      expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
      expect((await platform.tenants.findById(tenant.id))?.name).toBe(name)
    }
  })

  it('refuses a student with 403 and clears nothing', async () => {
    await platform.tenants.findById(tenant.id)
    await renameInDatabase('Renamed by a student')
    const invalidate = vi.spyOn(platform.tenants, 'invalidate')
    try {
      expect(redirectOrStatus(await post(cookies.ROLE_STUDENT))).toBe('status 403')
      expect(invalidate).not.toHaveBeenCalled()
    } finally {
      invalidate.mockRestore()
    }
    expect((await platform.tenants.findById(tenant.id))?.name).not.toBe('Renamed by a student')
  })

  it('sends a visitor to sign in and clears nothing', async () => {
    const invalidate = vi.spyOn(platform.tenants, 'invalidate')
    try {
      expect(redirectOrStatus(await post(null))).toBe('redirect /login?redirectTo=%2Fcache%2Fclear')
      expect(invalidate).not.toHaveBeenCalled()
    } finally {
      invalidate.mockRestore()
    }
  })
})
