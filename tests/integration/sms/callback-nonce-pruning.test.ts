import { withTenant } from '#db/tenant-scope'
import { pruneCallbackNonces } from '#server/sms/sms-delivery-record'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const DAY_MS = 24 * 60 * 60 * 1000

/** The SMS sweep forgets callback nonces older than a week, in every studio, and keeps newer ones (docs/decisions/145). */
describe(`SMS callback nonce pruning (${engine})`, () => {
  let platform: TestPlatform
  let studio: Tenant
  let other: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform()
    studio = await createTenant(platform, { orgId: 'noncepruning' })
    other = await createTenant(platform, { orgId: 'noncepruningtoo' })
  })
  afterAll(async () => {
    await platform?.close()
  })

  const nonces = (tenant: Tenant) =>
    withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('sms_callback_nonces').select('nonce').orderBy('nonce').execute()).then((rows) => rows.map((row) => row.nonce))

  it('deletes nonces seen more than seven days ago and keeps the rest', async () => {
    const now = new Date('2026-12-20T03:00:00Z')
    for (const tenant of [studio, other]) {
      await withTenant(platform.database, tenant.id, (trx) =>
        trx
          .insertInto('sms_callback_nonces')
          .values([
            { tenant_id: tenant.id, provider: 'plivo', nonce: 'a-old', seen_at: new Date(now.getTime() - 8 * DAY_MS) },
            { tenant_id: tenant.id, provider: 'plivo', nonce: 'b-recent', seen_at: new Date(now.getTime() - 6 * DAY_MS) },
          ])
          .execute(),
      )
    }
    expect(await pruneCallbackNonces(platform, now)).toBeGreaterThanOrEqual(2)
    expect(await nonces(studio)).toEqual(['b-recent'])
    expect(await nonces(other)).toEqual(['b-recent'])
  })
})
