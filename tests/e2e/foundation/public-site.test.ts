import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { useServer } from '#tests/e2e/support/server'

/** Where screenshots go when asked for (E2E_SCREENSHOTS_DIR); none are taken otherwise. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()

test('a visitor opening the demo address lands on its home page', async () => {
  const { page } = await browser.newPage()
  const response = await page.goto(server().url('demo'))
  expect(response?.status()).toBe(200)
  expect(new URL(page.url()).pathname).toBe('/home')
  await expect(page.title()).resolves.toBe('Home | Demo Yoga Studio')
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome to Demo Yoga Studio')
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'Demo Yoga Studio' }).isVisible()).resolves.toBe(true)
  await expect(menu.getByRole('link', { name: 'About Us' }).isVisible()).resolves.toBe(true)
  await expect(page.getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(true)
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/e2e-demo-home.png`, fullPage: true })
})

test('the menu moves between public pages after hydration, without a full reload', async () => {
  const { page } = await browser.newPage()
  // A website page reaches a visitor without scripts (decision 130): the courses list hydrates.
  await page.goto(`${server().url('demo')}/courses`)
  await waitForHydration(page)
  await page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  // The URL changes before React renders the new page: wait for the page itself.
  await page.getByRole('heading', { level: 1, name: 'About Demo Yoga Studio' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/about')
  await expect(page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).resolves.toBe(true)
})

test('the favicon loads', async () => {
  const { page } = await browser.newPage()
  await page.goto(`${server().url('demo')}/home`)
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href')
  expect(href).toBeTruthy()
  // Fetched by the page itself: only the browser resolves *.localhost to this machine.
  const icon = await page.evaluate(async (url) => {
    const response = await fetch(url)
    return { status: response.status, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength }
  }, href ?? '')
  expect(icon.status).toBe(200)
  expect(icon.type).toMatch(/^image\//)
  expect(icon.size).toBeGreaterThan(0)
})

test('pages carry the security headers and break no Content Security Policy rule', async () => {
  const { page } = await browser.newPage()
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  const response = await page.goto(`${server().url('demo')}/courses`)
  const headers = response?.headers() ?? {}
  const csp = headers['content-security-policy'] ?? ''
  expect(csp).toContain("default-src 'self'")
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp).toContain("frame-ancestors 'self'")
  expect(csp).toContain("object-src 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['x-powered-by']).toBeUndefined()
  // Every inline script carries this response's nonce; the browser would refuse it otherwise.
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  const inlineScripts = await page.locator('script:not([src])').count()
  expect(inlineScripts).toBeGreaterThan(0)
  const unsigned = await page.evaluate(
    (expected) => [...document.querySelectorAll('script')].filter((script) => script.nonce !== expected).length,
    nonce,
  )
  expect(unsigned).toBe(0)
  // The client app ran: hydration needs every module script the policy allows.
  await waitForHydration(page)
  // A blocked script, style or frame would have raised a violation event (and a console
  // error, which fails the test in afterEach).
  await expect(page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).resolves.toEqual([])
})

test('an unknown organisation host says "Organisation not found" with status 404', async () => {
  const { page } = await browser.newPage({ allowConsoleErrors: [/status of 404/] })
  const response = await page.goto(`${server().url('no-such-org')}/home`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Organisation not found')
  await expect(page.title()).resolves.toBe('Organisation not found')
})

test('the bare platform host offers the organisation picker, which works without JavaScript', async () => {
  const { page } = await browser.newPage({ javaScriptEnabled: false, allowConsoleErrors: [/status of 404/] })
  await page.goto(server().url())
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Find your organisation')

  await page.getByLabel('Organisation id').fill('no-such-org')
  const wrong = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Continue' }).click()])
  expect(wrong[0]?.status()).toBe(404)
  await expect(page.locator('#orgId-error').textContent()).resolves.toBe(
    'We could not find that organisation. Check the id and try again.',
  )

  await page.getByLabel('Organisation id').fill('demo')
  await Promise.all([page.waitForURL('**/home'), page.getByRole('button', { name: 'Continue' }).click()])
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome to Demo Yoga Studio')
  await expect(page.title()).resolves.toBe('Home | Demo Yoga Studio')
})

test('the organisation picker with JavaScript reaches the demo site too', async () => {
  const { page } = await browser.newPage({ allowConsoleErrors: [/status of 404/] })
  await page.goto(server().url())
  await waitForHydration(page)
  await page.getByLabel('Organisation id').fill('nope')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByText('We could not find that organisation. Check the id and try again.').waitFor()
  await page.getByLabel('Organisation id').fill('DEMO')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { level: 1, name: 'Welcome to Demo Yoga Studio' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/home')
})

test('a website page reaches a visitor as drawn, without scripts, and its menu still opens', async () => {
  const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } })
  const response = await page.goto(`${server().url('demo')}/about`)
  expect(response?.status()).toBe(200)
  await expect(page.locator('html').getAttribute('data-hydrates')).resolves.toBe('false')
  await expect(page.locator('script[type="module"], link[rel="modulepreload"]').count()).resolves.toBe(0)
  // The menu button is a label for a checkbox: it opens without JavaScript.
  await page.locator('label[for="public-menu-open"]').click()
  const siteMenu = page.getByRole('navigation', { name: 'Site pages' })
  await siteMenu.getByRole('link', { name: 'Contact Us' }).click()
  await page.waitForURL((url) => url.pathname === '/contact')
})
