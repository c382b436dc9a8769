import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '#server/auth/safe-redirect'

describe('safeRedirectPath keeps same-site paths', () => {
  it.each([
    ['/contacts', '/contacts'],
    ['/contacts?page=2#top', '/contacts?page=2'],
    ['  /dashboard  ', '/dashboard'],
    ['/a/../settings', '/settings'],
    ['/./settings/account', '/settings/account'],
    ['/settings//users', '/settings//users'],
    ['/search?q=//evil.example', '/search?q=//evil.example'],
    ['/pforms/a%2Fb', '/pforms/a%2Fb'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })
})

describe('safeRedirectPath refuses every way out to another host', () => {
  it.each([
    // Network-path references, as typed and as dot segments resolve them.
    ['//evil.example'],
    ['//evil.example/path'],
    ['///evil.example'],
    ['/.//evil.example'],
    ['/././/evil.example'],
    ['/../evil.example/..//evil.example'],
    ['/..//evil.example'],
    ['/a/../..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2e%2e//evil.example'],
    // Backslashes, which browsers read as slashes.
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    ['/.\\/evil.example'],
    ['/a\\b'],
    // Encoded slashes and backslashes at the start, once or twice encoded.
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%5c%5cevil.example'],
    ['/%252F/evil.example'],
    ['/%255Cevil.example'],
    // Tabs, newlines and other controls, which browsers drop from URLs.
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['/%0d%0a/evil.example'],
    ['/\u0000/evil.example'],
    ['/line\nbreak'],
    // Schemes and hosts.
    ['https://evil.example'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['evil.example'],
    ['dashboard'],
    [''],
    ['   '],
    // The sign-in pages themselves.
    ['/login?redirectTo=/x'],
    ['/logout'],
    ['/register/'],
    ['/forgot-password'],
    ['/reset-password/abc'],
    // Not text at all, or too long.
    [undefined],
    [null],
    [42],
    [['/contacts']],
    [`/${'a'.repeat(2001)}`],
  ])('%j -> null', (input) => {
    expect(safeRedirectPath(input)).toBeNull()
  })

  it('never returns a path that leaves the site, whatever the dot segments', () => {
    const pieces = ['/', '.', '..', '//', '/./', '/../', 'evil.example', '%2f', '%5c', 'a']
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const result = safeRedirectPath(`/${a}${b}${c}`)
          if (result === null) continue
          expect(result.startsWith('/')).toBe(true)
          expect(result).not.toMatch(/^\/[/\\]/)
          expect(new URL(result, 'https://studio.example').host).toBe('studio.example')
        }
      }
    }
  })
})
