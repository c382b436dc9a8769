import { gunzipSync } from 'node:zlib'
import type { IncomingHttpHeaders } from 'node:http'
import { asSystem } from '#db/tenant-scope'
import { endSession } from '#server/auth/sign-out'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from './demo-http-app'
import { countExpressRequests, rawGet, type RawAnswer } from './express-sightings'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

// Different on every answer by design, or by how the answer was compressed (a render leaves
// brotli or chunked gzip, a kept page gzip joined from parts).
const PER_ANSWER = new Set(['date', 'x-request-id', 'content-security-policy', 'content-length', 'x-page-cache', 'content-encoding', 'transfer-encoding', 'vary'])
const stableHeaders = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)))
const nonceOf = (headers: IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? ''
const text = (answer: RawAnswer) => (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8')

/**
 * Pages kept for a signed-in user are answered before express (server/http/signed-in-page-fast-path.ts,
 * decision 156) only when express would have answered them from the cache: the same session, the
 * same key, the same headers, and a nonce of their own.
 */
describe(`signed-in kept pages answered before express (${engine})`, () => {
  let app: DemoHttpApp
  let expressRequests: () => number

  beforeAll(async () => {
    app = await startDemoHttpApp()
    expressRequests = countExpressRequests(app)
  })
  afterAll(() => app?.close())

  const get = (path: string, cookie: string, headers: Record<string, string> = {}) => rawGet(app, path, { 'accept-encoding': 'gzip', cookie, ...headers })
  /** The answer and whether express saw the request. */
  const ask = async (path: string, cookie: string, headers: Record<string, string> = {}) => {
    const before = expressRequests()
    const answer = await get(path, cookie, headers)
    return { answer, viaExpress: expressRequests() > before }
  }
  const staffCookie = async (email: string, role = 'ROLE_ADMIN') => {
    const staff = await asSystem(app.platform.database, 'test fixture', (trx) =>
      trx.insertInto('contacts').values({ tenant_id: app.demo.id, first_name: 'Fast', last_name: 'Path', email, role }).returning('id').executeTakeFirstOrThrow(),
    )
    return createSessionCookie(app.platform, app.demo, staff)
  }

  it('sends the page express kept, with the same headers and a nonce of its own, without reaching express', async () => {
    const rendered = await ask('/settings/account?fast=1', app.adminCookie)
    expect(rendered.answer.status).toBe(200)
    expect(rendered.answer.headers['x-page-cache']).toBe('miss')
    expect(rendered.viaExpress).toBe(true)

    const kept = await ask('/settings/account?fast=1', app.adminCookie)
    expect(kept.viaExpress).toBe(false)
    expect(kept.answer.headers['x-page-cache']).toBe('hit')
    expect(kept.answer.headers['content-encoding']).toBe('gzip')
    expect(kept.answer.headers['cache-control']).toBe('private, no-store')
    expect(stableHeaders(kept.answer.headers)).toEqual(stableHeaders(rendered.answer.headers))
    expect(kept.answer.headers['x-request-id']).not.toBe(rendered.answer.headers['x-request-id'])

    const [firstNonce, secondNonce] = [nonceOf(rendered.answer.headers), nonceOf(kept.answer.headers)]
    expect(secondNonce).not.toBe('')
    expect(secondNonce).not.toBe(firstNonce)
    const page = text(kept.answer)
    expect(page).toContain(`nonce="${secondNonce}"`)
    expect(page.split(secondNonce).join('N')).toBe(text(rendered.answer).split(firstNonce).join('N'))
  })

  it('leaves to express pages that are not kept, browsers without gzip, and a stale cookie', async () => {
    // The dashboard is never kept: each ask goes the whole way.
    for (let i = 0; i < 2; i++) {
      const dashboard = await ask('/dashboard', app.adminCookie)
      expect(dashboard.answer.status).toBe(200)
      expect(dashboard.viaExpress).toBe(true)
    }
    await get('/settings/account?fast=2', app.adminCookie)
    const plain = await ask('/settings/account?fast=2', app.adminCookie, { 'accept-encoding': 'identity' })
    expect(plain.viaExpress).toBe(true)
    expect(plain.answer.headers['x-page-cache']).toBe('hit')
    expect(plain.answer.headers['content-encoding']).toBeUndefined()

    const stale = await ask('/settings/account?fast=2', '__session=not-a-live-session-token-0000000000000000')
    expect(stale.viaExpress).toBe(true)
    expect(stale.answer.status).toBe(302)
  })

  it('never answers one user with the page kept for another, nor for another language or cookie', async () => {
    await get('/settings/account?fast=3', app.adminCookie)
    expect((await ask('/settings/account?fast=3', app.adminCookie)).viaExpress).toBe(false)

    const other = await staffCookie('fast.path.other@demo.test')
    const theirs = await ask('/settings/account?fast=3', other)
    expect(theirs.viaExpress).toBe(true)
    expect(theirs.answer.headers['x-page-cache']).toBe('miss')
    expect((await ask('/settings/account?fast=3', other)).viaExpress).toBe(false)

    const turkish = await ask('/settings/account?fast=3', `${app.adminCookie}; lng=tr`)
    expect(turkish.viaExpress).toBe(true)
    expect(turkish.answer.headers['x-page-cache']).toBe('miss')
    expect(text(turkish.answer)).toContain('lang="tr"')

    const browserTurkish = await ask('/settings/account?fast=3', app.adminCookie, { 'accept-language': 'tr-TR,tr;q=0.9' })
    expect(browserTurkish.viaExpress).toBe(true)
    expect(browserTurkish.answer.headers['x-page-cache']).toBe('miss')
  })

  it('stops at once when the session ends or what the page shows changes', async () => {
    const cookie = await staffCookie('fast.path.ends@demo.test')
    await get('/settings/account?fast=4', cookie)
    expect((await ask('/settings/account?fast=4', cookie)).viaExpress).toBe(false)

    app.platform.caches.changed(app.demo.id, ['tenant'])
    const changed = await ask('/settings/account?fast=4', cookie)
    expect(changed.viaExpress).toBe(true)
    expect(changed.answer.headers['x-page-cache']).toBe('miss')
    expect((await ask('/settings/account?fast=4', cookie)).viaExpress).toBe(false)

    await endSession(app.platform, { tenantId: app.demo.id, token: cookie.replace(/^__session=/, '').split(';')[0] ?? '', ip: null })
    const signedOut = await ask('/settings/account?fast=4', cookie)
    expect(signedOut.viaExpress).toBe(true)
    expect(signedOut.answer.status).toBe(302)
    expect(text(signedOut.answer)).not.toContain('Fast Path')
  })
})
