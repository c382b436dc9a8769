import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as getStartedLoader } from '#app/routes/_auth+/getstarted'
import { loader } from '#app/routes/_auth+/tplan.$name.$freq'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { callRoute, getRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the tenant plan route /tplan/{name}/{freq} (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let studio: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform({ MASTER_ORG_ID: 'owner' })
    master = await createTenant(platform, { orgId: 'owner', name: 'Platform Owner' })
    studio = await createTenant(platform, { orgId: 'plan-studio', name: 'Plan Studio' })
  })
  afterAll(() => platform.close())

  const open = (name: string, freq: string, on: Tenant | null = master) =>
    callRoute(loader, getRequest(`http://${on ? `${on.orgId}.` : ''}localhost/tplan/${name}/${freq}`), contextFor(platform, on), { name, freq })

  it('shows a plan by its name and period on the master site, with both prices and Get started carrying it', async () => {
    const answer = await open('Growth', 'yearly')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      plan: {
        name: 'Growth',
        planId: 'expand_yearly_plan',
        priceText: '$660 / year',
        indiaPriceText: '₹48,620 / year',
        otherPeriod: { period: 'monthly', href: '/tplan/growth/monthly' },
        getStartedHref: '/getstarted?plan=expand_yearly_plan',
      },
    })
    expect((await open('expand', 'MONTHLY')).body).toMatchObject({ plan: { planId: 'expand_monthly_plan', priceText: '$65 / month' } })
    expect((await open('free', 'monthly')).body).toMatchObject({ plan: { planId: 'free_plan', priceText: 'Free', indiaPriceText: null } })
    expect((await open('leap', 'monthly')).body).toMatchObject({ plan: { contactUs: true } })
    // The bare platform host is the platform's own site too.
    expect((await open('organize', 'monthly', null)).status).toBe(200)
  })

  it('reads in Turkish on a Turkish page: the name, prices, features and title, the address unchanged', async () => {
    const turkish = (name: string, freq: string) =>
      callRoute(loader, getRequest(`http://owner.localhost/tplan/${name}/${freq}`), { ...contextFor(platform, master), language: 'tr' }, { name, freq })
    const growth = await turkish('growth', 'yearly')
    expect(growth.status).toBe(200)
    expect(growth.body).toMatchObject({
      title: 'Growth planı',
      plan: { name: 'Growth', priceText: '$660,00 / yıl', indiaPriceText: '₹48.620,00 / yıl', otherPeriod: { href: '/tplan/growth/monthly' } },
    })
    expect((await turkish('organize', 'monthly')).body).toMatchObject({ title: 'Organize planı', plan: { priceText: expect.stringMatching(/ \/ ay$/) } })
    expect((await turkish('free', 'monthly')).body).toMatchObject({ title: 'Ücretsiz planı', plan: { name: 'Ücretsiz', priceText: 'Ücretsiz' } })
    const features = (growth.body as { plan: { features: string[] } }).plan.features
    const english = ((await open('growth', 'yearly')).body as { plan: { features: string[] } }).plan.features
    expect(features).toHaveLength(english.length)
    for (const [index, feature] of features.entries()) expect(feature).not.toBe(english[index])
    expect((await open('growth', 'yearly')).body).toMatchObject({ title: 'Growth plan' })
  })

  it('is a 404 for a name or period that is no plan, and on any studio site', async () => {
    for (const [name, freq] of [['gold', 'monthly'], ['growth', 'weekly'], ['growth', ''], ['', 'monthly'], ['../growth', 'monthly']] as const) {
      expect((await open(name, freq)).status, `${name}/${freq}`).toBe(404)
    }
    expect((await open('growth', 'monthly', studio)).status).toBe(404)
  })

  it('sign-up names the plan chosen, and ignores a plan that is none', async () => {
    const chosen = await callRoute(getStartedLoader, getRequest('http://owner.localhost/getstarted?plan=expand_yearly_plan'), contextFor(platform, master))
    expect(chosen.body).toEqual({ title: 'Get started', chosen: { name: 'Growth', period: 'yearly' } })
    const unknown = await callRoute(getStartedLoader, getRequest('http://owner.localhost/getstarted?plan=gold_plan'), contextFor(platform, master))
    expect(unknown.body).toEqual({ title: 'Get started', chosen: null })
  })
})
