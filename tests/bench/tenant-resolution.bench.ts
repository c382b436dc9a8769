import { asSystem } from '#db/tenant-scope'
import { TenantDirectory } from '#server/tenancy/tenant-directory'
import { createTestDatabase } from '#tests/support/test-database'

export interface ResolutionResult {
  calls: number
  nsPerCall: number
}

const CALLS = 1_000_000

/**
 * Tenant resolution from the in-memory cache, the step every request takes before routing:
 * one tenant in a real (PGlite or Postgres) database, the cache warmed, then a million
 * `resolveHost` calls for its subdomain host, timed with the monotonic clock.
 */
export async function benchTenantResolution(calls = CALLS): Promise<ResolutionResult> {
  const database = await createTestDatabase()
  try {
    await asSystem(database.handle, 'benchmark fixture', (trx) =>
      trx.insertInto('tenants').values({ org_id: 'demo', name: 'Demo Yoga Studio', is_master_franchise: false, settings: '{}' }).execute(),
    )
    const tenants = new TenantDirectory(database.handle, { platformDomains: ['localhost'], masterOrgId: 'master', ttlMs: 10 * 60_000 })
    const host = 'demo.localhost:3000'
    const first = await tenants.resolveHost(host)
    if (first.kind !== 'tenant') throw new Error('the benchmark tenant did not resolve')
    // Let the optimiser settle before timing.
    for (let i = 0; i < 100_000; i++) await tenants.resolveHost(host)

    let resolved = 0
    const started = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) {
      const result = await tenants.resolveHost(host)
      if (result.kind === 'tenant') resolved += 1
    }
    const elapsed = Number(process.hrtime.bigint() - started)
    if (resolved !== calls) throw new Error(`only ${resolved} of ${calls} calls resolved the tenant`)
    return { calls, nsPerCall: elapsed / calls }
  } finally {
    await database.drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchTenantResolution()
  console.log(`tenant resolution from cache: ${result.nsPerCall.toFixed(0)} ns per call (${result.calls.toLocaleString('en')} calls)`)
}
