import { describe, expect, test } from 'vitest'
import { bodyVerdictFor, MAX_FORM_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '#server/http/request-body-gate'
import { cacheControlFor, PRIVATE_NO_STORE } from '#server/http/response-cache-control'
import { preferredEncoding } from '#server/http/compressed-assets'

describe('which bodies reach a route', () => {
  const cases: { name: string; method?: string; type?: string; length?: string; outcome: string }[] = [
    { name: 'a GET, whatever it says', method: 'GET', type: 'application/json', outcome: 'accept' },
    { name: 'a url-encoded form', type: 'application/x-www-form-urlencoded', length: '20', outcome: 'accept' },
    { name: 'a url-encoded form with a charset', type: 'application/x-www-form-urlencoded; charset=UTF-8', outcome: 'accept' },
    { name: 'multipart with a boundary', type: 'multipart/form-data; boundary=----abc', outcome: 'accept' },
    { name: 'an empty post without a type (sign-out)', length: '0', outcome: 'accept' },
    { name: 'a post without a type or a length', outcome: 'accept' },
    { name: 'JSON', type: 'application/json', outcome: '415' },
    { name: 'text', type: 'text/plain', outcome: '415' },
    { name: 'bytes without a type', length: '12', outcome: '415' },
    { name: 'multipart without a boundary', type: 'multipart/form-data', outcome: '400' },
    { name: 'a nonsense length', type: 'application/x-www-form-urlencoded', length: 'ten', outcome: '400' },
    { name: 'a form over 1 MB', type: 'application/x-www-form-urlencoded', length: String(MAX_FORM_BODY_BYTES + 1), outcome: '413' },
    { name: 'an upload over 12 MB', type: 'multipart/form-data; boundary=x', length: String(MAX_MULTIPART_BODY_BYTES + 1), outcome: '413' },
    { name: 'an upload of 10 MB', type: 'multipart/form-data; boundary=x', length: String(10 * 1024 * 1024), outcome: 'accept' },
  ]
  test.each(cases)('$name: $outcome', ({ method = 'POST', type, length, outcome }) => {
    const verdict = bodyVerdictFor({ method, contentType: type, contentLength: length })
    expect(verdict.kind === 'accept' ? 'accept' : String(verdict.status)).toBe(outcome)
  })
})

describe('Cache-Control of a response', () => {
  const session = '__session=abc; org=demo'
  const cases: { name: string; route: string | null; type: string | null; cookie?: string; expected: string }[] = [
    { name: 'a signed-in page', route: null, type: 'text/html; charset=utf-8', cookie: session, expected: PRIVATE_NO_STORE },
    { name: 'a signed-in page the route called public', route: 'public, s-maxage=5', type: 'text/html', cookie: session, expected: PRIVATE_NO_STORE },
    { name: 'signed-in Remix data', route: null, type: 'text/x-script', cookie: session, expected: PRIVATE_NO_STORE },
    { name: 'a signed-in redirect', route: null, type: null, cookie: session, expected: PRIVATE_NO_STORE },
    { name: "a logo for a signed-in user keeps its route's value", route: 'public, max-age=31536000, immutable', type: 'image/png', cookie: session, expected: 'public, max-age=31536000, immutable' },
    { name: 'an anonymous shareable page', route: 'public, max-age=0, s-maxage=5', type: 'text/html', expected: 'public, max-age=0, s-maxage=5' },
    { name: 'an anonymous page that says nothing', route: null, type: 'text/html', cookie: 'org=demo', expected: PRIVATE_NO_STORE },
  ]
  test.each(cases)('$name', ({ route, type, cookie, expected }) => {
    expect(cacheControlFor({ routeValue: route, contentType: type, cookieHeader: cookie })).toBe(expected)
  })
})

describe('the encoding of a built asset', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})
