import type { BrowserContext, Page } from 'playwright-core'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import type { BrowserFixture, CheckedContext, CheckedContextOptions } from './browser'
import { SEED_DEMO_PASSWORD, type RunningServer } from './server'
import type { SignInAs } from './session-minter'

export type { SignInAs } from './session-minter'

/**
 * Signs a person in without the login form: a session row is inserted in the server's
 * database (tests/e2e/support/session-minter.ts), its cookie is added to the browser context,
 * and a new page opens `to` (by default their landing screen, where /login sends a signed-in
 * person). Works with JavaScript on or off. The login form itself is tested once, in
 * tests/e2e/auth, with `loginThroughForm`.
 */
export async function login(context: BrowserContext, server: Pick<RunningServer, 'url' | 'sessionTokenFor'>, who: SignInAs & { to?: string }): Promise<Page> {
  await addSessionCookie(context, server, who)
  const page = await context.newPage()
  const origin = server.url(who.orgId ?? 'demo')
  if (who.to) {
    await page.goto(`${origin}${who.to}`)
  } else {
    await page.goto(`${origin}/login`)
    if (new URL(page.url()).pathname === '/login') throw new Error(`the session of ${who.email} was not accepted: /login did not send them on`)
  }
  return page
}

/** The session cookie alone, for a test that opens its own pages (or sends its own requests). */
export async function addSessionCookie(context: BrowserContext, server: Pick<RunningServer, 'url' | 'sessionTokenFor'>, who: SignInAs): Promise<string> {
  const token = await server.sessionTokenFor(who)
  // Host-only, like the cookie the login action sets: the session belongs to this tenant's host.
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.url(who.orgId ?? 'demo'), httpOnly: true, sameSite: 'Lax' }])
  return `${SESSION_COOKIE}=${token}`
}

/**
 * Signs a user in through the real /login form on their organisation's host and returns the
 * page, already on the landing screen. Only for tests of the form itself; everything else
 * uses `login`.
 */
export async function loginThroughForm(
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

/** The name the auth, settings and preview tests still use for the form path. */
export const loginAs = loginThroughForm

/** A fresh checked browser context (see browser.ts) with the person signed in, and its page. */
export async function signedInPage(
  browser: Pick<BrowserFixture, 'newContext'>,
  server: Pick<RunningServer, 'url' | 'sessionTokenFor'>,
  who: SignInAs & { to?: string },
  options?: CheckedContextOptions,
): Promise<{ page: Page; checked: CheckedContext }> {
  const checked = await browser.newContext(options)
  return { page: await login(checked.context, server, who), checked }
}
