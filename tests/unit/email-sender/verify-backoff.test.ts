import { nextVerifyDelay, VERIFY_GIVE_UP_AFTER_MS } from '#server/email-sender/verify-backoff'

const MIN = 60_000
const HOUR = 60 * MIN

describe('how often the DNS verification job looks again', () => {
  it.each([
    [1, 0, 1 * MIN],
    [2, 1 * MIN, 5 * MIN],
    [3, 6 * MIN, 15 * MIN],
    [4, 21 * MIN, HOUR],
    [30, 30 * HOUR, HOUR],
  ])('after check %i (%i ms in) waits %i ms', (attempt, elapsed, delay) => {
    expect(nextVerifyDelay(attempt, elapsed)).toBe(delay)
  })

  it('gives up once another hour would pass 72 hours', () => {
    expect(VERIFY_GIVE_UP_AFTER_MS).toBe(72 * HOUR)
    expect(nextVerifyDelay(80, 71 * HOUR)).toBe(HOUR)
    expect(nextVerifyDelay(81, 71 * HOUR + 1)).toBeNull()
    expect(nextVerifyDelay(90, 72 * HOUR)).toBeNull()
  })

  it('checks about 75 times over the 72 hours before giving up', () => {
    let attempt = 1
    let elapsed = 0
    for (;;) {
      const delay = nextVerifyDelay(attempt, elapsed)
      if (delay === null) break
      elapsed += delay
      attempt += 1
    }
    expect(elapsed).toBeLessThanOrEqual(72 * HOUR)
    expect(attempt).toBeGreaterThan(70)
    expect(attempt).toBeLessThan(80)
  })
})
