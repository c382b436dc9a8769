import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeMeetingProvider, type FakeMeetingProvider } from '#tests/fakes/meeting-provider'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * Online meetings as an administrator uses them, against the local fake Zoom and Google: from the
 * integrations hub to /oauth/omeeting, Connect Zoom through the provider's consent and back by
 * /integrations/zoom, then a class's 'Generate meeting link' with JavaScript and 'Regenerate
 * meeting link' without it. The tests share one server and run in order.
 */

const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const CLASS = 'Morning Vinyasa'
const viewport = { width: 1280, height: 900 }

let fake: FakeMeetingProvider | null = null
const serverEnv: Record<string, string> = {}
beforeAll(async () => {
  fake = await startFakeMeetingProvider()
  Object.assign(serverEnv, fake.env)
})
const server = useServer({ env: serverEnv })
afterAll(async () => {
  await fake?.close()
})
const browser = useBrowser()
const provider = () => {
  if (!fake) throw new Error('the fake meeting provider is not started yet')
  return fake
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function openClass(page: Page): Promise<void> {
  await page.goto(`${server().url('demo')}/schedule`)
  await page.locator(`[data-class-row="${CLASS}"]`).getByRole('link', { name: CLASS }).click()
  await page.getByRole('heading', { level: 1, name: CLASS }).waitFor()
}

describe('online meetings', () => {
  test('with JavaScript: the hub leads to Online Meeting, Zoom connects through its consent, and a class gets a meeting link; the screens fit 1280 and 360 px and pass axe', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: '/settings/integrations' }, { viewport })
    page.setDefaultTimeout(20_000)
    await page.getByRole('heading', { level: 1, name: 'Third Party Settings' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: /Online Meeting/ }).click()
    await page.waitForURL((url) => url.pathname === '/oauth/omeeting')
    await page.getByRole('heading', { level: 1, name: 'Online Meeting' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'omeeting-not-connected', SCREENSHOTS)

    await page.getByRole('link', { name: 'Connect Zoom' }).click()
    await page.waitForURL((url) => url.pathname === '/oauth/omeeting' && url.search === '')
    await toast(page, 'Zoom connected.').waitFor()
    await page.locator('[data-provider="zoom"]').getByText('host@meetings.test').waitFor()
    await page.getByRole('button', { name: 'Disconnect Zoom' }).waitFor()
    expect(provider().tokenGrants).toEqual(['authorization_code'])
    await waitForHydration(page)
    await checkScreen(page, 'omeeting-connected', SCREENSHOTS)

    // The hub's card now carries the check.
    await page.goto(`${server().url('demo')}/settings/integrations`)
    await page.getByRole('link', { name: /Online Meeting/ }).getByText('Integrated').waitFor()

    await openClass(page)
    await waitForHydration(page)
    const panel = page.getByRole('region', { name: 'Online meeting' })
    await panel.getByText('No meeting link yet.', { exact: false }).waitFor()
    await panel.getByRole('button', { name: 'Generate meeting link' }).click()
    await toast(page, 'Meeting link generated.').waitFor()
    const made = provider().meetings[0]?.url ?? 'none'
    await panel.locator('[data-meeting-url]').filter({ hasText: made }).waitFor()
    await panel.getByRole('button', { name: 'Regenerate meeting link' }).waitFor()
    await checkScreen(page, 'class-meeting-link', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript: Regenerate meeting link posts and the class shows the new link', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: '/dashboard' }, { viewport, javaScriptEnabled: false })
    page.setDefaultTimeout(20_000)
    await openClass(page)
    const panel = page.getByRole('region', { name: 'Online meeting' })
    const before = provider().meetings.length
    await panel.getByRole('button', { name: 'Regenerate meeting link' }).click()
    await toast(page, 'Meeting link regenerated.').waitFor()
    expect(provider().meetings).toHaveLength(before + 1)
    await panel.locator('[data-meeting-url]').filter({ hasText: provider().meetings.at(-1)?.url ?? 'none' }).waitFor()
    expect(page.url()).toMatch(/\/schedule\/[0-9a-f-]{36}$/)
    checked.expectNoConsoleErrors()
  })

  test("the demo student, booked on the class, finds the link beside the booking; a visitor's calendar never shows it", { timeout: 120_000 }, async () => {
    const url = provider().meetings.at(-1)?.url ?? 'none'
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'student@demo.test', to: '/classes' }, { viewport })
    page.setDefaultTimeout(20_000)
    const join = page.getByRole('region', { name: 'Your next classes' }).getByRole('link', { name: `Join online meeting for ${CLASS}`, exact: false })
    await join.waitFor()
    await expect(join.getAttribute('href')).resolves.toBe(url)
    await waitForHydration(page)
    await checkScreen(page, 'student-classes-meeting-link', SCREENSHOTS)
    checked.expectNoConsoleErrors()

    const visitor = await browser.newContext({ viewport })
    const anonymous = await visitor.context.newPage()
    await anonymous.goto(`${server().url('demo')}/calendar`)
    await anonymous.locator('[data-occurrence]').first().waitFor()
    expect(await anonymous.content()).not.toContain(url)
    visitor.expectNoConsoleErrors()
  })
})
