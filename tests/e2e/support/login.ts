import type { BrowserContext, Page } from 'playwright-core'
import { SEED_DEMO_PASSWORD, type RunningServer } from './server'

/**
 * Signs a user in through the real /login form on their organisation's host and returns the
 * page, already on the landing screen. Works with JavaScript on or off.
 */
export async function loginAs(
  context: BrowserContext,
  server: Pick<RunningServer, 'url'>,
  who: { orgId?: string; email: string; password?: string },
): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${server.url(who.orgId)}/login`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password ?? SEED_DEMO_PASSWORD)
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 }),
    page.getByRole('button', { name: 'Login', exact: true }).click(),
  ])
  return page
}
