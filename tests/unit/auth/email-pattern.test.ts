import { describe, expect, it } from 'vitest'
import { BROWSER_EMAIL_PATTERN, matchesEmailPattern } from '#server/forms/email-pattern'

// docs/decisions/054: top-level domains of any real length, not only 2 to 4 letters.
describe('the email pattern accepts real top-level domains', () => {
  it.each([
    ['name@studio.online', true],
    ['ann@example.com', true],
    ['a@b.museum', true],
    ['coach@yoga.photography', true],
    ['x@y.international', true],
    ['a@b.xn--p1ai', true],
    [`a@b.${'a'.repeat(63)}`, true],
    [`a@b.${'a'.repeat(64)}`, false],
    ['a@b.c', false],
    ['a@b.c0m', false],
    ['a@b.-com', false],
    ['ann@example', false],
    ['Ann@Example.com', false],
    ['ann example@x.com', false],
  ])('%s -> %s', (email, ok) => {
    expect(matchesEmailPattern(email)).toBe(ok)
  })

  it.each([
    ['Name@Studio.Online', true],
    ['a@b.XN--P1AI', true],
    ['a@b.c', false],
  ])('in the browser, %s -> %s', (email, ok) => {
    expect(new RegExp(BROWSER_EMAIL_PATTERN).test(email)).toBe(ok)
  })
})
