import type { Page } from 'playwright-core'
import { SEED_DEMO_PASSWORD, type RunningServer } from '../support/server'

/**
 * Signs a seeded demo user in through the login form, which works with and without
 * JavaScript; the session cookie then belongs to the page's browser context.
 */
export async function signInThroughForm(page: Page, server: RunningServer, email: string, orgId = 'demo'): Promise<void> {
  await page.goto(`${server.url(orgId)}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(SEED_DEMO_PASSWORD)
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login'),
    page.getByRole('button', { name: 'Login' }).click(),
  ])
}
