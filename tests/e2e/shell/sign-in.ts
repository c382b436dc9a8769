import type { Page } from 'playwright-core'
import { SEED_DEMO_PASSWORD, type RunningServer } from '../support/server'

/** Signs a seeded demo user in through the login form and waits for the landing page. */
export async function signIn(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(`${server.url('demo')}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(SEED_DEMO_PASSWORD)
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: 'Login' }).click()])
  // The address changes before the new screen renders: wait for the form to go and the
  // landing screen's title (every screen has one) to appear.
  await page.waitForFunction(() => !document.querySelector('input[name="password"]'))
  await page.locator('main h1').first().waitFor()
}
