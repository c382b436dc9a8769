import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * The Twilio page as an administrator uses it, against the local stand-in of Twilio: with
 * JavaScript, Submit waits for a valid form, the advanced view opens in place and the account
 * is saved (the hub's card then shows Integrated); without JavaScript, the advanced view is a
 * link, refused credentials and a bad page size come back with their messages and the values
 * typed, and a corrected form is saved. The tests share one server and run in order.
 */

const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const PATH = '/settings/integrations/twilio'
const viewport = { width: 1280, height: 900 }
/** A refused Save answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

let fake: FakeTwilio | null = null
const serverEnv: Record<string, string> = {}
beforeAll(async () => {
  fake = await startFakeTwilio()
  serverEnv.TWILIO_API_URL = fake.url
})
const server = useServer({ env: serverEnv })
afterAll(async () => {
  await fake?.close()
})
const browser = useBrowser()
const twilio = () => {
  if (!fake) throw new Error('the Twilio stand-in is not started yet')
  return fake
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`))
const submit = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true })
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** A demo contact's guid, as the contact pickers find it (by Host header: node resolves no *.localhost names). */
async function guidOf(page: Page, query: string): Promise<string> {
  const url = new URL(page.url())
  const cookies = await page.context().cookies(url.origin)
  const answer = await send(Number(url.port), `/contacts/autocomplete?q=${encodeURIComponent(query)}`, { host: url.host, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') })
  const { items } = JSON.parse(answer.body) as { items: Array<{ id: string }> }
  if (!items[0]) throw new Error(`no demo contact matches ${query}`)
  return items[0].id
}

describe('the Twilio page', () => {
  test('with JavaScript: Submit waits for a valid form, the advanced view opens in place, and the account is saved', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport })
    await page.getByRole('heading', { level: 1, name: 'Twilio' }).waitFor()
    await waitForHydration(page)
    await expect.poll(() => submit(page).isDisabled()).toBe(true)
    await checkScreen(page, 'twilio-empty', SCREENSHOTS)
    await field(page, 'Account SID').fill('x')
    await field(page, 'Account SID').fill('')
    await field(page, 'Account SID').blur()
    await page.getByText('Account SID is required', { exact: true }).waitFor()
    await field(page, 'Phone or Messaging Service ID').fill('+1 555 010 0200')
    await field(page, 'Account SID').fill(twilio().accountSid)
    await field(page, 'Auth Token').fill(twilio().authToken)
    await page.getByRole('link', { name: 'Advanced settings' }).click()
    await expect(field(page, 'Page Size').inputValue()).resolves.toBe('250')
    await expect(field(page, 'Page Timer (minutes)').inputValue()).resolves.toBe('3')
    expect(page.url()).not.toContain('advanced=1')
    await field(page, 'Page Size').fill('100')
    await checkScreen(page, 'twilio-advanced', SCREENSHOTS)
    await expect.poll(() => submit(page).isDisabled()).toBe(false)
    await submit(page).click()
    await toast(page, 'Twilio updated successfully').waitFor()
    await page.getByText('A token is saved. Leave blank to keep it, or paste a new one.').waitFor()
    expect(await page.content()).not.toContain(twilio().authToken)
    expect(twilio().calls.account).toBe(1)

    await page.getByRole('link', { name: 'Back' }).click()
    await page.getByRole('heading', { level: 1, name: 'Third Party Settings' }).waitFor()
    await page.getByRole('link', { name: /Twilio/ }).getByText('Integrated').waitFor()
  })

  test('without JavaScript: the advanced view is a link, refusals keep the values typed, a corrected form is saved', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PATH }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [refusedPost] })
    await page.getByRole('heading', { level: 1, name: 'Twilio' }).waitFor()
    await page.getByRole('link', { name: 'Advanced settings' }).click()
    await page.waitForURL(/advanced=1/)
    await expect(field(page, 'Page Size').inputValue()).resolves.toBe('100')
    // Credentials Twilio refuses: said in the form, nothing saved.
    await field(page, 'Auth Token').fill('wrong-token')
    await field(page, 'Page Size').fill('0')
    await field(page, 'Phone or Messaging Service ID').fill('MG0123456789abcdef0123456789abcdef')
    await submit(page).click()
    await page.getByText('Page Size is a whole number from 1 to 10000', { exact: true }).waitFor()
    await expect(field(page, 'Phone or Messaging Service ID').inputValue()).resolves.toBe('MG0123456789abcdef0123456789abcdef')
    await field(page, 'Page Size').fill('50')
    await field(page, 'Auth Token').fill('wrong-token')
    await submit(page).click()
    await page.getByText(/Twilio refused this Account SID and Auth Token/).first().waitFor()
    expect(await page.content()).not.toContain('wrong-token')
    // A blank token keeps the saved one.
    await field(page, 'Page Size').fill('50')
    await submit(page).click()
    await page.getByText('Twilio updated successfully').waitFor()
    await expect(field(page, 'Phone or Messaging Service ID').inputValue()).resolves.toBe('MG0123456789abcdef0123456789abcdef')
    expect(await page.content()).not.toContain(twilio().authToken)
  })

  test("without JavaScript: staff text a contact from the profile's Send SMS page, and the job sends it", { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: '/contacts' }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [refusedPost] })
    const guid = await guidOf(page, 'maria.garcia@example.test')
    await page.goto(`${server().url('demo')}/contacts/${guid}/sms`)
    await page.getByRole('heading', { level: 1, name: 'María García' }).waitFor({ timeout: 15_000 })
    await page.getByText('+15550100201').waitFor({ timeout: 15_000 })
    await page.getByRole('textbox', { name: 'Message' }).fill('Your class moves to room 2 tonight.')
    await page.getByRole('button', { name: 'Send SMS' }).click()
    await page.getByText('SMS queued for +15550100201. It is sent within a few minutes.').waitFor({ timeout: 15_000 })
    // The send job runs in the server; the page shows the message as sent once it has.
    for (let tries = 0; tries < 50 && !twilio().messages.some((message) => message.to === '+15550100201'); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(twilio().messages.filter((message) => message.to === '+15550100201').map((message) => [message.body, message.messagingServiceSid])).toEqual([['Your class moves to room 2 tonight.', 'MG0123456789abcdef0123456789abcdef']])
    // Twilio has the message once the job asked; the job records its answer just after: reload until it shows.
    await expect
      .poll(async () => {
        await page.reload()
        return page.locator('[data-sms-recent]').getByText('Sent', { exact: true }).count()
      })
      .toBe(1)
    // The layout checks run scripts in the page: a page with JavaScript shows the same screen.
    const { page: withScripts } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: `/contacts/${guid}/sms` }, { viewport })
    await withScripts.getByRole('heading', { level: 1, name: 'María García' }).waitFor({ timeout: 15_000 })
    await waitForHydration(withScripts)
    await checkScreen(withScripts, 'contact-sms', SCREENSHOTS)
  })
})
