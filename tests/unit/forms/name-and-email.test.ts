import { describe, expect, it } from 'vitest'
import { BROWSER_EMAIL_PATTERN, matchesEmailPattern, normaliseEmail } from '#server/forms/email-pattern'
import { splitFullName } from '#server/forms/split-full-name'

describe('a field named Name is split into first and last name', () => {
  it.each([
    { full: 'Ada Lovelace', first: 'Ada', last: 'Lovelace' },
    { full: '  Mary   Ann  Smith ', first: 'Mary', last: 'Ann Smith' },
    { full: 'Madonna', first: 'Madonna', last: '' },
    { full: '   ', first: '', last: '' },
    { full: 'José García-Márquez', first: 'José', last: 'García-Márquez' },
  ])('$full', ({ full, first, last }) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last })
  })
})

describe('email pattern (spec 002 section 5)', () => {
  it.each([
    { email: 'ann@example.com', ok: true },
    { email: 'ann.lee+yoga_1%x-y@mail.example.co', ok: true },
    { email: 'a@b.info', ok: true },
    { email: 'a@b.museum', ok: true },
    { email: 'a@b.c', ok: false },
    { email: 'ann@example', ok: false },
    { email: 'ann example@x.com', ok: false },
    { email: 'ann@exa_mple.com', ok: false },
    { email: 'Ann@Example.com', ok: false },
    { email: 'ann@@example.com', ok: false },
    { email: '@example.com', ok: false },
    { email: 'ann@example.c0m', ok: false },
  ])('$email', ({ email, ok }) => {
    expect(matchesEmailPattern(email)).toBe(ok)
  })

  it('is applied after trimming and lower-casing what the visitor typed', () => {
    expect(matchesEmailPattern(normaliseEmail('  Ann@Example.COM '))).toBe(true)
  })
})

describe("the browser's email pattern", () => {
  // Browsers compile the pattern attribute as new RegExp(`^(?:${pattern})$`, 'v'); one that does not compile is dropped.
  const asBrowsers = new RegExp(`^(?:${BROWSER_EMAIL_PATTERN})$`, 'v')

  it.each(['maya@example.test', 'Maya.Lind+yoga@Studio-One.Online', 'a@b.xn--p1ai'])('compiles as browsers compile it and lets %s through', (email) => {
    expect(asBrowsers.test(email)).toBe(true)
  })

  it.each(['maya@', 'maya example.test', 'maya@example', '@example.test'])('refuses %s, as the server does', (email) => {
    expect(asBrowsers.test(email)).toBe(false)
    expect(matchesEmailPattern(normaliseEmail(email))).toBe(false)
  })
})
