import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as masterPlansLoader } from '#app/routes/_admin+/masterplan'
import { action, loader } from '#app/routes/_admin+/tenant'
import type { CataloguePlan } from '#server/platform-admin/plan-catalogue-view'
import type { TenantListPage } from '#server/platform-admin/all-tenants'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the platform owner's Tenants screen (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let studio: Tenant
  let masterAdmin = ''
  let studioAdmin = ''

  beforeAll(async () => {
    platform = await createTestPlatform({ MASTER_ORG_ID: 'owner' })
    master = await createTenant(platform, { orgId: 'owner', name: 'Platform Owner' })
    studio = await createTenant(platform, { orgId: 'lotus-yoga', name: 'Lotus Yoga' })
    await createTenant(platform, { orgId: 'river-dance', name: 'River Dance' })
    masterAdmin = await createSessionCookie(platform, master, await createContact(platform, master, { role: 'ROLE_ADMIN', email: 'admin@owner.test' }))
    studioAdmin = await createSessionCookie(platform, studio, await createContact(platform, studio, { role: 'ROLE_ADMIN', email: 'admin@lotus.test' }))
    await createContact(platform, studio, { role: 'ROLE_STUDENT', email: 'student@lotus.test' })
  })
  afterAll(() => platform.close())

  const page = async (query = '') => {
    const outcome = await callRoute(loader, getRequest(`http://owner.localhost/tenant${query}`, masterAdmin), contextFor(platform, master))
    expect(outcome.status).toBe(200)
    return outcome.body as TenantListPage & { confirming: { id: string; name: string } | null }
  }
  const post = (fields: Record<string, string>, cookie = masterAdmin, on = master) => callRoute(action, formPostRequest(`http://${on.orgId}.localhost/tenant`, fields, cookie), contextFor(platform, on))

  it('lists every organisation with its org id, plan, contacts and status, and searches by name or org id', async () => {
    const all = await page()
    expect(all.total).toBeGreaterThanOrEqual(3)
    const lotus = all.tenants.find((each) => each.name === 'Lotus Yoga')
    expect(lotus).toMatchObject({ orgIdText: `lotus-yoga (${studio.tenantId})`, planText: 'Free Plan', contacts: 2, status: 'Active', isMaster: false })
    expect(all.tenants.find((each) => each.name === 'Platform Owner')?.isMaster).toBe(true)
    const found = await page('?q=RIVER')
    expect(found.tenants.map((each) => each.name)).toEqual(['River Dance'])
    expect((await page('?q=%25')).tenants).toEqual([])
  })

  it('asks before suspending; a suspended studio no longer resolves by host until it is reinstated', async () => {
    const asked = await page(`?confirm=${studio.id}`)
    expect(asked.confirming).toMatchObject({ id: studio.id, name: 'Lotus Yoga' })
    const suspended = await post({ intent: 'suspend', id: studio.id, back: '/tenant' })
    expect(suspended.location).toBe('/tenant')
    expect(toastOf(suspended)?.message).toBe('Lotus Yoga is suspended.')
    expect(await platform.tenants.findByOrgId('lotus-yoga')).toBeNull()
    expect((await page()).tenants.find((each) => each.name === 'Lotus Yoga')?.status).toBe('Suspended')
    const reinstated = await post({ intent: 'reinstate', id: studio.id })
    expect(toastOf(reinstated)?.message).toBe('Lotus Yoga is reinstated.')
    expect((await platform.tenants.findByOrgId('lotus-yoga'))?.id).toBe(studio.id)
  })

  it('never suspends the platform itself, and an unknown id is a 404', async () => {
    const refused = await post({ intent: 'suspend', id: master.id })
    expect(toastOf(refused)?.message).toBe('The platform’s own organisation cannot be suspended.')
    expect((await platform.tenants.findByOrgId('owner'))?.id).toBe(master.id)
    expect((await post({ intent: 'suspend', id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    expect((await post({ intent: 'suspend', id: 'nope' })).status).toBe(404)
  })

  it("is not there on any other organisation, even for its admin, and suspends nothing from there", async () => {
    const elsewhere = await callRoute(loader, getRequest('http://lotus-yoga.localhost/tenant', studioAdmin), contextFor(platform, studio))
    expect(elsewhere.status).toBe(404)
    expect((await post({ intent: 'suspend', id: studio.id }, studioAdmin, studio)).status).toBe(404)
    expect(await platform.tenants.findByOrgId('lotus-yoga')).not.toBeNull()
  })

  it('Master Plans lists each plan with its ids, prices in USD and INR, limits and the studios on it; nowhere else', async () => {
    const outcome = await callRoute(masterPlansLoader, getRequest('http://owner.localhost/masterplan', masterAdmin), contextFor(platform, master))
    expect(outcome.status).toBe(200)
    const { plans } = outcome.body as { plans: CataloguePlan[] }
    expect(plans.map((plan) => plan.tier)).toEqual(['free', 'organize', 'expand', 'leap'])
    expect(plans[1]).toMatchObject({ planIds: ['organize_monthly_plan', 'organize_yearly_plan'], usd: { monthly: '$25', yearly: '$300' }, contactsText: '2,000 contacts', activeMembersText: '100 active members', customDomain: false })
    expect(plans[3]).toMatchObject({ activeMembersText: 'Unlimited active members', contactUs: true })
    // No organisation here chose a plan: all of them count as Free.
    expect(plans.reduce((sum, plan) => sum + plan.studios, 0)).toBe(plans[0]?.studios)
    expect(plans[0]?.studios).toBeGreaterThanOrEqual(3)
    expect((await callRoute(masterPlansLoader, getRequest('http://lotus-yoga.localhost/masterplan', studioAdmin), contextFor(platform, studio))).status).toBe(404)
  })
})
