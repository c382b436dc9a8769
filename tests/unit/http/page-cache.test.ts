import { describe, expect, test } from 'vitest'
import { hasPersonalCookies, PageCache, shareablePageHeaders, STALE_GRACE_MS, fillPage } from '#server/http/page-cache'

const TENANT_A = '00000000-0000-4000-8000-00000000000a'
const TENANT_B = '00000000-0000-4000-8000-00000000000b'

function page(tenantId: string | null, body = '<script nonce="N0">x</script><p>N0 twice: N0</p>') {
  return { status: 200, headers: [['content-type', 'text/html']] as [string, string][], body, nonce: 'N0', tenantId }
}

function clock(start = 1_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('which responses may be kept', () => {
  const cache = new PageCache()
  const cases: { name: string; status: number; headers: Record<string, string>; ttl: number }[] = [
    { name: 'public with s-maxage', status: 200, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=5' }, ttl: 5000 },
    { name: 'public with s-maxage, Vary: Cookie', status: 200, headers: { 'Cache-Control': 'public, s-maxage=5', Vary: 'Cookie' }, ttl: 5000 },
    { name: 's-maxage capped at 60 s', status: 200, headers: { 'Cache-Control': 'public, s-maxage=3600' }, ttl: 60_000 },
    { name: 'no Cache-Control', status: 200, headers: {}, ttl: 0 },
    { name: 'public without s-maxage', status: 200, headers: { 'Cache-Control': 'public, max-age=30' }, ttl: 0 },
    { name: 'private', status: 200, headers: { 'Cache-Control': 'private, s-maxage=5' }, ttl: 0 },
    { name: 'no-store', status: 200, headers: { 'Cache-Control': 'public, no-store, s-maxage=5' }, ttl: 0 },
    { name: 'sets a cookie', status: 200, headers: { 'Cache-Control': 'public, s-maxage=5', 'Set-Cookie': 'a=b' }, ttl: 0 },
    { name: 'public with s-maxage, Vary: Cookie, Accept-Language', status: 200, headers: { 'Cache-Control': 'public, s-maxage=5', Vary: 'Cookie, Accept-Language' }, ttl: 5000 },
    { name: 'varies on something else', status: 200, headers: { 'Cache-Control': 'public, s-maxage=5', Vary: 'User-Agent' }, ttl: 0 },
    { name: 'a 404', status: 404, headers: { 'Cache-Control': 'public, s-maxage=5' }, ttl: 0 },
    { name: 'a redirect', status: 302, headers: { 'Cache-Control': 'public, s-maxage=5' }, ttl: 0 },
  ]
  test.each(cases)('$name', ({ status, headers, ttl }) => {
    expect(cache.ttlFor(status, new Headers(headers))).toBe(ttl)
  })
})

describe('the page cache', () => {
  test('keeps a page until its time is up', () => {
    const time = clock()
    const cache = new PageCache({ now: time.now })
    cache.set('k', page(TENANT_A), 5000, cache.generationOf(TENANT_A))
    expect(cache.get('k')?.parts.join('')).toContain('<p>')
    time.advance(4999)
    expect(cache.get('k')).toBeDefined()
    time.advance(1)
    expect(cache.get('k')).toBeUndefined()
  })

  test('an expired page is served to others while one request renders its replacement', () => {
    const time = clock()
    const cache = new PageCache({ now: time.now })
    cache.set('k', page(TENANT_A), 5000, 0)
    expect(cache.lookup('k').kind).toBe('fresh')
    time.advance(5000)
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: true })
    expect(cache.lookup('k').kind).toBe('stale')
    expect(cache.lookup('k').kind).toBe('stale')
    cache.set('k', page(TENANT_A, 'new'), 5000, 0)
    const fresh = cache.lookup('k')
    expect(fresh.kind === 'fresh' && fresh.page.parts.join('')).toBe('new')
  })

  test('a replacement that renders nothing to keep lets the next request render', () => {
    const time = clock()
    const cache = new PageCache({ now: time.now })
    cache.set('k', page(TENANT_A), 5000, 0)
    time.advance(6000)
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: true })
    cache.release('k')
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: false })
  })

  test(`an expired page is never served more than ${STALE_GRACE_MS / 1000} s late`, () => {
    const time = clock()
    const cache = new PageCache({ now: time.now })
    cache.set('k', page(TENANT_A), 5000, 0)
    time.advance(5000)
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: true })
    time.advance(STALE_GRACE_MS)
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: false })
    expect(cache.size).toBe(0)
  })

  test('after a write nothing stale is served: the next request renders', () => {
    const time = clock()
    const cache = new PageCache({ now: time.now })
    cache.set('k', page(TENANT_A), 5000, 0)
    time.advance(5000)
    cache.dropTenant(TENANT_A)
    expect(cache.lookup('k')).toEqual({ kind: 'render', replacing: false })
  })

  test("dropping a tenant drops only that tenant's pages", () => {
    const cache = new PageCache()
    cache.set('a1', page(TENANT_A), 5000, 0)
    cache.set('a2', page(TENANT_A), 5000, 0)
    cache.set('b1', page(TENANT_B), 5000, 0)
    cache.dropTenant(TENANT_A)
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined])
    expect(cache.get('b1')).toBeDefined()
  })

  test('a page rendered while its tenant was written to is not kept', () => {
    const cache = new PageCache()
    const before = cache.generationOf(TENANT_A)
    cache.dropTenant(TENANT_A)
    cache.set('a', page(TENANT_A), 5000, before)
    expect(cache.get('a')).toBeUndefined()
    cache.set('a', page(TENANT_A), 5000, cache.generationOf(TENANT_A))
    expect(cache.get('a')).toBeDefined()
  })

  test('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new PageCache({ maxEntries: 2 })
    cache.set('first', page(TENANT_A), 5000, 0)
    cache.set('second', page(TENANT_A), 5000, 0)
    cache.set('third', page(TENANT_A), 5000, 0)
    expect(cache.size).toBe(2)
    expect(cache.get('first')).toBeUndefined()
    expect(cache.get('third')).toBeDefined()
  })

  test('does not keep bodies over the size limit', () => {
    const cache = new PageCache({ maxBodyBytes: 10 })
    cache.set('big', page(TENANT_A, 'x'.repeat(11)), 5000, 0)
    expect(cache.get('big')).toBeUndefined()
  })

  test("each hit carries its own response's nonce, everywhere the old one was", () => {
    const cache = new PageCache()
    cache.set('k', page(TENANT_A), 5000, 0)
    const cached = cache.get('k')
    if (!cached) throw new Error('not kept')
    const noStamp = () => ''
    expect(fillPage(cached, { nonce: 'N1', stamp: noStamp }).toString()).toBe('<script nonce="N1">x</script><p>N1 twice: N1</p>')
    expect(fillPage(cached, { nonce: 'N2', stamp: noStamp }).toString()).toBe('<script nonce="N2">x</script><p>N2 twice: N2</p>')
  })

  test('each hit carries freshly issued fill-time stamps where the rendered ones were', () => {
    const cache = new PageCache()
    const body = '<script nonce="N0">x</script><input name="startedAt" value="1700000000000.abc"/><script nonce="N0">{"stamp":"1700000000000.abc"}</script>'
    cache.set('k', { ...page(TENANT_A, body), stamps: [{ text: '1700000000000.abc', formId: 'form-1' }] }, 5000, 0)
    const cached = cache.get('k')
    if (!cached) throw new Error('not kept')
    let issued = 0
    const filled = fillPage(cached, { nonce: 'N1', stamp: (formId) => `${formId}-fresh-${++issued}` }).toString()
    expect(filled).toBe('<script nonce="N1">x</script><input name="startedAt" value="form-1-fresh-1"/><script nonce="N1">{"stamp":"form-1-fresh-1"}</script>')
    expect(fillPage(cached, { nonce: 'N2', stamp: (formId) => `${formId}-fresh-${++issued}` }).toString()).toContain('value="form-1-fresh-2"')
  })
})

describe('personal cookies', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['org=demo', false],
    ['__session=abc', true],
    ['org=demo; __session=abc', true],
    ['lang=tr', true],
    // The language choice is named by the cache key instead (page-cache-key.ts).
    ['lng=tr', false],
    ['lng=tr; __session=abc', true],
  ])('%s -> %s', (cookie, personal) => {
    expect(hasPersonalCookies(cookie)).toBe(personal)
  })

  test('a shareable page is marked so only for anonymous GETs', () => {
    expect(shareablePageHeaders(new Request('http://demo.localhost/home'))).toEqual({
      'Cache-Control': 'public, max-age=0, s-maxage=5',
      Vary: 'Cookie, Accept-Language',
    })
    expect(shareablePageHeaders(new Request('http://demo.localhost/home', { headers: { cookie: '__session=x' } }))).toBeUndefined()
    expect(shareablePageHeaders(new Request('http://demo.localhost/home', { method: 'POST' }))).toBeUndefined()
  })

  it('keeps a page that changes by itself no longer than until it changes, and not at all within a second of it', () => {
    const now = new Date('2026-11-24T12:00:00Z')
    const request = new Request('http://demo.localhost/calendar')
    const keptFor = (msAhead: number | null) =>
      shareablePageHeaders(request, { changesAt: msAhead === null ? null : new Date(now.getTime() + msAhead), now })?.['Cache-Control'] ?? 'not kept'
    expect(keptFor(null)).toBe('public, max-age=0, s-maxage=5')
    expect(keptFor(60_000)).toBe('public, max-age=0, s-maxage=5')
    expect(keptFor(3_500)).toBe('public, max-age=0, s-maxage=3')
    expect(keptFor(900)).toBe('not kept')
    expect(keptFor(-1_000)).toBe('not kept')
  })
})
