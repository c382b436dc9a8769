import { asSystem } from '#db/tenant-scope'
import { shippedDescriptor } from '#screens/index'
import { resolveEffectiveScreen } from '#server/screens/effective-descriptor'
import { writeOverlay } from '#server/screens/overlay-store'
import { validateSubmission } from '#server/screens/validate-submission'
import { TenantDirectory } from '#server/tenancy/tenant-directory'
import { createTestDatabase } from '#tests/support/test-database'

export interface DescriptorBenchResult {
  calls: number
  /** Effective descriptor (base + the tenant's overlay) served from the cache. */
  resolveNsPerCall: number
  /** A valid account form posted and checked by ajv (compiled validator cached). */
  validateUsPerCall: number
}

const CALLS = 1_000_000
const VALIDATIONS = 20_000

/**
 * The descriptor engine's hot paths: resolving a tenant's effective descriptor (the cache hit
 * every descriptor-driven page takes) and validating a submission. One tenant with an overlay
 * on the account screen, in a real (PGlite or Postgres) database.
 */
export async function benchDescriptors(calls = CALLS): Promise<DescriptorBenchResult> {
  const database = await createTestDatabase()
  try {
    const row = await asSystem(database.handle, 'benchmark fixture', (trx) =>
      trx.insertInto('tenants').values({ org_id: 'demo', name: 'Demo Yoga Studio', is_master_franchise: false, settings: '{}' }).returning('id').executeTakeFirstOrThrow(),
    )
    const tenants = new TenantDirectory(database.handle, { platformDomains: ['localhost'], masterOrgId: 'master', ttlMs: 10 * 60_000 })
    const before = await tenants.findById(row.id)
    if (!before) throw new Error('the benchmark tenant did not load')
    await writeOverlay(database.handle, before, {
      screenKey: 'account',
      baseVersion: shippedDescriptor('account')!.version,
      overlay: { fields: { name: { label: 'Studio Name' }, aboutOrg: { hidden: true } }, order: ['phone', 'name'], customFields: [] },
      actorContactId: null,
    })
    tenants.invalidate(row.id)
    const tenant = await tenants.findById(row.id)
    if (!tenant) throw new Error('the benchmark tenant did not load')
    const platform = { database: database.handle }
    const first = await resolveEffectiveScreen(platform, tenant, 'account')
    if (first?.descriptor.schema.properties.name.title !== 'Studio Name') throw new Error('the overlay was not applied')
    for (let i = 0; i < 100_000; i++) await resolveEffectiveScreen(platform, tenant, 'account')

    let hits = 0
    const started = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) {
      if ((await resolveEffectiveScreen(platform, tenant, 'account')) === first) hits += 1
    }
    const resolveNs = Number(process.hrtime.bigint() - started) / calls
    if (hits !== calls) throw new Error(`only ${hits} of ${calls} calls were served from the cache`)

    const form = new FormData()
    for (const [name, value] of Object.entries({ name: 'Demo', accountOwner: 'x', phone: '555-010-0001', timezone: 'America/Chicago', itemExpiresAfter: '12', fromEmail: 'a@b.co' })) {
      form.append(`root[${name}]`, value)
    }
    const descriptor = { ...first.descriptor, schema: { ...first.descriptor.schema, required: ['name', 'phone', 'timezone'] } }
    if (!validateSubmission(descriptor, form).ok) throw new Error('the benchmark form did not validate')
    const validateStarted = process.hrtime.bigint()
    for (let i = 0; i < VALIDATIONS; i++) validateSubmission(descriptor, form)
    const validateUs = Number(process.hrtime.bigint() - validateStarted) / VALIDATIONS / 1000
    return { calls, resolveNsPerCall: resolveNs, validateUsPerCall: validateUs }
  } finally {
    await database.drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchDescriptors()
  console.log(`effective descriptor from cache: ${result.resolveNsPerCall.toFixed(0)} ns per call; account form validation: ${result.validateUsPerCall.toFixed(1)} µs per submission`)
}
