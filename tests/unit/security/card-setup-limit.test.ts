import { createAttemptLimiter, tooManyAttemptsMessage } from '#server/security/rate-limit'

describe('Add a card is limited per person and per address', () => {
  it('lets one person start five card set-ups in the window, refuses the sixth, and counts another person apart', async () => {
    const limiter = createAttemptLimiter({ redis: null, prefix: 'card-setup-test' })
    const keys = { tenantId: '00000000-0000-4000-8000-000000000001', ip: '203.0.113.9', email: 'card.tester@example.test' }
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await limiter.check('card-setup', keys)).ok).toBe(true)
      await limiter.record('card-setup', keys)
    }
    const refused = await limiter.check('card-setup', keys)
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.message).toBe(tooManyAttemptsMessage(15))
    expect((await limiter.check('card-setup', { ...keys, email: 'someone.else@example.test' })).ok).toBe(true)
  })

  it('refuses an address that starts twenty, whoever is signed in', async () => {
    const limiter = createAttemptLimiter({ redis: null, prefix: 'card-setup-test-ip' })
    const keys = (n: number) => ({ tenantId: '00000000-0000-4000-8000-000000000001', ip: '203.0.113.10', email: `person${n}@example.test` })
    for (let n = 0; n < 20; n += 1) await limiter.record('card-setup', keys(n))
    expect((await limiter.check('card-setup', keys(99))).ok).toBe(false)
  })
})
