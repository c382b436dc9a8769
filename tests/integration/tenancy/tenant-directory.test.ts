import { CACHE_TAGS } from '#server/cache/cache-tags'
import type { KyselyPlugin } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { CacheInvalidation } from '#server/cache/cache-invalidation'
import { TenantDirectory, type HostResolution } from '#server/tenancy/tenant-directory'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The same database, counting every statement sent to it, so a test can see a cache hit. */
function countingHandle(handle: DatabaseHandle): { handle: DatabaseHandle; queries: () => number } {
  let count = 0
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count += 1
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { handle: { ...handle, db: handle.db.withPlugin(plugin) }, queries: () => count }
}

function tenantOf(resolution: HostResolution): Tenant {
  if (resolution.kind !== 'tenant') throw new Error(`expected a tenant, got ${resolution.kind}`)
  return resolution.tenant
}

describe(`TenantDirectory (${engine})`, () => {
  let platform: TestPlatform
  let demo: Tenant
  let master: Tenant
  let custom: Tenant
  let clock: number
  let counted: ReturnType<typeof countingHandle>
  let directory: TenantDirectory

  beforeAll(async () => {
    platform = await createTestPlatform()
    master = await createTenant(platform, { orgId: 'master', name: 'Studio Platform' })
    demo = await createTenant(platform, { orgId: 'demo', name: 'Demo Yoga Studio', settings: { email: 'hello@demo.test' } })
    custom = await createTenant(platform, { orgId: 'riverside', name: 'Riverside Dance', customDomain: 'classes.riverside.test' })
  })
  afterAll(() => platform.close())

  beforeEach(() => {
    clock = 1_000_000
    counted = countingHandle(platform.database)
    directory = new TenantDirectory(counted.handle, {
      platformDomains: ['localhost', 'studio.test'],
      masterOrgId: 'master',
      ttlMs: 30_000,
      now: () => clock,
    })
  })

  it('finds a tenant by the subdomain of a platform domain, with or without a port', async () => {
    for (const host of ['demo.localhost:3000', 'demo.localhost', 'DEMO.localhost.', 'demo.studio.test']) {
      const tenant = tenantOf(await directory.resolveHost(host))
      expect(tenant).toMatchObject({ id: demo.id, orgId: 'demo', name: 'Demo Yoga Studio', isMaster: false })
      expect(tenant.settings.email).toBe('hello@demo.test')
    }
  })

  it('finds a tenant by its custom domain', async () => {
    expect(tenantOf(await directory.resolveHost('classes.riverside.test')).id).toBe(custom.id)
    expect(tenantOf(await directory.resolveHost('Classes.Riverside.Test:443')).id).toBe(custom.id)
  })

  it('on the bare platform host, uses the stored org id, and is the platform without one', async () => {
    expect(await directory.resolveHost('localhost:3000')).toEqual({ kind: 'platform' })
    expect(await directory.resolveHost('www.localhost:3000', null)).toEqual({ kind: 'platform' })
    expect(tenantOf(await directory.resolveHost('localhost:3000', 'demo')).id).toBe(demo.id)
    expect(tenantOf(await directory.resolveHost('127.0.0.1:3000', 'Demo')).id).toBe(demo.id)
    // A stale cookie naming an organisation that is gone leaves the visitor on the platform.
    expect(await directory.resolveHost('localhost:3000', 'gone')).toEqual({ kind: 'platform' })
  })

  it('says unknown for hosts that name no organisation', async () => {
    for (const host of ['nobody.localhost', 'a.demo.localhost', 'unknown-domain.test', 'demo..localhost', '', undefined]) {
      expect(await directory.resolveHost(host)).toEqual({ kind: 'unknown' })
    }
  })

  it('marks the tenant whose org id is MASTER_ORG_ID as the master tenant', async () => {
    expect(tenantOf(await directory.resolveHost('master.localhost')).isMaster).toBe(true)
    expect((await directory.findByOrgId('demo'))?.isMaster).toBe(false)
    const otherMaster = new TenantDirectory(platform.database, { platformDomains: ['localhost'], masterOrgId: 'demo', ttlMs: 0 })
    expect((await otherMaster.findByOrgId('demo'))?.isMaster).toBe(true)
    expect((await otherMaster.findByOrgId('master'))?.isMaster).toBe(false)
  })

  it('finds tenants by id and org id, and nothing for malformed input', async () => {
    expect((await directory.findById(demo.id))?.orgId).toBe('demo')
    expect((await directory.findByOrgId(' Master '))?.id).toBe(master.id)
    const before = counted.queries()
    expect(await directory.findById('not-a-uuid')).toBeNull()
    expect(await directory.findByOrgId('')).toBeNull()
    expect(await directory.findByOrgId('x'.repeat(64))).toBeNull()
    expect(counted.queries()).toBe(before)
  })

  it('answers a repeated look-up from the cache without querying', async () => {
    await directory.resolveHost('demo.localhost')
    await directory.resolveHost('classes.riverside.test')
    await directory.resolveHost('nobody.localhost')
    const afterFirst = counted.queries()
    expect(afterFirst).toBeGreaterThan(0)
    for (let i = 0; i < 5; i++) {
      expect(tenantOf(await directory.resolveHost('demo.localhost:3000')).id).toBe(demo.id)
      expect(tenantOf(await directory.resolveHost('classes.riverside.test')).id).toBe(custom.id)
      expect(await directory.resolveHost('nobody.localhost')).toEqual({ kind: 'unknown' })
    }
    expect(counted.queries()).toBe(afterFirst)
    expect(directory.peekHost('demo.localhost')?.id).toBe(demo.id)
    expect(directory.peekHost('nobody.localhost')).toBeNull()
    expect(directory.peekHost('never-asked.localhost')).toBeUndefined()
  })

  it('drops a tenant and every "not found" on invalidate, so a write or a new tenant shows at once', async () => {
    expect((await directory.findByOrgId('demo'))?.name).toBe('Demo Yoga Studio')
    expect(await directory.resolveHost('newcomer.localhost')).toEqual({ kind: 'unknown' })

    await asSystem(platform.database, 'test: rename', (trx) =>
      trx.updateTable('tenants').set({ name: 'Demo Yoga & Pilates' }).where('id', '=', demo.id).execute(),
    )
    const newcomer = await createTenant(platform, { orgId: 'newcomer' })
    // Still the cached answers until someone says the tenant changed.
    expect((await directory.findByOrgId('demo'))?.name).toBe('Demo Yoga Studio')
    expect(await directory.resolveHost('newcomer.localhost')).toEqual({ kind: 'unknown' })

    directory.invalidate(demo.id)
    expect((await directory.findByOrgId('demo'))?.name).toBe('Demo Yoga & Pilates')
    expect(tenantOf(await directory.resolveHost('newcomer.localhost')).id).toBe(newcomer.id)

    await asSystem(platform.database, 'test: rename back', (trx) =>
      trx.updateTable('tenants').set({ name: 'Demo Yoga Studio' }).where('id', '=', demo.id).execute(),
    )
    directory.invalidate(demo.id)
  })

  it('keeps other tenants cached when one is invalidated', async () => {
    await directory.findByOrgId('demo')
    await directory.findByOrgId('riverside')
    const before = counted.queries()
    directory.invalidate(demo.id)
    await directory.findByOrgId('riverside')
    expect(counted.queries()).toBe(before)
    await directory.findByOrgId('demo')
    expect(counted.queries()).toBeGreaterThan(before)
  })

  it('tells other processes about an invalidation, and drops on theirs without echoing them', async () => {
    const told: string[] = []
    const caches = new CacheInvalidation({ broadcast: (message) => told.push(message) })
    const broadcasting = new TenantDirectory(platform.database, { platformDomains: ['localhost'], masterOrgId: 'master', ttlMs: 30_000, caches })
    broadcasting.invalidate(demo.id)
    expect(told).toEqual([`${demo.id} ${CACHE_TAGS.join(',')}`])
    // Invalidations heard from others are only applied here, not sent back out.
    await broadcasting.findById(custom.id)
    caches.applyRemote(`${custom.id} tenant`)
    expect(told).toHaveLength(1)
  })

  it('keeps its entries when a change does not touch the tenant row', async () => {
    await directory.findByOrgId('demo')
    const before = counted.queries()
    directory.caches.changed(demo.id, ['forms', 'site'])
    await directory.findByOrgId('demo')
    expect(counted.queries()).toBe(before)
    directory.caches.changed(demo.id, ['tenant'])
    await directory.findByOrgId('demo')
    expect(counted.queries()).toBeGreaterThan(before)
  })

  it('looks again once the cache entry is older than the TTL', async () => {
    await directory.findByOrgId('demo')
    const afterFirst = counted.queries()
    clock += 29_999
    await directory.findByOrgId('demo')
    expect(counted.queries()).toBe(afterFirst)
    clock += 1
    await directory.findByOrgId('demo')
    expect(counted.queries()).toBeGreaterThan(afterFirst)
  })

  it('lets a "not found" expire too', async () => {
    expect(await directory.findByOrgId('latecomer')).toBeNull()
    const latecomer = await createTenant(platform, { orgId: 'latecomer' })
    expect(await directory.findByOrgId('latecomer')).toBeNull()
    clock += 30_000
    expect((await directory.findByOrgId('latecomer'))?.id).toBe(latecomer.id)
  })

  it('does not cache at all with a TTL of 0', async () => {
    const uncached = countingHandle(platform.database)
    const noCache = new TenantDirectory(uncached.handle, { platformDomains: ['localhost'], masterOrgId: 'master', ttlMs: 0 })
    await noCache.findByOrgId('demo')
    const afterFirst = uncached.queries()
    await noCache.findByOrgId('demo')
    expect(uncached.queries()).toBeGreaterThan(afterFirst)
  })
})
