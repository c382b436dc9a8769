import { gunzipSync } from 'node:zlib'
import { request as httpRequest } from 'node:http'
import { asSystem } from '#db/tenant-scope'
import { storeTenantImage } from '#server/files/tenant-uploads'
import type { Tenant } from '#server/tenancy/tenant'
import type { TestPlatform } from '#tests/support/test-platform'
import { createSessionCookie } from '#tests/support/sessions'
import { createTrialForm } from '#tests/integration/forms/form-fixtures'
import { startDemoHttpApp, type DemoHttpApp } from './demo-http-app'
import { request } from './http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const PAGE_SCRIPT = '<script>window.__pageScript = "ran"</script>'

/** One raw response with its undecoded body bytes and every header line as sent. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; raw: string[]; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }))
    })
    req.on('error', fail)
    req.end()
  })
}

function headerCount(raw: string[], name: string): number {
  return raw.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name.toLowerCase()).length
}

describe(`requests the HTTP layer refuses or shapes, before any route (${engine})`, () => {
  let app: DemoHttpApp
  let platform: TestPlatform
  let port: number
  let host: string
  let demo: Tenant
  let adminCookie: string
  let previewCookie: string

  beforeAll(async () => {
    app = await startDemoHttpApp({
      prepare: async (prepared, found) => {
        await asSystem(prepared.database, 'test: a page script for the demo site', (trx) =>
          trx.updateTable('tenants').set({ settings: JSON.stringify({ ...found.settings, pageScript: PAGE_SCRIPT }) }).where('id', '=', found.id).execute(),
        )
        prepared.caches.changed(found.id, ['tenant'])
      },
    })
    ;({ platform, port, host, demo, adminCookie } = app)
    previewCookie = await createSessionCookie(platform, demo, { id: app.adminId }, { state: { preview: { kind: 'web', staffContactId: app.adminId } } })
  }, 300_000)

  afterAll(() => app?.close())

  const post = (path: string, body: string, headers: Record<string, string>) =>
    request(port, path, { host, method: 'POST', body, headers: { origin: `http://${host}`, ...headers } })

  describe('bodies that are not a form (finding 4)', () => {
    const paths = ['/login', '/register', '/forgot-password', '/reset-password/not-a-token', '/profile', '/?index']
    const bodies: { name: string; type: string; body: string; status: number }[] = [
      { name: 'JSON', type: 'application/json', body: '{"email":"admin@demo.test","password":"x"}', status: 415 },
      { name: 'XML', type: 'application/xml', body: '<a/>', status: 415 },
      { name: 'plain text', type: 'text/plain', body: 'email=admin@demo.test', status: 415 },
      { name: 'garbage without a type', type: '', body: '\u0000\u00ff{{{', status: 415 },
      { name: 'multipart without a boundary', type: 'multipart/form-data', body: 'whatever', status: 400 },
      { name: 'multipart cut short', type: 'multipart/form-data; boundary=XYZ', body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin', status: 400 },
    ]
    for (const path of paths) {
      it.each(bodies)(`${path}: $name gets $status, not a 500`, async ({ type, body, status }) => {
        const response = await post(path, body, type ? { 'content-type': type } : {})
        expect(response.status).toBe(status)
        expect(response.body).not.toMatch(/stack|at .*\.js/)
      })
    }

    it('refuses a declared body over the limit with 413, unread', async () => {
      const response = await request(port, '/login', { host, method: 'POST', headers: { ...FORM, origin: `http://${host}`, 'content-length': String(5 * 1024 * 1024) } })
      expect(response.status).toBe(413)
    })

    it('refuses a streamed body over the limit with 413', async () => {
      const response = await post('/login', `email=${'a'.repeat(1024 * 1024 + 10)}`, FORM)
      expect(response.status).toBe(413)
    })

    it('lets a real form post through to the route', async () => {
      const response = await post('/login', 'email=admin%40demo.test&password=wrong-password', FORM)
      expect(response.status).toBeLessThan(500)
      expect([200, 400, 401, 429]).toContain(response.status)
    })
  })

  describe('cross-site posts without an Origin header (finding 6)', () => {
    it('refuses a foreign Referer: staff could otherwise be made admin from another site', async () => {
      const response = await request(port, '/settings/roles', {
        host,
        method: 'POST',
        body: 'x=1',
        headers: { ...FORM, cookie: adminCookie, referer: 'http://evil.test/attack.html' },
      })
      expect(response.status).toBe(403)
    })

    it('refuses a post that shows no origin at all', async () => {
      const response = await request(port, '/login', { host, method: 'POST', body: 'email=a%40b.test', headers: FORM })
      expect(response.status).toBe(403)
    })

    it('accepts a same-origin Referer, and Sec-Fetch-Site: same-origin', async () => {
      const byReferer = await request(port, '/login', { host, method: 'POST', body: 'email=a%40b.test&password=x', headers: { ...FORM, referer: `http://${host}/login` } })
      expect(byReferer.status).not.toBe(403)
      const byFetchMetadata = await request(port, '/login', { host, method: 'POST', body: 'email=a%40b.test&password=x', headers: { ...FORM, 'sec-fetch-site': 'same-origin' } })
      expect(byFetchMetadata.status).not.toBe(403)
    })
  })

  describe('what browsers may keep (finding 5)', () => {
    it('marks every signed-in page private, no-store, so Back after sign-out shows nothing', async () => {
      for (const path of ['/dashboard', '/settings/users', '/settings/account', '/profile']) {
        const response = await request(port, path, { host, headers: { cookie: adminCookie } })
        expect(response.status, path).toBe(200)
        expect(response.header('cache-control'), path).toBe('private, no-store')
      }
    })

    it('keeps a signed-in settings screen private on the second (kept) hit too', async () => {
      await request(port, '/settings/account', { host, headers: { cookie: adminCookie } })
      const again = await request(port, '/settings/account', { host, headers: { cookie: adminCookie } })
      expect(again.header('cache-control')).toBe('private, no-store')
    })

    it('marks a redirect of a signed-in request private, no-store', async () => {
      const response = await request(port, '/login', { host, headers: { cookie: adminCookie } })
      expect(response.status).toBe(302)
      expect(response.header('cache-control')).toBe('private, no-store')
    })

    it('lets anonymous public pages be shared, and makes other anonymous pages private', async () => {
      expect((await request(port, '/home', { host })).header('cache-control')).toMatch(/^public/)
      expect((await request(port, '/login', { host })).header('cache-control')).toBe('private, no-store')
    })
  })

  describe('compression', () => {
    it('sends a kept public page gzipped, with this response’s own nonce inside', async () => {
      const first = await rawGet(port, '/home', { host, 'accept-encoding': 'gzip' })
      const second = await rawGet(port, '/home', { host, 'accept-encoding': 'gzip' })
      expect(second.headers['x-page-cache']).toBe('hit')
      for (const response of [first, second]) {
        expect(response.headers['content-encoding']).toBe('gzip')
        const html = gunzipSync(response.body).toString()
        const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]
        expect(html).toContain(`nonce="${nonce}"`)
        expect(html).toContain('</html>')
      }
    })

    it('sends the same page uncompressed to a client that does not ask for compression', async () => {
      const response = await rawGet(port, '/home', { host })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body.toString()).toContain('</html>')
    })

    it('compresses rendered pages and built scripts, and caches scripts for a year', async () => {
      const login = await rawGet(port, '/login', { host, 'accept-encoding': 'br, gzip' })
      expect(login.headers['content-encoding']).toMatch(/^(br|gzip)$/)
      const html = (await request(port, '/login', { host })).body
      // The largest script the page loads (tiny ones are sent as they are).
      const scripts = [...html.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
      const sizes = await Promise.all(scripts.map(async (path) => ({ path, size: (await rawGet(port, path, { host })).body.length })))
      const script = sizes.sort((a, b) => b.size - a.size)[0]?.path
      expect(script).toBeDefined()
      const asset = await rawGet(port, script ?? '', { host, 'accept-encoding': 'gzip, deflate, br' })
      expect(asset.status).toBe(200)
      expect(asset.headers['content-encoding']).toBe('br')
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const gzipped = await rawGet(port, script ?? '', { host, 'accept-encoding': 'gzip' })
      expect(gzipped.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzipped.body).length).toBeGreaterThan(gzipped.body.length)
    })
  })

  describe("the tenant's page script and staff sessions (finding 1)", () => {
    it('runs for visitors, with the wider script policy', async () => {
      const response = await request(port, '/home', { host, headers: { cookie: 'visited=1' } })
      expect(response.body).toContain('window.__pageScript')
      expect(response.header('content-security-policy')).toMatch(/script-src [^;]*https:/)
    })

    it('never runs for staff in Web Preview, and the banner says so', async () => {
      const response = await request(port, '/home', { host, headers: { cookie: previewCookie } })
      expect(response.status).toBe(200)
      expect(response.body).not.toContain('window.__pageScript')
      expect(response.body).toContain('page script does not run while you are signed in as staff')
      expect(response.header('content-security-policy')).not.toMatch(/script-src [^;]*https:/)
    })

    it('never runs on the staff-only form preview', async () => {
      const form = await createTrialForm(platform, demo)
      const response = await request(port, `/introductory/${form.guId}`, { host, headers: { cookie: adminCookie } })
      expect(response.status).toBe(200)
      expect(response.body).not.toContain('window.__pageScript')
      expect(response.header('content-security-policy')).not.toMatch(/script-src [^;]*https:/)
    })
  })

  describe('headers a route sets itself (finding 8)', () => {
    it('sends X-Content-Type-Options and the Content-Security-Policy once on an upload', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d8a8b30000000049454e44ae426082', 'hex')
      const stored = await storeTenantImage(platform.env, demo, new Blob([png], { type: 'image/png' }))
      if (!stored.ok) throw new Error('image not stored')
      const response = await rawGet(port, stored.value.url, { host })
      expect(response.status).toBe(200)
      expect(headerCount(response.raw, 'x-content-type-options')).toBe(1)
      expect(headerCount(response.raw, 'content-security-policy')).toBe(1)
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    })
  })
})
