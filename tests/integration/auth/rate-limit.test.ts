import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { action as forgotAction } from '#app/routes/_auth+/forgot-password'
import { action as loginAction } from '#app/routes/_auth+/login'
import { action as registerAction } from '#app/routes/_auth+/register'
import { issueFormStamp } from '#server/forms/fill-time'
import { LOGIN_BOT_CHECK_MESSAGE } from '#server/auth/sign-in-messages'
import { createAttemptLimiter } from '#server/security/rate-limit'
import type { Tenant } from '#server/tenancy/tenant'
import { solvedAltchaToken } from '#tests/integration/forms/form-fixtures'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, cookieOf, formPostRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

// On the CI set-up (Postgres and Redis) the counters live in Redis, under this run's own prefix.
const redisUrl = process.env.REDIS_URL
const engine = process.env.DATABASE_URL ? `Postgres${redisUrl ? ' + Redis' : ''}` : 'PGlite'
const PASSWORD = 'the right password'
const TOO_MANY = 'Too many attempts. Try again in 15 minutes.'

describe(`sign-in limits per address and per account and address (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let otherTenant: Tenant
  const host = 'http://limits.localhost'

  beforeAll(async () => {
    platform = await createTestPlatform(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}` } : {})
    tenant = await createTenant(platform, { orgId: 'limits' })
    otherTenant = await createTenant(platform, { orgId: 'limits-other' })
    for (const email of ['owner@limits.test', 'pair@limits.test', 'other@limits.test', 'forgetful@limits.test']) {
      await createContact(platform, tenant, { role: 'ROLE_ADMIN', email, password: PASSWORD })
    }
    await createContact(platform, otherTenant, { role: 'ROLE_ADMIN', email: 'owner@limits.test', password: PASSWORD })
  })
  afterAll(() => platform.close())

  const from = (ip: string, on: Tenant = tenant) => ({ ...contextFor(platform, on), ip })
  const login = (ip: string, email: string, password: string, extra: Record<string, string> = {}, on: Tenant = tenant) =>
    callRoute(loginAction, formPostRequest(`${host}/login`, { intent: 'login', email, password, ...extra }), from(ip, on))
  const signedIn = (answer: { status: number; setCookies: string[] }) => answer.status === 302 && cookieOf(answer, '__session') !== null

  it('failures from many addresses never lock the owner out: past ten, the bot check comes first', async () => {
    // An attacker spreads 30 wrong passwords for the owner's email over 30 addresses.
    for (let attempt = 1; attempt <= 30; attempt++) {
      const answer = await login(`10.0.0.${attempt}`, 'owner@limits.test', 'wrong password')
      expect(answer.status).not.toBe(429)
    }
    // The owner, from an address of their own: not refused with 429, asked for the bot check.
    const asked = await login('10.0.9.1', 'owner@limits.test', PASSWORD)
    expect(asked.status).toBe(400)
    expect(JSON.stringify(asked.body)).toContain(LOGIN_BOT_CHECK_MESSAGE)
    expect(signedIn(asked)).toBe(false)
    const stamp = (asked.body as { botCheck: { stamp: string } | null }).botCheck?.stamp
    expect(stamp).toMatch(/^\d+\./)

    // With JavaScript: a solved ALTCHA challenge, and the right password signs in.
    const withScript = await login('10.0.9.1', 'owner@limits.test', PASSWORD, { rToken: await solvedAltchaToken(platform) })
    expect(signedIn(withScript)).toBe(true)

    // Without JavaScript: the form's signed time stamp, a few seconds old, and an empty honeypot.
    const oldStamp = issueFormStamp(platform.env, 'login', Date.now() - 10_000)
    const noScript = await login('10.0.9.2', 'owner@limits.test', PASSWORD, { formStartedAt: oldStamp, website: '' })
    expect(signedIn(noScript)).toBe(true)

    // The check comes before the password: a wrong one with no check is not even tried.
    const guessed = await login('10.0.9.3', 'owner@limits.test', 'wrong password')
    expect(JSON.stringify(guessed.body)).toContain(LOGIN_BOT_CHECK_MESSAGE)
    // A filled honeypot or a used-up challenge does not pass.
    const token = await solvedAltchaToken(platform)
    expect(signedIn(await login('10.0.9.4', 'owner@limits.test', PASSWORD, { rToken: token }))).toBe(true)
    expect(signedIn(await login('10.0.9.5', 'owner@limits.test', PASSWORD, { rToken: token }))).toBe(false)
    expect(signedIn(await login('10.0.9.6', 'owner@limits.test', PASSWORD, { formStartedAt: oldStamp, website: 'x' }))).toBe(false)
  })

  it('the same owner on another studio’s host is not affected at all', async () => {
    expect(signedIn(await login('10.0.0.1', 'owner@limits.test', PASSWORD, {}, otherTenant))).toBe(true)
  })

  it('stops one address guessing one account after 5 failures, even with the right password', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login('10.5.0.1', 'pair@limits.test', 'wrong password')).status).toBe(400)
    }
    const blocked = await login('10.5.0.1', 'pair@limits.test', PASSWORD)
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
    expect(blocked.setCookies.some((line) => line.startsWith('__session='))).toBe(false)
    // The owner elsewhere, and the same address for someone else, still sign in.
    expect(signedIn(await login('10.5.0.2', 'pair@limits.test', PASSWORD))).toBe(true)
    expect(signedIn(await login('10.5.0.1', 'other@limits.test', PASSWORD))).toBe(true)
  })

  it('limits an address to 10 failed sign-ins whatever the emails, on that studio’s host only', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      await login('10.1.1.1', `guess${attempt}@limits.test`, 'wrong password')
    }
    const blocked = await login('10.1.1.1', 'other@limits.test', PASSWORD)
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
    expect(signedIn(await login('10.1.1.1', 'owner@limits.test', PASSWORD, {}, otherTenant))).toBe(true)
  })

  it('forgets an address’s failures on an account after it signs in', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await login('10.2.0.1', 'forgetful@limits.test', 'wrong')
    expect(signedIn(await login('10.2.0.1', 'forgetful@limits.test', PASSWORD))).toBe(true)
    for (let attempt = 1; attempt <= 4; attempt++) await login('10.2.0.1', 'forgetful@limits.test', 'wrong')
    expect(signedIn(await login('10.2.0.1', 'forgetful@limits.test', PASSWORD))).toBe(true)
  })

  it('limits password reset requests per email, with the same answer until then', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'other@limits.test' }), from(`10.3.0.${attempt}`))
      expect(answer.status).toBe(200)
    }
    const blocked = await callRoute(forgotAction, formPostRequest(`${host}/forgot-password`, { email: 'other@limits.test' }), from('10.3.0.99'))
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
  })

  it('limits registrations per address', async () => {
    const register = (email: string) =>
      callRoute(
        registerAction,
        formPostRequest(`${host}/register`, { name: 'New', lastName: 'Person', email, password: 'a good password' }),
        from('10.4.0.1'),
      )
    for (let attempt = 1; attempt <= 10; attempt++) expect((await register(`new${attempt}@limits.test`)).status).toBe(302)
    const blocked = await register('new11@limits.test')
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(blocked.body)).toContain(TOO_MANY)
  })
})

describe('attempt limiter on Redis', () => {
  const url = redisUrl ?? 'redis://127.0.0.1:6379'
  const keys = (ip: string, tenantId: string | null = 'tenant-a') => ({ tenantId, ip, email: 'Shared@Limits.test' })

  it('shares counts between processes of one deployment, per tenant, and not with another deployment', async () => {
    const prefix = `test-rl-${randomBytes(4).toString('hex')}`
    // Each process of a deployment brings its own connection, as its composition root makes it.
    const connections = [new Redis(url), new Redis(url), new Redis(url)] as const
    const first = createAttemptLimiter({ redis: connections[0], prefix })
    const second = createAttemptLimiter({ redis: connections[1], prefix })
    const elsewhere = createAttemptLimiter({ redis: connections[2], prefix: `${prefix}-other` })
    try {
      for (let attempt = 0; attempt < 5; attempt++) await first.record('login', keys('10.9.0.1'))
      expect(await second.check('login', keys('10.9.0.1'))).toEqual({ ok: false, error: 'rate_limited', message: TOO_MANY, details: { retryAfterMinutes: 15 } })
      expect(await second.check('login', keys('10.9.0.2'))).toEqual({ ok: true, value: { botCheckRequired: false } })
      expect(await second.check('login', keys('10.9.0.1', 'tenant-b'))).toEqual({ ok: true, value: { botCheckRequired: false } })
      expect(await elsewhere.check('login', keys('10.9.0.1'))).toEqual({ ok: true, value: { botCheckRequired: false } })

      for (let attempt = 0; attempt < 5; attempt++) await first.record('login', keys(`10.9.1.${attempt}`))
      expect(await second.check('login', keys('10.9.2.1'))).toEqual({ ok: true, value: { botCheckRequired: true } })

      await second.forgetPair('login', keys('10.9.0.1'))
      expect(await first.check('login', keys('10.9.0.1'))).toEqual({ ok: true, value: { botCheckRequired: true } })
    } finally {
      for (const connection of connections) connection.disconnect()
    }
  })
})
