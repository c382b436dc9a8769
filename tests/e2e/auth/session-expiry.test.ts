import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { loginAs } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

// A 6-second idle time-out and a 15-second refresh buffer, so expiry happens during the test.
const server = useServer({ env: { SESSION_IDLE_MINUTES: '0.1', SESSION_REFRESH_BUFFER_MINUTES: '0.25' } })
const browser = useBrowser()

test("idle expiry shows 'Session Expired'; Continue renews it and Logout signs out", async () => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  expect(new URL(page.url()).pathname).toBe('/dashboard')
  await waitForHydration(page)
  // The trace is written by an effect once the shell has hydrated.
  await page.waitForFunction(() => window.localStorage.getItem('loginTrace') === 'true', undefined, { timeout: 5_000 })

  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' })
  await dialog.waitFor({ timeout: 15_000 })
  await dialog.getByText('Your session has expired. Would you like to continue your session?').waitFor()
  const renewed = page.waitForResponse((response) => response.url().endsWith('/session/refresh') && response.status() === 200)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await renewed
  await dialog.waitFor({ state: 'hidden' })
  // Still signed in: the back office opens without a new sign-in.
  await page.reload()
  expect(new URL(page.url()).pathname).toBe('/dashboard')

  await dialog.waitFor({ timeout: 15_000 })
  await dialog.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL((url) => url.pathname === '/home')
  await expect(page.evaluate(() => window.localStorage.getItem('loginTrace'))).resolves.toBeNull()
  const cookies = await checked.context.cookies()
  expect(cookies.find((cookie) => cookie.name === '__session')).toBeUndefined()
})

test("the 'Session Expired' dialog speaks the page's language", async () => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: server().url('demo') }])
  await page.reload()
  await page.locator('html[lang="tr"]').waitFor({ state: 'attached' })
  await waitForHydration(page)
  const dialog = page.getByRole('alertdialog', { name: 'Oturumun Süresi Doldu' })
  await dialog.waitFor({ timeout: 15_000 })
  await dialog.getByText('Oturumunuzun süresi doldu. Oturumunuza devam etmek ister misiniz?').waitFor()
  await dialog.getByRole('button', { name: 'Devam et' }).waitFor()
  await dialog.getByRole('button', { name: 'Çıkış' }).waitFor()
})

test('without JavaScript the server idle time-out sends the next click to /login and back', async () => {
  const checked = await browser.newContext({ javaScriptEnabled: false })
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  expect(new URL(page.url()).pathname).toBe('/dashboard')
  await page.waitForTimeout(7_000)
  await page.goto(`${server().url('demo')}/settings/users`)
  expect(page.url()).toBe(`${server().url('demo')}/login?redirectTo=%2Fsettings%2Fusers`)
  await page.getByLabel('Email').fill('admin@demo.test')
  await page.getByLabel('Password', { exact: true }).fill('e2e-demo-password-1')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL('**/settings/users')
})
