import { expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.AUTH_SCREENSHOTS_DIR
/** A refused form answers 400, which Chromium reports on the console; expected here. */
const formRefusal = [/status of 400 \(Bad Request\)/]

test('a visitor switches the login page to Türkçe and reads a refused sign-in in Turkish', { timeout: 120_000 }, async () => {
  const { page } = await browser.newPage({ allowConsoleErrors: formRefusal })
  await page.goto(`${server().url('demo')}/login`)
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor()

  // The switcher is a plain form: the page comes back drawn in the chosen language.
  await page.getByRole('button', { name: 'Türkçe' }).click()
  await page.waitForFunction(() => document.documentElement.lang === 'tr')
  expect(new URL(page.url()).pathname).toBe('/login')
  await page.getByRole('heading', { level: 1, name: 'Giriş yap' }).waitFor()
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Şifremi unuttum' }).waitFor()
  await page.getByText('Beni hatırla').waitFor()
  await expect.poll(() => page.getByRole('button', { name: 'Türkçe' }).getAttribute('aria-pressed')).toBe('true')
  await checkScreen(page, 'login-tr', SCREENSHOTS)

  await page.getByLabel('E-posta').fill('admin@demo.test')
  await page.getByLabel('Şifre', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Giriş yap', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'Bu e-posta adresi ve şifreyle oturumunuzu açamadık.' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')
  await expect.poll(() => page.getByLabel('Şifre', { exact: true }).inputValue()).toBe('')
  await checkScreen(page, 'login-tr-refused', SCREENSHOTS)
})
