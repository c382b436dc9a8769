import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { useBrowser } from '#tests/e2e/support/browser'
import { loginAs } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

async function openMenu(page: Page, name: string) {
  await page.locator(`summary[aria-label="${name}"]`).click()
}

test('Web Preview shows the public site, and browser back returns to /dashboard and ends it', async () => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  await openMenu(page, 'Preview')
  await page.getByRole('button', { name: 'Web Preview' }).click()
  await page.waitForURL((url) => url.pathname === '/home')
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor()
  await page.getByRole('button', { name: 'Admin View' }).waitFor()

  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/dashboard')
  await page.locator('summary[aria-label="Preview"]').waitFor()
  await expect(page.getByRole('button', { name: 'Admin View' }).count()).resolves.toBe(0)
})

test("Student Preview opens the student portal, and 'Admin View' restores the staff session", async () => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  await openMenu(page, 'Preview')
  await page.getByRole('button', { name: 'Student Preview' }).click()
  await page.waitForURL((url) => url.pathname === '/classes')
  await page.getByRole('button', { name: 'Admin View' }).click()
  await page.waitForURL((url) => url.pathname === '/dashboard')
  await page.locator('summary[aria-label="Preview"]').waitFor()
})

test("a master franchise admin switches into a franchise and back with 'Master View'", async () => {
  const checked = await browser.newContext()
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  await openMenu(page, 'Switch franchise')
  await page.getByRole('button', { name: /Demo Yoga Studio East/ }).click()
  await page.waitForURL(`${server().url('demo-east')}/dashboard`)
  await page.getByRole('button', { name: 'Master View' }).waitFor()

  // The franchise's session lives on its own address, acting for the master's admin.
  await page.goto(`${server().url('demo-east')}/session`)
  await expect(page.getByTestId('session-name').textContent()).resolves.toBe('Avery Admin')
  await expect(page.getByTestId('session-org').textContent()).resolves.toBe('Demo Yoga Studio East')
  await page.getByTestId('session-franchise').waitFor()

  await page.getByRole('button', { name: 'Master View' }).click()
  await page.waitForURL(`${server().url('demo')}/dashboard`)
  await page.goto(`${server().url('demo-east')}/session`)
  await page.waitForURL((url) => url.pathname === '/login')
})

test('franchise switching and Master View work without JavaScript', async () => {
  const checked = await browser.newContext({ javaScriptEnabled: false })
  const page = await loginAs(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
  await page.goto(`${server().url('demo')}/session`)
  await page.getByLabel('Switch franchise').selectOption({ label: 'Demo Yoga Studio East (demo-east)' })
  await page.getByRole('button', { name: 'Switch' }).click()
  await page.getByRole('link', { name: 'Continue to Demo Yoga Studio East' }).click()
  await page.waitForURL(`${server().url('demo-east')}/dashboard`)
  await page.goto(`${server().url('demo-east')}/session`)
  await page.getByRole('button', { name: 'Master View' }).click()
  await page.getByRole('link', { name: 'Continue to the master franchise' }).click()
  await page.waitForURL(`${server().url('demo')}/dashboard`)
})
