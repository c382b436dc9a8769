import { Writable } from 'node:stream'
import { pino } from 'pino'
import { action as forgotAction } from '#app/routes/_auth+/forgot-password'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const TOKEN = '[A-Za-z0-9_-]{43}'

/** Every line the platform logs, kept for the test to read. */
function captureLogs(platform: TestPlatform): string[] {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  platform.logger = pino({ level: 'trace' }, sink)
  return lines
}

describe.each([
  { mode: 'production', env: { NODE_ENV: 'production', PLATFORM_DOMAINS: 'studio.example,other.example' } },
  { mode: 'development', env: { NODE_ENV: 'development', PLATFORM_DOMAINS: 'studio.example,other.example' } },
])(`reset links use the tenant's canonical address ($mode, ${engine})`, ({ mode, env }) => {
  let platform: TestPlatform
  let plain: Tenant
  let branded: Tenant
  let logs: string[]
  let ip = 0

  beforeAll(async () => {
    platform = await createTestPlatform(env)
    logs = captureLogs(platform)
    plain = await createTenant(platform, { orgId: 'resets', name: 'Resets' })
    branded = await createTenant(platform, { orgId: 'branded', name: 'Branded', customDomain: 'yoga.branded.test' })
    await createContact(platform, plain, { email: 'plain@resets.test', password: 'old password' })
    await createContact(platform, branded, { email: 'brand@resets.test', password: 'old password' })
  })
  afterAll(() => platform.close())

  const mailTo = async (to: string) => {
    await platform.jobs.drain()
    const rows = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('outbound_emails').select('text_body').where('to_address', '=', to).orderBy('created_at', 'desc').execute(),
    )
    return rows[0]?.text_body ?? ''
  }
  // The Host a forger chose (a port and a host of their own), on the tenant's resolved context.
  const ask = (tenant: Tenant | null, email: string) =>
    callRoute(
      forgotAction,
      formPostRequest('http://evil.example:8666/forgot-password', { email }, null, { 'X-Forwarded-Host': 'evil.example' }),
      { ...contextFor(platform, tenant), ip: `10.60.0.${++ip}` },
    )

  it('a platform subdomain under the first platform domain, never the forged host', async () => {
    expect((await ask(plain, 'plain@resets.test')).status).toBe(200)
    const text = await mailTo('plain@resets.test')
    const origin = mode === 'production' ? 'https://resets.studio.example' : 'http://resets.studio.example:8666'
    expect(text).toMatch(new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/reset-password/${TOKEN}`))
    expect(text).not.toContain('evil.example')
  })

  it('the custom domain when the tenant has one, also when asked on the bare platform host', async () => {
    expect((await ask(null, 'brand@resets.test')).status).toBe(200)
    const text = await mailTo('brand@resets.test')
    const origin = mode === 'production' ? 'https://yoga.branded.test' : 'http://yoga.branded.test:8666'
    expect(text).toMatch(new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/reset-password/${TOKEN}`))
    expect(text).not.toContain('evil.example')
  })

  it(mode === 'production' ? 'never writes a reset link to the log' : 'may log the mail for a developer without SMTP', async () => {
    const logged = logs.join('\n')
    if (mode === 'production') {
      expect(logged).toContain('SMTP is not configured')
      expect(logged).not.toMatch(/reset-password\//)
    } else {
      expect(logged).toMatch(/reset-password\//)
    }
  })
})
