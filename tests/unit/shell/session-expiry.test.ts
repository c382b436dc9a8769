import { describe, expect, it } from 'vitest'
import { SESSION_EXPIRED_DIALOG, TOKEN_REFRESH_BUFFER_MINUTES, isAboutToExpire, isExpired } from '#server/shell/session-expiry'

const minute = 60_000
const expiresAt = Date.UTC(2026, 10, 22, 12, 0, 0)

describe('isExpired', () => {
  it.each([
    { name: 'well before expiry', now: expiresAt - 60 * minute, expired: false },
    { name: 'one millisecond before expiry', now: expiresAt - 1, expired: false },
    { name: 'at expiry', now: expiresAt, expired: true },
    { name: 'after expiry', now: expiresAt + minute, expired: true },
  ])('expired when expiry has passed: $name', ({ now, expired }) => {
    expect(isExpired(expiresAt, now)).toBe(expired)
  })

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('an unknown (negative) expiry counts as expired: %s', (expiry) => {
    expect(isExpired(expiry, 0)).toBe(true)
  })
})

describe('isAboutToExpire', () => {
  it('defaults to the 15 minute buffer', () => {
    expect(TOKEN_REFRESH_BUFFER_MINUTES).toBe(15)
    expect(isAboutToExpire(expiresAt, expiresAt - 15 * minute)).toBe(true)
    expect(isAboutToExpire(expiresAt, expiresAt - 15 * minute - 1)).toBe(false)
  })

  it.each([
    { name: 'before expiry minus buffer', now: expiresAt - 31 * minute, buffer: 30, about: false },
    { name: 'at expiry minus buffer', now: expiresAt - 30 * minute, buffer: 30, about: true },
    { name: 'inside the buffer', now: expiresAt - 5 * minute, buffer: 30, about: true },
    { name: 'after expiry', now: expiresAt + minute, buffer: 30, about: true },
    { name: 'zero buffer, just before expiry', now: expiresAt - 1, buffer: 0, about: false },
  ])('about to expire when expiry minus the buffer has passed: $name', ({ now, buffer, about }) => {
    expect(isAboutToExpire(expiresAt, now, buffer)).toBe(about)
  })

  it('treats an unknown (negative) expiry as about to expire', () => {
    expect(isAboutToExpire(-1, 0, 15)).toBe(true)
  })
})

describe('session expiry dialog', () => {
  it("uses the spec's words", () => {
    expect(SESSION_EXPIRED_DIALOG).toEqual({
      title: 'Session Expired',
      message: 'Your session has expired. Would you like to continue your session?',
      confirmLabel: 'Continue',
    })
  })
})
