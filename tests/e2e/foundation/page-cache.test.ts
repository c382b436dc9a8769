import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { clearTenantCaches } from '#tests/e2e/support/cache'
import { nonceOfCsp, send as sendTo, type SendOptions } from '#tests/e2e/support/http'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const send = (path: string, options: SendOptions) => sendTo(server().port, path, options)

const demoHost = () => `demo.localhost:${server().port}`
const startFromEmptyCache = () => clearTenantCaches(server(), demoHost())

test("an anonymous visitor's second view of a public page comes from the cache, with its own nonce", async () => {
  await startFromEmptyCache()
  // A page with scripts (a website page reaches visitors without any: decision 130).
  const first = await send('/courses', { host: demoHost() })
  const second = await send('/courses', { host: demoHost() })
  expect(first.status).toBe(200)
  expect(first.headers['x-page-cache']).toBe('miss')
  expect(second.status).toBe(200)
  expect(second.headers['x-page-cache']).toBe('hit')
  expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=5')

  const firstNonce = nonceOfCsp(first)
  const secondNonce = nonceOfCsp(second)
  expect(firstNonce).toBeTruthy()
  expect(secondNonce).not.toBe(firstNonce)
  expect(second.body).not.toContain(firstNonce)
  expect(second.body).toContain(`nonce="${secondNonce}"`)
  expect(second.body.split(`nonce="${secondNonce}"`).join('')).toBe(first.body.split(`nonce="${firstNonce}"`).join(''))
})

test('a cached page still runs its scripts under the Content Security Policy', async () => {
  const { page } = await browser.newPage()
  // A kept page lives a few seconds: on a slow machine one visit may find it expired, so visit
  // until the answer comes from the cache (the first visit keeps it, the next one finds it).
  let outcome: string | undefined
  for (let visit = 0; visit < 5 && outcome !== 'hit'; visit += 1) {
    outcome = (await page.goto(`${server().url('demo')}/courses`))?.headers()['x-page-cache']
  }
  expect(outcome).toBe('hit')
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  await page.getByRole('heading', { level: 1, name: 'About Demo Yoga Studio' }).waitFor()
})

test('a visitor with cookies always gets a freshly rendered page', async () => {
  await send('/home', { host: demoHost() })
  const withCookie = await send('/home', { host: demoHost(), cookie: 'lang=tr' })
  expect(withCookie.status).toBe(200)
  expect(withCookie.headers['x-page-cache']).toBeUndefined()
  // A page drawn for one visitor is theirs alone.
  expect(withCookie.headers['cache-control']).toBe('private, no-store')
})

test("a declared change for the tenant drops its cached pages; a post that writes nothing and other tenants' pages stay", async () => {
  await send('/home', { host: demoHost() })
  await send('/home', { host: `demo-east.localhost:${server().port}` })
  expect((await send('/home', { host: demoHost() })).headers['x-page-cache']).toBe('hit')

  await send('/home', { host: demoHost(), method: 'POST', body: 'x=1' })
  expect((await send('/home', { host: demoHost() })).headers['x-page-cache']).toBe('hit')

  await startFromEmptyCache()

  expect((await send('/home', { host: demoHost() })).headers['x-page-cache']).toBe('miss')
  expect((await send('/home', { host: `demo-east.localhost:${server().port}` })).headers['x-page-cache']).toBe('hit')
})

test('pages that are not shareable are never cached', async () => {
  for (let i = 0; i < 2; i++) {
    const missing = await send('/no-such-page', { host: demoHost() })
    expect(missing.status).toBe(404)
    expect(missing.headers['x-page-cache']).toBeUndefined()
    const picker = await send('/', { host: `localhost:${server().port}` })
    expect(picker.headers['x-page-cache']).toBeUndefined()
  }
})

test('a registration form is kept for visitors, each hit with its own fill-time stamp', async () => {
  const home = await send('/home', { host: demoHost() })
  const formPath = /href="(\/pforms\/[0-9a-f-]{36})"/.exec(home.body)?.[1]
  if (!formPath) throw new Error('the demo form is not in the forms menu')
  await startFromEmptyCache()
  const stampOf = (answer: { body: string }) => /name="formStartedAt" value="([^"]+)"/.exec(answer.body)?.[1]

  const first = await send(formPath, { host: demoHost() })
  await new Promise((done) => setTimeout(done, 5))
  const second = await send(formPath, { host: demoHost() })
  expect(first.headers['x-page-cache']).toBe('miss')
  expect(second.headers['x-page-cache']).toBe('hit')
  const [firstStamp, secondStamp] = [stampOf(first), stampOf(second)]
  expect(firstStamp).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/)
  expect(secondStamp).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/)
  expect(Number(secondStamp?.split('.')[0])).toBeGreaterThan(Number(firstStamp?.split('.')[0]))
  expect(second.body).not.toContain(String(firstStamp))
  // The page's data for hydration carries the same stamp as the form.
  expect(second.body.split(String(secondStamp)).length).toBe(first.body.split(String(firstStamp)).length)

  // Signed-in viewers and the staff preview are never served the visitors' page.
  expect((await send(formPath, { host: demoHost(), cookie: 'lang=tr' })).headers['x-page-cache']).toBeUndefined()
})
