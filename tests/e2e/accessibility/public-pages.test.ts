import { describe, expect, test } from 'vitest'
import { useBrowser } from '#tests/e2e/support/browser'
import { useServer } from '#tests/e2e/support/server'
import { expectPagesPassAxe, sameOriginPaths, WALK_TIMEOUT_MS, WIDTHS } from './walk'

const server = useServer()
const browser = useBrowser()

/** The public registration forms and their thank-you pages have their own checks (tests/e2e/forms). */
const isRegistrationForm = (path: string) => path.startsWith('/pforms/')

describe.each(WIDTHS)('public site, $name: axe finds nothing serious', ({ viewport }) => {
  test('the home page and every page of the demo site in its menus and footer', async () => {
    const { page } = await browser.newPage({ viewport })
    await page.goto(`${server().url('demo')}/`)
    const paths = (await sameOriginPaths(page, 'header, footer')).filter((path) => !isRegistrationForm(path) && path !== '/login')
    // The demo site has several pages; a menu that lost them would make this walk prove little.
    expect(paths.length).toBeGreaterThanOrEqual(3)
    await expectPagesPassAxe(page, server().url('demo'), ['/', ...paths])
  }, WALK_TIMEOUT_MS)

  test('login, forgot password and register', async () => {
    const { page } = await browser.newPage({ viewport })
    await expectPagesPassAxe(page, server().url('demo'), ['/login', '/forgot-password', '/register'])
  }, WALK_TIMEOUT_MS)
})
