import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { startFakeMailOAuthProvider, type FakeMailOAuthProvider } from '#tests/fakes/mail-oauth-provider'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { send } from '#tests/e2e/support/http'
import { useServer } from '#tests/e2e/support/server'

/**
 * Connected email accounts as a staff member uses them, against the local fake Google and a
 * local DNS server answering MX: from the integrations hub to Connect Email, the dialog's
 * sections, Continue through the provider's consent and back, then revoke after the spec's
 * question; and the dialog without JavaScript. The tests share one server and run in order.
 */

const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const viewport = { width: 1280, height: 900 }

let fake: FakeMailOAuthProvider | null = null
let dns: FakeDnsServer | null = null
const serverEnv: Record<string, string> = {}
beforeAll(async () => {
  fake = await startFakeMailOAuthProvider()
  dns = await startFakeDnsServer()
  dns.setMx('gmail.test', ['gmail-smtp-in.l.google.com'])
  dns.setMx('zoho-studio.test', ['mx.zoho.eu'])
  dns.setMx('yahoo.test', ['mx1.mail.yahoo.com'])
  Object.assign(serverEnv, fake.env, { DNS_RESOLVER: dns.address })
})
const server = useServer({ env: serverEnv })
afterAll(async () => {
  await fake?.close()
  await dns?.close()
})
const browser = useBrowser()
const provider = () => {
  if (!fake) throw new Error('the fake mail provider is not started yet')
  return fake
}

/** A demo contact's guid, as the contact pickers find it (node resolves no *.localhost names, so by Host header). */
async function guidOf(page: Page, query: string): Promise<string> {
  const url = new URL(page.url())
  const cookies = await page.context().cookies(url.origin)
  const answer = await send(Number(url.port), `/contacts/autocomplete?q=${encodeURIComponent(query)}`, { host: url.host, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') })
  const { items } = JSON.parse(answer.body) as { items: Array<{ id: string }> }
  if (!items[0]) throw new Error(`no demo contact matches ${query}`)
  return items[0].id
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Connect your email' })

describe('connected email accounts', () => {
  test('with JavaScript: the hub leads to Connect Email, a Gmail mailbox connects through its consent, and revoke asks first; the screens fit 1280 and 360 px and pass axe', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: '/settings/integrations' }, { viewport })
    page.setDefaultTimeout(20_000)
    await page.getByRole('heading', { level: 1, name: 'Third Party Settings' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: /Connect email/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/integrations/emails')
    await page.getByRole('heading', { level: 1, name: 'Connect Email' }).waitFor()
    await page.getByText('No data found!').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'connect-email-empty', SCREENSHOTS)

    await page.getByRole('link', { name: 'Connect Personal Email' }).click()
    await dialog(page).getByRole('link', { name: 'Connect your inbox' }).click()
    const email = dialog(page).getByRole('textbox', { name: 'Email' })
    await email.waitFor()
    // Next is disabled while the address is invalid; leaving the field says why.
    const next = dialog(page).getByRole('button', { name: 'Next' })
    await expect.poll(() => next.isDisabled()).toBe(true)
    await email.fill('not-an-address')
    await email.blur()
    await dialog(page).getByText('Email is required!').first().waitFor()
    await expect.poll(() => next.isDisabled()).toBe(true)

    // An unrecognised provider: the 'other' message, still on submitEmail.
    await email.fill('me@yahoo.test')
    await dialog(page).getByRole('button', { name: 'Next' }).click()
    await dialog(page).getByText("We can't identify your email provider.").waitFor()
    await expect(email.inputValue()).resolves.toBe('me@yahoo.test')
    await checkScreen(page, 'connect-email-other', SCREENSHOTS)

    // Zoho: its notice; then 'Connect a different account' goes back.
    await email.fill('me@zoho-studio.test')
    await dialog(page).getByRole('button', { name: 'Next' }).click()
    await dialog(page).getByText('Zoho cannot send bulk emails', { exact: false }).waitFor()
    await dialog(page).getByRole('link', { name: 'Connect a different account' }).click()
    await dialog(page).getByRole('textbox', { name: 'Email' }).waitFor()

    await dialog(page).getByRole('textbox', { name: 'Email' }).fill('admin.mail@gmail.test')
    await dialog(page).getByRole('checkbox', { name: /Share your email account across/ }).check()
    await dialog(page).getByRole('button', { name: 'Next' }).click()
    await dialog(page).getByText('We found your mailbox at Google.', { exact: false }).waitFor()
    await checkScreen(page, 'connect-email-identified', SCREENSHOTS)
    await dialog(page).getByRole('link', { name: 'Connect', exact: true }).click()
    await dialog(page).getByRole('link', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/integrations/emails' && url.search === '')
    await toast(page, 'admin.mail@gmail.test connected.').waitFor()
    const row = page.locator('[data-account="admin.mail@gmail.test"]')
    await row.waitFor()
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true)
    expect(provider().tokenGrants).toEqual(['authorization_code'])
    await waitForHydration(page)
    await checkScreen(page, 'connect-email-connected', SCREENSHOTS)
    for (const token of provider().issuedTokens()) expect(await page.content()).not.toContain(token)

    await page.goto(`${server().url('demo')}/settings/integrations`)
    await page.getByRole('link', { name: /Connect email/ }).getByText('Integrated').waitFor()

    await page.goto(`${server().url('demo')}/settings/integrations/emails`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Revoke access of admin.mail@gmail.test' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke access' })
    await confirm.getByText("Do you want to revoke selected account's access, Are you sure?").waitFor()
    await checkScreen(page, 'connect-email-revoke', SCREENSHOTS)
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await toast(page, 'Account access revoked.').waitFor()
    await page.getByText('No data found!').waitFor()
    expect(provider().revoked).toHaveLength(1)
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript: the dialog is pages, Next validates on the server, and Continue reaches the consent', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'staff@demo.test', to: '/settings/integrations/emails' }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [/status of 400 \(Bad Request\)/] })
    page.setDefaultTimeout(20_000)
    await page.getByRole('heading', { level: 1, name: 'Connect Email' }).waitFor()
    await page.getByRole('link', { name: 'Connect Personal Email' }).click()
    await page.getByRole('link', { name: 'Connect your inbox' }).click()
    await page.waitForURL((url) => url.searchParams.get('step') === 'submitEmail')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Email is required!').first().waitFor()
    await page.getByRole('textbox', { name: 'Email' }).fill('staff.mail@gmail.test')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL((url) => url.searchParams.get('step') === 'emailIdentified')
    await page.getByRole('link', { name: 'Connect', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('step') === 'emailIdentifiedAndConfirmed')
    await page.getByRole('link', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/integrations/emails' && url.search === '')
    await toast(page, 'staff.mail@gmail.test connected.').waitFor()
    await page.locator('[data-account="staff.mail@gmail.test"]').waitFor()
    checked.expectNoConsoleErrors()
  })

  test("with JavaScript: staff email a contact from their connected mailbox, from the contact's actions; the screens fit 1280 and 360 px and pass axe", { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'staff@demo.test', to: '/dashboard' }, { viewport })
    page.setDefaultTimeout(20_000)
    const guid = await guidOf(page, 'student@demo.test')
    await page.goto(`${server().url('demo')}/contacts/${guid}/actions`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Send from your connected mailbox instead' }).click()
    await page.waitForURL((url) => url.pathname === `/contacts/${guid}/email`)
    await page.getByRole('combobox', { name: 'From' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'contact-email-from-mailbox', SCREENSHOTS)
    await page.getByRole('textbox', { name: 'Subject' }).fill('Your next class')
    await page.getByRole('textbox', { name: 'Message' }).fill('See you on Monday.')
    await page.getByRole('button', { name: 'Send email' }).click()
    await toast(page, 'Email sent to student@demo.test from staff.mail@gmail.test.').waitFor()
    expect(provider().sent.map((mail) => [mail.provider, mail.to, mail.subject, mail.text])).toEqual([['google', 'student@demo.test', 'Your next class', 'See you on Monday.']])
    expect(provider().sent[0]?.from).toContain('staff.mail@gmail.test')
    checked.expectNoConsoleErrors()
  })
})
