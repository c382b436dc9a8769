import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action, loader } from '#app/routes/_auth+/getstarted'
import { asSystem } from '#db/tenant-scope'
import { SIGN_UP_MESSAGES } from '#server/platform-admin/sign-up-organisation'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`a new organisation signs up on the platform's site (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let studio: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform({ MASTER_ORG_ID: 'owner' })
    master = await createTenant(platform, { orgId: 'owner', name: 'Platform Owner' })
    studio = await createTenant(platform, { orgId: 'taken-studio', name: 'Taken Studio' })
  })
  afterAll(() => platform.close())

  const good = { businessName: 'Harbor Pilates', orgId: 'Harbor-Pilates', firstName: 'Hana', lastName: 'Harbor', email: 'Hana@Harbor.test', password: 'a-long-password' }
  const signUp = (fields: Record<string, string>, on: Tenant | null = master) =>
    callRoute(action, formPostRequest(`http://${on ? `${on.orgId}.` : ''}localhost/getstarted`, fields), contextFor(platform, on))
  const tenantCount = async () => Number((await asSystem(platform.database, 'test: tenants', (trx) => trx.selectFrom('tenants').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow())).n)

  it('refuses each missing or bad field in words, and a taken or reserved org id, creating nothing', async () => {
    const before = await tenantCount()
    const empty = await signUp({})
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({
      kind: 'refused',
      errors: { businessName: SIGN_UP_MESSAGES.businessName, orgId: SIGN_UP_MESSAGES.orgId, firstName: SIGN_UP_MESSAGES.firstName, lastName: SIGN_UP_MESSAGES.lastName, email: SIGN_UP_MESSAGES.email, password: SIGN_UP_MESSAGES.password },
    })
    expect((await signUp({ ...good, orgId: '-bad id-' })).body).toMatchObject({ errors: { orgId: SIGN_UP_MESSAGES.orgIdShape }, values: { businessName: 'Harbor Pilates' } })
    for (const orgId of ['taken-studio', 'owner', 'www']) expect((await signUp({ ...good, orgId })).body).toMatchObject({ errors: { orgId: SIGN_UP_MESSAGES.orgIdTaken } })
    expect(await tenantCount()).toBe(before)
  })

  it('creates the organisation with its pages, its unverified admin and the Free plan, marked new for onboarding, and points to its own sign-in', async () => {
    const created = await signUp(good)
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ kind: 'created', signInHref: 'http://harbor-pilates.localhost/login', businessName: 'Harbor Pilates' })
    const tenant = await platform.tenants.findByOrgId('harbor-pilates')
    expect(tenant).toMatchObject({ name: 'Harbor Pilates', isMasterFranchise: false, parentTenantId: null })
    expect(tenant?.settings.isNewTenant).toBe(true)
    const stored = await asSystem(platform.database, 'test: the new organisation', async (trx) => ({
      admin: await trx.selectFrom('contacts').select(['id', 'email', 'role', 'is_email_verified']).where('tenant_id', '=', tenant?.id ?? '').execute(),
      pages: await trx.selectFrom('web_pages').select('name').where('tenant_id', '=', tenant?.id ?? '').execute(),
      plan: await trx.selectFrom('tenant_plans').select(['plan_id', 'contact_limit']).where('tenant_id', '=', tenant?.id ?? '').executeTakeFirst(),
    }))
    expect(stored.admin).toEqual([expect.objectContaining({ email: 'hana@harbor.test', role: 'ROLE_ADMIN', is_email_verified: false })])
    expect(tenant?.settings.accountOwner).toBe(stored.admin[0]?.id)
    expect(stored.pages.length).toBeGreaterThan(3)
    expect(stored.plan).toEqual({ plan_id: 'free_plan', contact_limit: 100 })
    // The same org id again is taken now.
    expect((await signUp({ ...good, email: 'other@harbor.test' })).body).toMatchObject({ errors: { orgId: SIGN_UP_MESSAGES.orgIdTaken } })
  })

  it("is only on the platform's own site: a studio's host has no sign-up page", async () => {
    expect((await callRoute(loader, getRequest('http://taken-studio.localhost/getstarted'), contextFor(platform, studio))).status).toBe(404)
    expect((await signUp({ ...good, orgId: 'elsewhere' }, studio)).status).toBe(404)
    expect(await platform.tenants.findByOrgId('elsewhere')).toBeNull()
    expect((await callRoute(loader, getRequest('http://owner.localhost/getstarted'), contextFor(platform, master))).status).toBe(200)
  })
})
