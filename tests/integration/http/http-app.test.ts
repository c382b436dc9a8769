import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { pino } from 'pino'
import { seedDatabase } from '#db/seed'
import { hashPassword } from '#server/auth/password'
import { createHttpApp } from '#server/http/create-http-app'
import type { Platform } from '#server/platform'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { ensureBuilt } from './ensure-built'
import { request, type PlainResponse } from './http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** Secret-looking key names: none may appear anywhere in the public tenant config. */
const secretKeyName = /secret|token|passw|credential|private|^key$|[a-z_-]key$|apikey|api_key/i

function keysOf(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${path}[${index}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child, `${path}.${key}`)])
  }
  return []
}

function cspNonce(csp: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
  if (!nonce) throw new Error(`no nonce in CSP: ${csp}`)
  return nonce
}

/** Checks that every inline script carries the CSP nonce of its response; returns that nonce. */
function expectNoncedScripts(response: PlainResponse): string {
  const nonce = cspNonce(response.header('content-security-policy'))
  const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '')
  const inline = scripts.filter((attributes) => !/\bsrc=/.test(attributes))
  expect(inline.length).toBeGreaterThan(0)
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)
  return nonce
}

async function listen(platform: Platform, build: ServerBuild): Promise<{ server: Server; port: number }> {
  const app = createHttpApp({ platform, build, publicDir: resolve('public') })
  const server = await new Promise<Server>((done) => {
    const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
  })
  return { server, port: (server.address() as AddressInfo).port }
}

describe(`the HTTP app over a real socket (${engine})`, () => {
  let platform: TestPlatform
  let build: ServerBuild
  let server: Server
  let port: number
  let demoHost: string

  beforeAll(async () => {
    ensureBuilt()
    build = (await import(/* @vite-ignore */ pathToFileURL(resolve('build/index.js')).href)) as ServerBuild
    platform = await createTestPlatform()
    await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'http-test-password', hashPassword })
    ;({ server, port } = await listen(platform, build))
    demoHost = `demo.localhost:${port}`
  }, 300_000)
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    await platform?.close()
  })

  const get = (path: string, host: string, headers: Record<string, string> = {}) => request(port, path, { host, headers })

  it('answers /healthz on any host', async () => {
    for (const host of [demoHost, `localhost:${port}`, 'nobody.localhost']) {
      const response = await get('/healthz', host)
      expect(response.status).toBe(200)
      expect(response.body).toBe('ok')
      expect(response.header('cache-control')).toBe('no-store')
    }
  })

  it('answers /readyz with the database reachable', async () => {
    const response = await get('/readyz', demoHost)
    expect(response.status).toBe(200)
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('gives an unknown host a plain 404 "Organisation not found" that names no tenant', async () => {
    for (const host of [`nobody.localhost:${port}`, 'www.unknown-studio.test', `a.demo.localhost:${port}`]) {
      const response = await get('/home', host)
      expect(response.status).toBe(404)
      expect(response.header('content-type')).toMatch(/^text\/html/)
      expect(response.body).toContain('Organisation not found')
      for (const leak of ['demo', 'master', 'Demo Yoga', 'Studio Platform', 'nobody', 'unknown-studio']) {
        expect(response.body.toLowerCase()).not.toContain(leak.toLowerCase())
      }
      expect(response.header('x-content-type-options')).toBe('nosniff')
    }
  })

  it("sends the tenant's empty path to its home page", async () => {
    const response = await get('/', demoHost)
    expect(response.status).toBe(302)
    expect(response.header('location')).toBe('/home')
  })

  it('on the bare platform host, shows the organisation picker, or the organisation stored in the cookie', async () => {
    const picker = await get('/', `localhost:${port}`)
    expect(picker.status).toBe(200)
    expect(picker.body).toContain('Find your organisation')
    const remembered = await get('/', `localhost:${port}`, { cookie: 'org=demo' })
    expect(remembered.status).toBe(302)
    expect(remembered.header('location')).toBe('/home')
  })

  it('serves the home page with the tenant name, and a nonce on every inline script of a page that hydrates', async () => {
    const home = await get('/home', demoHost)
    expect(home.status).toBe(200)
    expect(home.body).toContain('Demo Yoga Studio')
    // The calendar hydrates (a website page reaches visitors without scripts: decision 130).
    const response = await get('/calendar', demoHost)
    expect(response.status).toBe(200)
    const nonce = expectNoncedScripts(response)
    // A second visit (perhaps served from a page cache) has its own nonce, on every script too.
    const again = await get('/calendar', demoHost)
    expect(again.status).toBe(200)
    expect(expectNoncedScripts(again)).not.toBe(nonce)
  })

  it('sends the security headers, without HSTS outside production', async () => {
    const response = await get('/home', demoHost)
    expect(response.header('x-content-type-options')).toBe('nosniff')
    expect(response.header('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.header('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(response.header('x-powered-by')).toBeUndefined()
    expect(response.header('strict-transport-security')).toBeUndefined()
  })

  it('sends HSTS in production', async () => {
    const production = await listen({ ...platform, env: { ...platform.env, NODE_ENV: 'production', isProduction: true } }, build)
    try {
      const response = await request(production.port, '/home', { host: `demo.localhost:${production.port}` })
      expect(response.status).toBe(200)
      expect(response.header('strict-transport-security')).toMatch(/^max-age=\d+/)
    } finally {
      await new Promise((done) => production.server.close(done))
    }
  })

  it('refuses a cross-site form post, and accepts the same post from the same site', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const crossSite = await request(port, '/?index', { host: `localhost:${port}`, method: 'POST', body: 'orgId=demo', headers: { ...form, origin: 'http://evil.test' } })
    expect(crossSite.status).toBe(403)
    expect(crossSite.header('set-cookie')).toBeUndefined()
    const sameSite = await request(port, '/?index', {
      host: `localhost:${port}`,
      method: 'POST',
      body: 'orgId=demo',
      headers: { ...form, origin: `http://localhost:${port}` },
    })
    expect(sameSite.status).toBe(302)
    expect(sameSite.header('set-cookie')).toMatch(/^org=demo;/)
  })

  it('returns the public tenant config from /api/tenant/ping by org id or host, with nothing secret in it', async () => {
    for (const name of ['demo', 'DEMO', 'demo.localhost', `demo.localhost:${port}`]) {
      const response = await get(`/api/tenant/ping?name=${encodeURIComponent(name)}`, `localhost:${port}`)
      expect(response.status).toBe(200)
      const config = response.json() as Record<string, unknown>
      expect(config).toMatchObject({ orgId: 'demo', name: 'Demo Yoga Studio', masterOrgId: 'master' })
      // Stripe's publishable key is public by design: every buyer's browser is sent it.
      expect(keysOf(config).filter((key) => key !== 'publishableKey' && secretKeyName.test(key))).toEqual([])
      expect(response.body).not.toContain(platform.env.APP_SECRET)
      expect(response.body).not.toContain('scrypt$')
      expect(response.header('access-control-allow-origin')).toBe('*')
      expect(response.header('cache-control')).toBe('public, max-age=30')
    }
  })

  it('says so when /api/tenant/ping names no organisation', async () => {
    for (const name of ['nobody', 'nobody.localhost', 'www.unknown-studio.test', 'localhost']) {
      const response = await get(`/api/tenant/ping?name=${encodeURIComponent(name)}`, `localhost:${port}`)
      expect(response.status, `${name}: ${response.body.slice(0, 300)}`).toBe(404)
      expect(response.json()).toEqual({ error: 'no valid orgId found for account' })
    }
    const tooLong = await get(`/api/tenant/ping?name=${'x'.repeat(300)}`, `localhost:${port}`)
    expect(tooLong.status).toBe(400)
  })

  it('shows "404 Page Not Found" for a public page that does not exist, inside the site', async () => {
    const response = await get('/no-such-page', demoHost)
    expect(response.status).toBe(404)
    // The spec's words: '404 Page Not Found', 'The page you are looking for does not exist.', 'Go to Home Page'.
    expect(response.body).toContain('404 Page Not Found')
    expect(response.body).toContain('The page you are looking for does not exist.')
    expect(response.body).toContain('Go to Home Page')
    expect(response.body).toContain('Demo Yoga Studio')
  })

  it('gives every response a request id, and keeps the one a proxy sent', async () => {
    const fresh = await get('/home', demoHost)
    expect(fresh.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const other = await get('/home', demoHost)
    expect(other.header('x-request-id')).not.toBe(fresh.header('x-request-id'))
    const forwarded = await get('/healthz', demoHost, { 'x-request-id': 'edge-1234' })
    expect(forwarded.header('x-request-id')).toBe('edge-1234')
  })

  it('logs every request with its request id', async () => {
    const lines: Array<Record<string, unknown>> = []
    const quiet = platform.logger
    platform.logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    try {
      const response = await get('/home', demoHost)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'request', requestId: response.header('x-request-id'), method: 'GET', url: '/home', status: 200 }),
      )
    } finally {
      platform.logger = quiet
    }
  })

  // Last: it closes the database under the running app.
  it('reports not ready once the database is gone, and shows errors without a stack trace', async () => {
    // Warm the tenant cache so the page request reaches its loader.
    expect((await get('/home', demoHost)).status).toBe(200)
    await platform.database.close()

    const ready = await get('/readyz', demoHost)
    expect(ready.status).toBe(503)
    expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'unreachable' } })

    // A cookie keeps any shared page cache out of it: these must reach the loader.
    for (const path of ['/home', '/about']) {
      const page = await get(path, demoHost, { cookie: 'visitor=1' })
      expect(page.status).toBe(500)
      expect(page.body).not.toMatch(/\bat .+\.(js|ts):\d+/)
      expect(page.body).not.toContain('node_modules')
      // The random script nonces can spell 'pool' by chance ('5POoLv…'): they are not the error's words.
      expect(page.body.replace(/nonce="[^"]*"/g, '')).not.toMatch(/destroyed|closed|pool/i)
    }
    const unknown = await get('/home', 'never-seen.localhost')
    expect(unknown.status).toBe(500)
    expect(unknown.body).toBe('Something went wrong on our side. Please try again in a moment.')
  })
})
