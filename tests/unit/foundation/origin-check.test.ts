import { isCrossSiteMutation } from '#server/http/origin-check'

type Case = {
  label: string
  method?: string
  protocol?: string
  host: string | undefined
  origin?: string
  referer?: string
  secFetchSite?: string
  refused: boolean
}

const HOST = 'demo.localhost:3000'

describe('isCrossSiteMutation', () => {
  const cases: Case[] = [
    // reads are never refused
    { label: 'GET from another site', method: 'GET', host: HOST, origin: 'http://evil.test', secFetchSite: 'cross-site', refused: false },
    { label: 'HEAD from another site', method: 'HEAD', host: HOST, origin: 'http://evil.test', refused: false },
    { label: 'OPTIONS preflight', method: 'OPTIONS', host: HOST, origin: 'http://evil.test', refused: false },
    { label: 'lower-case get', method: 'get', host: HOST, origin: 'http://evil.test', refused: false },
    // same origin by Origin
    { label: 'POST from the same host and port', host: HOST, origin: 'http://demo.localhost:3000', secFetchSite: 'same-origin', refused: false },
    { label: 'POST with differently cased host', host: 'Demo.Localhost:3000', origin: 'http://demo.localhost:3000', refused: false },
    { label: 'POST on the default https port', protocol: 'https', host: 'studio.example.com', origin: 'https://studio.example.com', refused: false },
    { label: 'POST naming the default port', protocol: 'https', host: 'studio.example.com:443', origin: 'https://studio.example.com', refused: false },
    { label: 'POST on an IPv6 literal', host: '[::1]:3000', origin: 'http://[::1]:3000', refused: false },
    { label: 'PUT from the same host', method: 'PUT', host: HOST, origin: 'http://demo.localhost:3000', refused: false },
    // cross origin by Origin
    { label: 'POST from another site', host: HOST, origin: 'http://evil.test', secFetchSite: 'cross-site', refused: true },
    { label: 'DELETE from another site', method: 'DELETE', host: HOST, origin: 'http://evil.test', refused: true },
    { label: 'POST from another tenant on the platform', host: HOST, origin: 'http://other.localhost:3000', secFetchSite: 'same-site', refused: true },
    { label: 'POST from the same host on another port', host: HOST, origin: 'http://demo.localhost:4000', refused: true },
    { label: 'POST from the same host over another scheme', protocol: 'https', host: 'studio.example.com', origin: 'http://studio.example.com', refused: true },
    { label: 'POST from a look-alike host', host: HOST, origin: 'http://demo.localhost.evil.test:3000', refused: true },
    { label: 'POST with an opaque origin', host: HOST, origin: 'null', refused: true },
    { label: 'POST with an unparsable origin', host: HOST, origin: 'not a url', refused: true },
    { label: 'POST with an origin but no host', host: undefined, origin: 'http://demo.localhost:3000', refused: true },
    { label: 'a same-origin Referer does not excuse a foreign Origin', host: HOST, origin: 'http://evil.test', referer: 'http://demo.localhost:3000/settings', refused: true },
    // no Origin: a same-origin Referer, or Sec-Fetch-Site: same-origin
    { label: 'no Origin, same-origin Referer', host: HOST, referer: 'http://demo.localhost:3000/settings/roles', refused: false },
    { label: 'no Origin, foreign Referer (the finding)', host: HOST, referer: 'http://evil.test/page', refused: true },
    { label: 'no Origin, Referer of a sibling tenant', host: HOST, referer: 'http://other.localhost:3000/', refused: true },
    { label: 'no Origin, Referer on another port', host: HOST, referer: 'http://demo.localhost:4000/', refused: true },
    { label: 'no Origin, unparsable Referer', host: HOST, referer: '::::', refused: true },
    { label: 'no Origin, same-origin Referer beats a cross-site fetch hint', host: HOST, referer: 'http://demo.localhost:3000/', secFetchSite: 'same-origin', refused: false },
    { label: 'no Origin, cross-site fetch', host: HOST, secFetchSite: 'cross-site', refused: true },
    { label: 'no Origin from a sibling tenant subdomain', host: HOST, secFetchSite: 'same-site', refused: true },
    { label: 'no Origin, Sec-Fetch-Site same-origin', host: HOST, secFetchSite: 'same-origin', refused: false },
    { label: 'no Origin, typed by the user', host: HOST, secFetchSite: 'none', refused: true },
    { label: 'no Origin, no Referer, no fetch metadata', host: HOST, refused: true },
    { label: 'an empty Origin counts as none', host: HOST, origin: '', referer: 'http://evil.test/', refused: true },
  ]

  it.each(cases)('$label', ({ method = 'POST', protocol, host, origin, referer, secFetchSite, refused }) => {
    expect(isCrossSiteMutation({ method, protocol, host, origin, referer, secFetchSite })).toBe(refused)
  })
})
