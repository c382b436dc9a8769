import { isCrossSiteMutation } from '#server/http/origin-check'

type Case = [label: string, method: string, host: string | undefined, origin: string | undefined, secFetchSite: string | undefined, refused: boolean]

describe('isCrossSiteMutation', () => {
  const cases: Case[] = [
    // reads are never refused
    ['GET from another site', 'GET', 'demo.localhost:3000', 'http://evil.test', 'cross-site', false],
    ['HEAD from another site', 'HEAD', 'demo.localhost:3000', 'http://evil.test', 'cross-site', false],
    ['OPTIONS preflight', 'OPTIONS', 'demo.localhost:3000', 'http://evil.test', 'cross-site', false],
    ['lower-case get', 'get', 'demo.localhost:3000', 'http://evil.test', undefined, false],
    // same origin
    ['POST from the same host and port', 'POST', 'demo.localhost:3000', 'http://demo.localhost:3000', 'same-origin', false],
    ['POST with differently cased host', 'POST', 'Demo.Localhost:3000', 'http://demo.localhost:3000', undefined, false],
    ['POST on the default https port', 'POST', 'studio.example.com', 'https://studio.example.com', 'same-origin', false],
    ['POST on an IPv6 literal', 'POST', '[::1]:3000', 'http://[::1]:3000', undefined, false],
    ['PUT from the same host', 'PUT', 'demo.localhost:3000', 'http://demo.localhost:3000', undefined, false],
    // cross origin
    ['POST from another site', 'POST', 'demo.localhost:3000', 'http://evil.test', 'cross-site', true],
    ['DELETE from another site', 'DELETE', 'demo.localhost:3000', 'http://evil.test', undefined, true],
    ['PATCH from another site', 'PATCH', 'demo.localhost:3000', 'http://evil.test', undefined, true],
    ['POST from another tenant on the platform', 'POST', 'demo.localhost:3000', 'http://other.localhost:3000', 'same-site', true],
    ['POST from the same host on another port', 'POST', 'demo.localhost:3000', 'http://demo.localhost:4000', 'same-site', true],
    ['POST from a look-alike host', 'POST', 'demo.localhost:3000', 'http://demo.localhost.evil.test:3000', 'cross-site', true],
    ['POST with an opaque origin', 'POST', 'demo.localhost:3000', 'null', undefined, true],
    ['POST with an unparsable origin', 'POST', 'demo.localhost:3000', 'not a url', undefined, true],
    ['POST with an origin but no host', 'POST', undefined, 'http://demo.localhost:3000', undefined, true],
    // no Origin: fall back on Sec-Fetch-Site
    ['POST without Origin, cross-site fetch', 'POST', 'demo.localhost:3000', undefined, 'cross-site', true],
    ['POST without Origin from a sibling tenant subdomain', 'POST', 'demo.localhost:3000', undefined, 'same-site', true],
    ['POST without Origin, same origin', 'POST', 'demo.localhost:3000', undefined, 'same-origin', false],
    ['POST without Origin, typed by the user', 'POST', 'demo.localhost:3000', undefined, 'none', false],
    ['POST from a non-browser client', 'POST', 'demo.localhost:3000', undefined, undefined, false],
  ]

  it.each(cases)('%s', (_label, method, host, origin, secFetchSite, refused) => {
    expect(isCrossSiteMutation({ method, host, origin, secFetchSite })).toBe(refused)
  })
})
