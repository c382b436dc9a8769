import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeMailchimp, type FakeMailchimp } from '#tests/fakes/mailchimp'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * The mailing list page as an administrator uses it, against the local fake Mailchimp: with
 * JavaScript, Submit waits for a valid form, the list is added, List Info opens as a dialog,
 * and a resync runs to Complete with every subscribed contact sent once; without JavaScript,
 * a refused form comes back with its messages and the values typed, and a saved one is
 * updated. The tests share one server and run in order.
 */

const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const PATH = '/settings/integrations/mailchimp'
const viewport = { width: 1280, height: 900 }
/** A refused Save answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

let fake: FakeMailchimp | null = null
const serverEnv: Record<string, string> = {}
beforeAll(async () => {
  fake = await startFakeMailchimp()
  serverEnv.MAILCHIMP_API_URL = fake.url
})
const server = useServer({ env: serverEnv })
afterAll(async () => {
  await fake?.close()
})
const browser = useBrowser()
const mailchimp = () => {
  if (!fake) throw new Error('the fake Mailchimp is not started yet')
  return fake
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const submit = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true })
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

describe('the mailing list page', () => {
  test('with JavaScript: Submit waits for a valid form, the list is added, List Info and a resync to Complete', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport })
    await page.getByRole('heading', { level: 1, name: 'Mailchimp' }).waitFor()
    await waitForHydration(page)
    await expect(field(page, 'Audience Name').inputValue()).resolves.toMatch(/^Mailchimp-\d{3}$/)
    await expect.poll(() => submit(page).isDisabled()).toBe(true)
    await checkScreen(page, 'mailing-list-create', SCREENSHOTS)
    await field(page, 'Audience Name').fill('')
    await field(page, 'Audience Name').blur()
    await page.getByText('Audience Name required', { exact: true }).waitFor()
    await field(page, 'Audience Name').fill('Studio newsletter')
    await field(page, 'Audience ID').fill('aud123')
    await field(page, 'API Key').fill(mailchimp().apiKey)
    await field(page, 'From Name').fill('Demo Yoga Studio')
    await field(page, 'From Email').fill('hello@demo.test')
    await expect.poll(() => submit(page).isDisabled()).toBe(false)
    await submit(page).click()
    await toast(page, 'Mailchimp added successfully').waitFor()
    await page.locator('[data-mailing-list-status="not_started"]').getByText('Not Started').waitFor()
    expect(await page.content()).not.toContain(mailchimp().apiKey)

    await page.getByRole('link', { name: 'List Info' }).click()
    const info = page.getByRole('dialog', { name: 'Studio newsletter' })
    await info.waitFor()
    await info.getByText('41.25%').waitFor()
    await info.getByText(`••••••••${mailchimp().apiKey.slice(-4)}`).waitFor()
    await checkScreen(page, 'mailing-list-info', SCREENSHOTS)
    await info.getByRole('link', { name: 'Close' }).click()
    await info.waitFor({ state: 'detached' })

    await page.getByRole('link', { name: 'Resync' }).click()
    const question = page.getByRole('dialog', { name: 'Resync' })
    await question.getByText('Sync will sync all mailchimp contacts with wajooba contacts this process takes time based on the number of records').waitFor()
    await question.getByRole('button', { name: 'Yes' }).click()
    await toast(page, 'Resync was successfully initiated').waitFor()
    await page.locator('[data-mailing-list-status="complete"]').getByText('Complete').waitFor({ timeout: 60_000 })
    expect(mailchimp().membersReceived()).toBeGreaterThan(0)
    expect([...mailchimp().received.values()].every((times) => times === 1)).toBe(true)
    await checkScreen(page, 'mailing-list-complete', SCREENSHOTS)
  })

  test('without JavaScript: a refused form keeps the values typed with its messages; a saved one is updated', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [refusedPost] })
    await page.getByRole('heading', { level: 1, name: 'Mailchimp' }).waitFor()
    // Blanks the browser's own check lets through (it refuses empty required fields by itself).
    await field(page, 'From Name').fill('   ')
    await field(page, 'From Email').fill('news@demo')
    await field(page, 'Audience Name').fill('Renamed list')
    await submit(page).click()
    await page.getByText('From Name is required', { exact: true }).waitFor()
    await page.getByText('From Email is not a valid email address', { exact: true }).waitFor()
    await expect(field(page, 'Audience Name').inputValue()).resolves.toBe('Renamed list')
    await field(page, 'From Name').fill('Demo Studio')
    await field(page, 'From Email').fill('news@demo.test')
    await submit(page).click()
    await page.getByText('Mailchimp updated successfully').waitFor()
    await expect(field(page, 'From Name').inputValue()).resolves.toBe('Demo Studio')
    expect(await page.content()).not.toContain(mailchimp().apiKey)
  })
})
