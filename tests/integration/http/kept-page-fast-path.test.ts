import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { IncomingHttpHeaders } from 'node:http'
import { startDemoHttpApp, type DemoHttpApp } from './demo-http-app'
import { countExpressRequests, rawGet, type RawAnswer } from './express-sightings'

/**
 * A kept public page is answered before express (server/http/kept-page-fast-path.ts). The
 * answer must be the one express would give: same headers, same page with its own nonce.
 */

function get(app: DemoHttpApp, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawGet(app, path, { 'accept-encoding': 'gzip, br', ...headers })
}

// Different on every answer by design. The render that keeps a page is compressed on its way
// out (brotli when the browser takes it, chunked); a kept page leaves as gzip joined from parts.
const PER_ANSWER = new Set(['date', 'x-request-id', 'content-security-policy', 'content-length', 'x-page-cache', 'content-encoding', 'transfer-encoding'])

const stableHeaders = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)))
const decoded = (answer: RawAnswer) => {
  const encoding = answer.headers['content-encoding']
  return (encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8')
}
const nonceOf = (headers: IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? ''

describe('kept pages answered before express', () => {
  let app: DemoHttpApp
  let hostResolutions: () => number

  beforeAll(async () => {
    app = await startDemoHttpApp()
    hostResolutions = countExpressRequests(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('sends the same headers and page as the render that kept it, with a nonce of its own, without reaching express', async () => {
    // The calendar: a page with scripts, each of which must get the kept page's own nonce.
    const rendered = await get(app, '/calendar?fast-path=1')
    expect(rendered.status).toBe(200)
    expect(rendered.headers['x-page-cache']).toBe('miss')
    const resolutionsBefore = hostResolutions()

    const kept = await get(app, '/calendar?fast-path=1')
    expect(kept.headers['x-page-cache']).toBe('hit')
    // Express resolves the host of every request it sees; the kept page never got there.
    expect(hostResolutions()).toBe(resolutionsBefore)
    expect(stableHeaders(kept.headers)).toEqual(stableHeaders(rendered.headers))
    expect(kept.headers['content-encoding']).toBe('gzip')
    expect(kept.headers['cache-control']).toBe(rendered.headers['cache-control'])

    const [firstNonce, secondNonce] = [nonceOf(rendered.headers), nonceOf(kept.headers)]
    expect(secondNonce).not.toBe('')
    expect(secondNonce).not.toBe(firstNonce)
    const keptPage = decoded(kept)
    expect(keptPage).toContain(`<script nonce="${secondNonce}"`)
    expect(keptPage.split(secondNonce).join('N')).toBe(decoded(rendered).split(firstNonce).join('N'))
  })

  it('leaves to express a visitor with a cookie and a browser without gzip', async () => {
    await get(app, '/home?fast-path=2')
    expect((await get(app, '/home?fast-path=2')).headers['x-page-cache']).toBe('hit')

    const before = hostResolutions()
    const withCookie = await get(app, '/home?fast-path=2', { cookie: 'lang=tr' })
    expect(withCookie.headers['x-page-cache']).toBeUndefined()
    expect(withCookie.headers['cache-control']).toBe('private, no-store')

    const plain = await get(app, '/home?fast-path=2', { 'accept-encoding': 'identity' })
    expect(plain.headers['x-page-cache']).toBe('hit')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString('utf8')).toContain('<html')
    expect(hostResolutions()).toBe(before + 2)
  })
})
