import type { Tenant } from '#server/tenancy/tenant'
import type { TestPlatform } from '#tests/support/test-platform'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`a page asked for by many at once is rendered once (${engine})`, () => {
  let app: DemoHttpApp
  let platform: TestPlatform
  let demo: Tenant

  beforeAll(async () => {
    app = await startDemoHttpApp()
    ;({ platform, demo } = app)
  }, 300_000)
  afterAll(() => app?.close())

  const outcomes = async (get: () => ReturnType<typeof request>, count: number) => {
    const answers = await Promise.all(Array.from({ length: count }, get))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    return answers.map((answer) => answer.header('x-page-cache')).sort()
  }

  it('a public page just dropped by an edit: one request renders, the others get what it kept', async () => {
    const home = () => request(app.port, '/home', { host: app.host })
    await home()
    expect((await home()).header('x-page-cache')).toBe('hit')
    platform.caches.changed(demo.id, ['site'])
    expect(await outcomes(home, 8)).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss'])
  })

  it("a signed-in page's new address asked at once from several tabs: rendered once", async () => {
    const settings = (query: string) => () => request(app.port, `/settings/account${query}`, { host: app.host, headers: { cookie: app.adminCookie } })
    // The path's pages are kept (learnt from the first), so a new query's first render is waited for.
    await settings('')()
    expect(await outcomes(settings('?tab=first'), 6)).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss'])
    platform.caches.changed(demo.id, ['screens'])
    expect(await outcomes(settings('?tab=first'), 6)).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss'])
  })

  it('pages that are never kept are rendered side by side, none waiting for another', async () => {
    const profile = () => request(app.port, '/myprofile', { host: app.host, headers: { cookie: app.adminCookie } })
    await profile()
    const answers = await Promise.all(Array.from({ length: 4 }, profile))
    expect(answers.map((answer) => [answer.status, answer.header('x-page-cache')])).toEqual(answers.map(() => [answers[0]?.status, undefined]))
  })
})
