import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const loginTrace = (page: Page) => page.evaluate(() => window.localStorage.getItem('loginTrace'))

test('logging out from the staff menu clears the login trace', async () => {
  const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/dashboard' }, { viewport: { width: 1366, height: 900 } })
  await page.waitForFunction(() => window.localStorage.getItem('loginTrace') === 'true')
  // The account menu's Logout reloads the document: nothing but the page itself can clear it.
  await page.locator('summary', { hasText: 'Avery Admin' }).first().click()
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/dashboard'),
    page.getByRole('button', { name: 'Logout', exact: true }).click(),
  ])
  await expect(loginTrace(page)).resolves.toBeNull()
})

test('without JavaScript, Back out of Web Preview returns to the back office with the preview ended', async () => {
  const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/dashboard' }, { javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })
  await page.locator('summary[aria-label="Preview"]').click()
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/dashboard'),
    page.getByRole('button', { name: 'Web Preview' }).click(),
  ])
  await page.getByRole('button', { name: 'Admin View' }).first().waitFor()

  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/dashboard')
  // Whatever the browser showed, the server's session is the staff member's again.
  await page.goto(`${server().url('demo')}/session`)
  await page.getByTestId('session-name').waitFor()
  await expect(page.getByTestId('session-mode').count()).resolves.toBe(0)
  await expect(page.getByRole('button', { name: 'Web Preview' }).count()).resolves.toBe(1)
})
