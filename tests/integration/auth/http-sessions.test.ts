import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { seedDatabase } from '#db/seed'
import { asSystem } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { createHttpApp } from '#server/http/create-http-app'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { ensureBuilt } from '#tests/integration/http/ensure-built'
import { request, type PlainResponse } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const PASSWORD = 'http-auth-password'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** The `__session=...` pair a response set, or null. */
function sessionCookie(response: PlainResponse): string | null {
  const raw = response.headers['set-cookie'] ?? []
  const line = raw.find((value) => value.startsWith('__session=') && !value.startsWith('__session=;'))
  return line ? (line.split(';', 1)[0] ?? null) : null
}

describe(`sessions and guards over HTTP (${engine})`, () => {
  let platform: TestPlatform
  let server: Server
  let port: number
  const cookies: Record<string, string> = {}

  beforeAll(async () => {
    ensureBuilt()
    const build = (await import(/* @vite-ignore */ pathToFileURL(resolve('build/index.js')).href)) as ServerBuild
    platform = await createTestPlatform()
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: PASSWORD, hashPassword })
    const app = createHttpApp({ platform, build, publicDir: resolve('public') })
    server = await new Promise<Server>((done) => {
      const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
    })
    port = (server.address() as AddressInfo).port
    for (const who of ['admin', 'staff', 'frontdesk', 'student']) {
      const response = await login(`demo.localhost:${port}`, `${who}@demo.test`)
      const cookie = sessionCookie(response)
      if (!cookie) throw new Error(`no session for ${who}: ${response.status} ${response.body.slice(0, 300)}`)
      cookies[who] = cookie
    }
  }, 300_000)
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    await platform?.close()
  })

  const login = (host: string, email: string, origin = `http://${host}`) =>
    request(port, '/login', {
      host,
      method: 'POST',
      headers: { ...FORM, origin },
      body: new URLSearchParams({ intent: 'login', email, password: PASSWORD }).toString(),
    })
  const page = (path: string, cookie: string | null, host = `demo.localhost:${port}`) =>
    request(port, path, { host, headers: cookie ? { cookie } : {} })

  it('refuses a cross-site sign-in post with 403 and creates no session', async () => {
    const before = await countSessions()
    const crossSite = await login(`demo.localhost:${port}`, 'admin@demo.test', 'http://evil.test')
    expect(crossSite.status).toBe(403)
    expect(crossSite.header('set-cookie')).toBeUndefined()
    const siblingTenant = await login(`demo.localhost:${port}`, 'admin@demo.test', `http://demo-east.localhost:${port}`)
    expect(siblingTenant.status).toBe(403)
    const fetchMetadataOnly = await request(port, '/logout', {
      host: `demo.localhost:${port}`,
      method: 'POST',
      headers: { ...FORM, 'sec-fetch-site': 'cross-site', cookie: cookies.admin ?? '' },
      body: '',
    })
    expect(fetchMetadataOnly.status).toBe(403)
    expect(await countSessions()).toBe(before)
    // The admin is still signed in: the forged logout did nothing.
    expect((await page('/session', cookies.admin ?? null)).status).toBe(200)
  })

  it('signs in with an httpOnly SameSite=Lax cookie and lands per role', async () => {
    const response = await login(`demo.localhost:${port}`, 'frontdesk@demo.test')
    expect(response.status).toBe(302)
    expect(response.header('location')).toBe('/calendar')
    const line = (response.headers['set-cookie'] ?? []).find((value) => value.startsWith('__session='))
    expect(line).toMatch(/; HttpOnly; SameSite=Lax$/)
  })

  it('does not sign a session of one tenant in on another tenant’s host', async () => {
    const mine = await page('/session', cookies.admin ?? null)
    expect(mine.status).toBe(200)
    expect(mine.body).toContain('Avery Admin')
    const elsewhere = await page('/session', cookies.admin ?? null, `demo-east.localhost:${port}`)
    expect(elsewhere.status).toBe(302)
    expect(elsewhere.header('location')).toBe('/login?redirectTo=%2Fsession')
  })

  it.each([
    // path, who, expected status, expected location (for redirects)
    ['/settings/users', null, 302, null],
    ['/settings/users', 'admin', 200, null],
    ['/settings/users', 'staff', 403, null],
    ['/settings/users', 'frontdesk', 403, null],
    ['/settings/users', 'student', 302, '/classes'],
    ['/dashboard', 'admin', 200, null],
    ['/dashboard', 'staff', 200, null],
    ['/dashboard', 'student', 302, '/classes'],
    ['/classes', 'student', 200, null],
    ['/classes', 'admin', 302, '/dashboard'],
    ['/classes', null, 302, null],
  ])('GET %s as %s answers %i', async (path, who, status, location) => {
    const response = await page(path, who ? (cookies[who] ?? null) : null)
    expect(response.status).toBe(status)
    if (location) expect(response.header('location')).toBe(location)
    if (status === 200) expect(response.body).toContain('<html')
  })

  it('sends a request whose session has expired to /login?redirectTo=<the page>', async () => {
    const response = await login(`demo.localhost:${port}`, 'staff@demo.test')
    const cookie = sessionCookie(response)
    await asSystem(platform.database, 'test: expire every staff session', (trx) =>
      trx.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute(),
    )
    const expired = await page('/settings/users?tab=1', cookie)
    expect(expired.status).toBe(302)
    expect(expired.header('location')).toBe('/login?redirectTo=%2Fsettings%2Fusers%3Ftab%3D1')
    for (const who of Object.keys(cookies)) delete cookies[who]
  })

  async function countSessions(): Promise<number> {
    const rows = await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('sessions').select('id').execute())
    return rows.length
  }
})
