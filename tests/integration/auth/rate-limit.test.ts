import { randomBytes } from 'node:crypto'
import { action as forgotAction } from '#app/routes/forgot-password'
import { action as loginAction } from '#app/routes/login'
import { action as registerAction } from '#app/routes/register'
import { createAttemptLimiter } from '#server/security/rate-limit'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, formPostRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const PASSWORD = 'the right password'
const TOO_MANY = 'Too many attempts. Try again in 15 minutes.'

describe(`rate limits on sign-in, registration and password reset (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  const host = 'http://limits.localhost'

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { orgId: 'limits' })
    await createContact(platform, tenant, { role: 'ROLE_ADMIN', email: 'target@limits.test', password: PASSWORD })
    await createContact(platform, tenant, { role: 'ROLE_ADMIN', email: 'other@limits.test', password: PASSWORD })
  })
  afterAll(() => platform.close())

  const from = (ip: string) => ({ ...contextFor(platform, tenant), ip })
  const login = (ip: string, email: string, password: string) =>
    callRoute(loginAction, formPostRequest(`${host}/login`, { intent: 'login', email, password }), from(ip))

  it('locks an email after 5 failed passwords, even for the right one, and says for how long', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Different addresses: the per-email limit is what trips here.
      const answer = await login(`10.0.0.${attempt}`, 'target@limits.test', 'wrong password')
      expect(answer.status).toBe(400)
    }
    const locked = await login('10.0.0.99', 'target@limits.test', PASSWORD)
    expect(locked.status).toBe(429)
    expect(JSON.stringify(locked.body)).toContain(TOO_MANY)
    expect(locked.setCookies.some((line) => line.startsWith('__session='))).toBe(false)
    // Another person is not affected.
    expect((await login('10.0.0.99', 'other@limits.test', PASSWORD)).status).toBe(302)
  })

  it('limits an address to 10 failed sign-ins whatever the emails', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      await login('10.1.1.1', `guess${attempt}@limits.test`, 'wrong password')
    }
    const blocked = await login('10.1.1.1', 'other@limits.test', PASSWORD)
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
  })

  it('forgets an email’s failures after a successful sign-in', async () => {
    await createContact(platform, tenant, { role: 'ROLE_STUDENT', email: 'forgetful@limits.test', password: PASSWORD })
    for (let attempt = 1; attempt <= 4; attempt++) await login(`10.2.0.${attempt}`, 'forgetful@limits.test', 'wrong')
    expect((await login('10.2.0.50', 'forgetful@limits.test', PASSWORD)).status).toBe(302)
    for (let attempt = 1; attempt <= 4; attempt++) await login(`10.2.1.${attempt}`, 'forgetful@limits.test', 'wrong')
    expect((await login('10.2.1.50', 'forgetful@limits.test', PASSWORD)).status).toBe(302)
  })

  it('limits password reset requests per email, with the same answer until then', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'target@limits.test' }), from(`10.3.0.${attempt}`))
      expect(answer.status).toBe(200)
    }
    const blocked = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'target@limits.test' }), from('10.3.0.99'))
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
  })

  it('limits registrations per address', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await callRoute(
        registerAction,
        formPostRequest(`${host}/register`, { name: 'New', lastName: 'Person', email: `new${attempt}@limits.test`, password: 'a good password' }),
        from('10.4.0.1'),
      )
      expect(answer.status).toBe(302)
    }
    const blocked = await callRoute(
      registerAction,
      formPostRequest(`${host}/register`, { name: 'New', lastName: 'Person', email: 'new11@limits.test', password: 'a good password' }),
      from('10.4.0.1'),
    )
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
  })
})

describe('attempt limiter on Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

  it('shares counts between limiters of different processes through Redis', async () => {
    const prefix = `test-rl-${randomBytes(4).toString('hex')}`
    const first = createAttemptLimiter({ redisUrl, prefix })
    const second = createAttemptLimiter({ redisUrl, prefix })
    try {
      for (let attempt = 0; attempt < 5; attempt++) await first.record('login', { ip: `10.9.0.${attempt}`, email: 'shared@limits.test' })
      const seen = await second.check('login', { ip: '10.9.9.9', email: 'Shared@Limits.test' })
      expect(seen).toEqual({ allowed: false, retryAfterMinutes: 15, message: TOO_MANY })
      await second.forgetEmail('login', 'shared@limits.test')
      expect(await first.check('login', { ip: '10.9.9.9', email: 'shared@limits.test' })).toEqual({ allowed: true })
    } finally {
      await first.close()
      await second.close()
    }
  })
})
