import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { registerJob } from '#jobs/runtime/registry'
import { TABLES_OF_TAG } from '#server/cache/cache-tags'
import { UndeclaredCacheWriteError } from '#server/cache/write-audit'
import { defineJob } from '#server/jobs/job-contract'
import type { Tenant } from '#server/tenancy/tenant'
import { callRoute } from '#tests/support/route-call'
import { contextFor, type TestPlatform } from '#tests/support/test-platform'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { captureLogger } from '#tests/integration/jobs/job-test-support'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** A job that renames the home page: data every public page is built from. */
const renameHomeJob = (declares: boolean) =>
  registerJob(
    defineJob({ name: declares ? 'rename-home-declared' : 'rename-home-undeclared', payload: z.object({ tenantId: z.string().uuid(), title: z.string() }), attempts: 1 }),
    async (payload, platform) => {
      await withTenant(platform.database, payload.tenantId, (trx) => trx.updateTable('web_pages').set({ title: payload.title }).where('name', '=', 'home').execute())
      if (declares) platform.caches.changed(payload.tenantId, ['site'])
    },
  )

describe(`cache tags: pages drop when what they were built from changes, and only then (${engine})`, () => {
  let app: DemoHttpApp
  let platform: TestPlatform
  let host: string
  let port: number
  let demo: Tenant
  let adminCookie: string

  beforeAll(async () => {
    app = await startDemoHttpApp()
    ;({ platform, host, port, demo, adminCookie } = app)
  }, 300_000)

  afterAll(() => app?.close())

  const home = () => request(port, '/home', { host })
  const settings = () => request(port, '/settings/account', { host, headers: { cookie: adminCookie } })
  const keptAfter = async (get: () => ReturnType<typeof home>) => {
    await get()
    return (await get()).header('x-page-cache')
  }

  it('keeps the public home page through posts that change nothing it shows', async () => {
    expect(await keptAfter(home)).toBe('hit')
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` }
    // A failed sign-in and a post to a page with no action write nothing a page is built from.
    await request(port, '/login', { host, method: 'POST', headers: form, body: 'email=nobody%40demo.test&password=wrong-password' })
    await request(port, '/home', { host, method: 'POST', headers: form, body: 'x=1' })
    expect((await home()).header('x-page-cache')).toBe('hit')
  })

  it('drops the public pages, not the settings screens, when forms change', async () => {
    expect(await keptAfter(home)).toBe('hit')
    expect(await keptAfter(settings)).toBe('hit')
    platform.caches.changed(demo.id, ['forms'])
    expect((await home()).header('x-page-cache')).toBe('miss')
    expect((await settings()).header('x-page-cache')).toBe('hit')
  })

  it('drops the settings screens when their descriptors change, and everything when the tenant row does', async () => {
    expect(await keptAfter(home)).toBe('hit')
    expect(await keptAfter(settings)).toBe('hit')
    platform.caches.changed(demo.id, ['screens'])
    expect((await settings()).header('x-page-cache')).toBe('miss')
    expect((await home()).header('x-page-cache')).toBe('hit')
    platform.caches.changed(demo.id, ['tenant'])
    expect((await settings()).header('x-page-cache')).toBe('miss')
    expect((await home()).header('x-page-cache')).toBe('miss')
  })

  it('shows what a job wrote at once when the job declares it', async () => {
    expect(await keptAfter(home)).toBe('hit')
    const queue = new InProcessJobQueue(() => platform, captureLogger().logger, { extraJobs: [renameHomeJob(true)] })
    await queue.enqueue(renameHomeJob(true).contract, { tenantId: demo.id, title: 'Welcome, renamed by a job' })
    await queue.drain()
    await queue.close()
    const after = await home()
    expect(after.header('x-page-cache')).toBe('miss')
    expect(after.body).toContain('Welcome, renamed by a job')
  })

  it('fails a job that writes a table behind a cached page without declaring it', async () => {
    const captured = captureLogger()
    const queue = new InProcessJobQueue(() => platform, captured.logger, { extraJobs: [renameHomeJob(false)] })
    await queue.enqueue(renameHomeJob(false).contract, { tenantId: demo.id, title: 'Renamed quietly' })
    await queue.drain()
    await queue.close()
    const failed = captured.lines.filter((line) => line.msg.startsWith('job failed'))
    expect(failed).toHaveLength(1)
    expect(JSON.stringify(failed[0])).toContain('web_pages (tags site)')
    // Nothing stale is served meanwhile: the tenant's caches were dropped whole.
    expect((await home()).body).toContain('Renamed quietly')
  })

  it('fails a route that writes a table behind a cached page without declaring it', async () => {
    const quietAction = async () => {
      await withTenant(platform.database, demo.id, (trx) => trx.updateTable('custom_forms').set({ name: 'Quietly renamed' }).where('id', '=', '00000000-0000-4000-8000-000000000000').execute())
      return null
    }
    const post = new Request(`http://${host}/anything`, { method: 'POST' })
    await expect(callRoute(quietAction, post, contextFor(platform, demo))).rejects.toThrow(UndeclaredCacheWriteError)
    const declaredAction = async () => {
      await withTenant(platform.database, demo.id, (trx) => trx.updateTable('custom_forms').set({ name: 'Said so' }).where('id', '=', '00000000-0000-4000-8000-000000000000').execute())
      platform.caches.changed(demo.id, ['forms'])
      return null
    }
    await expect(callRoute(declaredAction, post, contextFor(platform, demo))).resolves.toMatchObject({ status: 200 })
  })

  it('names a tag for every table that feeds a cached page', () => {
    const fed = new Set(Object.values(TABLES_OF_TAG).flat())
    for (const table of ['tenants', 'web_pages', 'custom_forms', 'custom_form_fields', 'custom_fields', 'screen_overlays']) expect(fed.has(table), table).toBe(true)
  })
})
