import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { createHttpApp } from '#server/http/create-http-app'
import type { Tenant } from '#server/tenancy/tenant'
import { ensureBuilt } from '#tests/integration/http/ensure-built'
import { visibleTextOf, withoutPageWords } from '#tests/integration/http/answers'
import { request } from '#tests/integration/http/http-client'
import { tenantWithPeople, type Cookies } from '#tests/integration/shell/shell-world'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * Error pages through the whole stack (express, Remix, the built app): the status a browser
 * gets, and a page that looks like the product around it.
 */
describe(`error pages and wrong-audience addresses (${engine})`, () => {
  let platform: TestPlatform
  let server: Server
  let host: string
  let tenant: Tenant
  let cookies: Cookies

  beforeAll(async () => {
    ensureBuilt()
    const build = (await import(/* @vite-ignore */ pathToFileURL(resolve('build/index.js')).href)) as ServerBuild
    platform = await createTestPlatform()
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'oops' }))
    const app = createHttpApp({ platform, build, publicDir: resolve('public') })
    server = await new Promise<Server>((done) => {
      const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
    })
    host = `oops.localhost:${(server.address() as AddressInfo).port}`
  }, 300_000)
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    await platform?.close()
  })

  const port = () => (server.address() as AddressInfo).port
  const get = (path: string, cookie: string | null) => request(port(), path, { host, headers: cookie ? { cookie } : {} })

  it('sends a student who opens a staff-only address to their portal, not to a 403 page', async () => {
    for (const path of ['/settings/x', '/settings', '/settings/users', '/customforms']) {
      const response = await get(path, cookies.ROLE_STUDENT)
      expect(response.status, `${path}: ${response.body.slice(0, 300)}`).toBe(302)
      expect(response.header('location'), path).toBe('/classes')
    }
  })

  it('follows the landing rules for the portal: without the schedule menu, My Courses', async () => {
    const { updateSettings } = await import('#tests/integration/shell/shell-world')
    tenant = await updateSettings(platform, tenant, { isShowScheduleMenu: false })
    try {
      const response = await get('/settings/x', cookies.ROLE_STUDENT)
      expect(response.status).toBe(302)
      expect(response.header('location')).toBe('/mycourses')
    } finally {
      tenant = await updateSettings(platform, tenant, { isShowScheduleMenu: true })
    }
  })

  it('shows an unknown id as the styled 404 inside the staff back office, with status 404', async () => {
    const response = await get(`/customforms/${randomUUID()}`, cookies.ROLE_ADMIN)
    expect(response.status).toBe(404)
    expect(response.body).toContain('data-error-status="404"')
    expect(response.body).toContain('Page not found')
    expect(response.body).toContain('The page you are looking for does not exist.')
    // The back office's own frame stays around the message.
    expect(response.body).toContain('data-layout="vertical-layout-1"')
    expect(response.body).toContain(tenant.name)
  })

  it('shows a 404 outside the signed-in layouts as the styled page, with status 404', async () => {
    const response = await request(port(), `/pforms/${randomUUID()}`, {
      host,
      method: 'POST',
      headers: { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'root%5BfullName%5D=Someone',
    })
    expect(response.status).toBe(404)
    expect(response.body).toContain('data-error-status="404"')
    expect(response.body).toContain('Page not found')
    expect(response.body).toContain('Go to Home Page')
    // The page carries every common word for the browser (the i18n boot script): what it shows is without them.
    expect(withoutPageWords(response.body)).not.toContain('You do not have access')
  })

  it("reads in the page's language: a Turkish 404 inside the back office and on a page of its own", async () => {
    const inside = await get(`/customforms/${randomUUID()}`, `${cookies.ROLE_ADMIN}; lng=tr`)
    expect(inside.status).toBe(404)
    for (const words of ['Sayfa bulunamadı', 'Aradığınız sayfa mevcut değil.', 'Güvenli bir sayfaya dön']) expect(visibleTextOf(inside.body)).toContain(words)
    expect(withoutPageWords(inside.body)).not.toContain('Page not found')
    const alone = await request(port(), `/pforms/${randomUUID()}`, {
      host,
      method: 'POST',
      headers: { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', cookie: 'lng=tr' },
      body: 'root%5BfullName%5D=Someone',
    })
    expect(alone.status).toBe(404)
    for (const words of ['Sayfa bulunamadı', 'Ana Sayfaya Git']) expect(visibleTextOf(alone.body)).toContain(words)
  })

  it("shows a staff screen's 404 to a student's portal address as a redirect, never as staff data", async () => {
    const response = await get(`/customforms/${randomUUID()}`, cookies.ROLE_STUDENT)
    expect(response.status).toBe(302)
    expect(response.header('location')).toBe('/classes')
  })
})
