import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * The Plivo page as an administrator goes through it, against the local stand-in of Plivo:
 * without JavaScript, Get Started is refused without the terms or with credentials Plivo refuses;
 * with JavaScript, Get Started waits for a valid form and a search by area code lists numbers;
 * without JavaScript, a bad area code is said and a number is bought, 'Waiting for approval' with
 * the next steps; with JavaScript, Check approval turns it 'Approved' and the hub checks the card, and
 * Release number asks first and releases the number at Plivo. The tests share one server and
 * run in order.
 */

const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const PATH = '/settings/integrations/plivo'
const viewport = { width: 1280, height: 900 }
/** A refused post answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

let fake: FakePlivo | null = null
const serverEnv: Record<string, string> = {}
beforeAll(async () => {
  fake = await startFakePlivo()
  serverEnv.PLIVO_API_URL = fake.url
})
const server = useServer({ env: serverEnv })
afterAll(async () => {
  await fake?.close()
})
const browser = useBrowser()
const plivo = () => {
  if (!fake) throw new Error('the Plivo stand-in is not started yet')
  return fake
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

describe('the Plivo page', () => {
  test('without JavaScript: Get Started is refused without the terms, and with credentials Plivo refuses', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [refusedPost] })
    await page.getByRole('heading', { level: 1, name: 'Plivo' }).waitFor()
    await field(page, 'Auth ID').fill(plivo().authId)
    await field(page, 'Auth Token').fill(plivo().authToken)
    await button(page, 'Get Started').click()
    await page.getByText('Please agree to the terms to get started', { exact: true }).waitFor()
    await expect(field(page, 'Auth ID').inputValue()).resolves.toBe(plivo().authId)
    await page.getByLabel('I agree to these terms').check()
    await field(page, 'Auth Token').fill('wrong-token')
    await button(page, 'Get Started').click()
    await page.getByText(/^Plivo refused this Auth ID and Auth Token/).first().waitFor()
    expect(await page.content()).not.toContain('wrong-token')
  })

  test('with JavaScript: Get Started waits for a valid form, then numbers are searched by area code', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport })
    await page.getByRole('heading', { level: 1, name: 'Plivo' }).waitFor()
    await waitForHydration(page)
    await expect.poll(() => button(page, 'Get Started').isDisabled()).toBe(true)
    await checkScreen(page, 'plivo-terms', SCREENSHOTS)
    await field(page, 'Auth ID').fill(plivo().authId)
    await field(page, 'Auth Token').fill(plivo().authToken)
    await expect.poll(() => button(page, 'Get Started').isDisabled()).toBe(true)
    await page.getByLabel('I agree to these terms').check()
    await expect.poll(() => button(page, 'Get Started').isDisabled()).toBe(false)
    await button(page, 'Get Started').click()
    await toast(page, 'Sms config updated').waitFor()
    await page.getByRole('heading', { level: 2, name: 'Choose a number' }).waitFor()
    await page.getByText('A token is saved. Leave blank to keep it, or paste a new one.').waitFor()
    expect(await page.content()).not.toContain(plivo().authToken)
    await field(page, 'Area code').fill('415')
    await button(page, 'Search').click()
    await page.getByRole('button', { name: 'Buy +14155550100' }).waitFor()
    expect(page.url()).toContain('areaCode=415')
    await checkScreen(page, 'plivo-numbers', SCREENSHOTS)
    await field(page, 'Area code').fill('999')
    await button(page, 'Search').click()
    await page.getByText('No Phone Numbers found', { exact: true }).waitFor()
  })

  test('without JavaScript: a bad area code is said, and a number is bought, waiting for approval with the next steps', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: `${PATH}?areaCode=12` }, { viewport, javaScriptEnabled: false })
    await page.getByText('An area code is 3 digits and does not start with 0 or 1, e.g. 415', { exact: true }).waitFor()
    await field(page, 'Area code').fill('415')
    await button(page, 'Search').click()
    await page.getByRole('button', { name: 'Buy +14155550101' }).click()
    await page.getByText('Sms config updated').waitFor()
    await page.getByText('+14155550101', { exact: true }).waitFor()
    await page.getByText('Waiting for approval', { exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Next steps' }).waitFor()
    expect([...plivo().owned.keys()]).toEqual(['14155550101'])
  })

  test('with JavaScript: Check approval turns the number Approved, and the hub checks the Plivo card', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport })
    await page.getByText('Waiting for approval', { exact: true }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'plivo-waiting', SCREENSHOTS)
    await button(page, 'Check approval').click()
    await toast(page, 'The number is still waiting for approval.').waitFor()
    plivo().approve('14155550101')
    await button(page, 'Check approval').click()
    await toast(page, 'Sms config updated').waitFor()
    await page.getByText('Approved', { exact: true }).waitFor()
    await expect(page.getByRole('heading', { name: 'Next steps' }).count()).resolves.toBe(0)
    await checkScreen(page, 'plivo-approved', SCREENSHOTS)
    await page.getByRole('link', { name: 'Back' }).click()
    await page.getByRole('heading', { level: 1, name: 'Third Party Settings' }).waitFor()
    await page.getByRole('link', { name: /Plivo/ }).getByText('Integrated').waitFor()
  })

  test('with JavaScript: Release number asks first; Plivo failing keeps the number, then it is released and numbers are searched again', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport, allowConsoleErrors: [refusedPost] })
    await page.getByText('Approved', { exact: true }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Release number' }).click()
    const dialog = page.getByRole('dialog', { name: 'Release number' })
    await dialog.waitFor()
    await checkScreen(page, 'plivo-release', SCREENSHOTS)
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('+14155550101', { exact: true }).waitFor()

    // Plivo failing: the number stays, and the dialog says why.
    plivo().failNext(1, 500)
    await page.getByRole('link', { name: 'Release number' }).click()
    await dialog.getByRole('button', { name: 'Release number' }).click()
    await dialog.getByRole('alert').filter({ hasText: /^Plivo could not release this number, so it is still yours here/ }).waitFor()
    expect(plivo().owned.has('14155550101')).toBe(true)

    await dialog.getByRole('button', { name: 'Release number' }).click()
    await page.getByText('Sms config updated').waitFor()
    await page.getByRole('heading', { level: 2, name: 'Choose a number' }).waitFor()
    expect(plivo().owned.has('14155550101')).toBe(false)
  })
})
