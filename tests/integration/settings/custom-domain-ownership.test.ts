import { asSystem } from '#db/tenant-scope'
import { checkCustomDomain } from '#server/settings/custom-domain'
import { updateTenant } from '#server/settings/update-tenant'
import { checkDomainAgain, readCustomDomainClaim, runCustomDomainCheck } from '#server/settings/custom-domain-verification'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import type { Tenant } from '#server/tenancy/tenant'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`custom domains proven by a DNS TXT record (${engine})`, () => {
  let platform: TestPlatform
  let dns: FakeDnsServer

  beforeAll(async () => {
    dns = await startFakeDnsServer()
    platform = await createTestPlatform({ DNS_RESOLVER: dns.address })
  }, 60_000)
  afterAll(async () => {
    await platform?.close()
    await dns?.close()
  })

  async function claim(tenant: Tenant, domain: string) {
    // The plan check allows a new domain only on a plan with custom domains: give the tenant one.
    await asSystem(platform.database, 'test: a plan with custom domains', (trx) =>
      trx.insertInto('tenant_plans').values({ tenant_id: tenant.id, plan_id: 'growth_monthly_plan', period: 'monthly' }).onConflict((c) => c.doNothing()).execute(),
    )
    const fresh = (await platform.tenants.findById(tenant.id))!
    // The account form's own steps for the domain: its check, then the write that claims it.
    const checked = await checkCustomDomain(platform, fresh, domain, (await readCustomDomainClaim(platform, tenant.id))?.domain ?? null)
    if (!checked.ok) return checked
    return updateTenant(platform, fresh, { customDomain: checked.value })
  }

  async function runCheck(tenantId: string) {
    const current = (await readCustomDomainClaim(platform, tenantId))!
    await runCustomDomainCheck(platform, { tenantId, domain: current.domain, claimedAt: current.claimedAt.toISOString(), attempt: 1, manual: false })
  }

  const resolves = async (host: string) => {
    const found = await platform.tenants.resolveHost(host)
    return found.kind === 'tenant' ? found.tenant.id : null
  }

  it('keeps a saved domain pending until the TXT record with its token is found, then serves the tenant', async () => {
    const tenant = await createTenant(platform, { orgId: 'txt-owner', name: 'Owner Studio' })
    expect((await claim(tenant, 'Book.Owner-Studio.test')).ok).toBe(true)
    const pending = (await readCustomDomainClaim(platform, tenant.id))!
    expect(pending).toMatchObject({ domain: 'book.owner-studio.test', status: 'pending', recordName: '_studio-verify.book.owner-studio.test' })
    expect(await resolves('book.owner-studio.test')).toBeNull()

    dns.setTxt(pending.recordName, ['studio-verify=not-the-token'])
    await runCheck(tenant.id)
    expect((await readCustomDomainClaim(platform, tenant.id))!.status).toBe('pending')
    expect((await readCustomDomainClaim(platform, tenant.id))!.checkedAt).not.toBeNull()
    expect(await resolves('book.owner-studio.test')).toBeNull()

    dns.setTxt(pending.recordName, [pending.token])
    await runCheck(tenant.id)
    expect((await readCustomDomainClaim(platform, tenant.id))!.status).toBe('verified')
    expect(await resolves('book.owner-studio.test')).toBe(tenant.id)

    // Clearing the domain stops it serving the tenant at once.
    expect((await claim(tenant, '')).ok).toBe(true)
    expect(await readCustomDomainClaim(platform, tenant.id)).toBeNull()
    expect(await resolves('book.owner-studio.test')).toBeNull()
  })

  it('lets two tenants claim one domain; the one that verifies keeps it and the other claim fails as taken', async () => {
    const squatter = await createTenant(platform, { orgId: 'txt-squatter' })
    const owner = await createTenant(platform, { orgId: 'txt-real-owner' })
    expect((await claim(squatter, 'www.contested.test')).ok).toBe(true)
    expect((await claim(owner, 'www.contested.test')).ok).toBe(true)
    const ownerClaim = (await readCustomDomainClaim(platform, owner.id))!
    dns.setTxt(ownerClaim.recordName, [ownerClaim.token])
    await runCheck(owner.id)
    expect(await resolves('www.contested.test')).toBe(owner.id)
    expect(await readCustomDomainClaim(platform, squatter.id)).toMatchObject({ status: 'failed', failure: 'taken' })
    // Its later checks change nothing: the claim is no longer pending.
    await runCheck(squatter.id)
    expect(await resolves('www.contested.test')).toBe(owner.id)
  })

  it("refuses a check of a domain the tenant has not claimed (another tenant's)", async () => {
    const a = await createTenant(platform, { orgId: 'txt-a' })
    const b = await createTenant(platform, { orgId: 'txt-b' })
    expect((await claim(b, 'shop.b-studio.test')).ok).toBe(true)
    expect((await checkDomainAgain(platform, a.id, 'shop.b-studio.test')).ok).toBe(false)
    expect((await checkDomainAgain(platform, b.id, 'shop.b-studio.test')).ok).toBe(true)
  })
})
