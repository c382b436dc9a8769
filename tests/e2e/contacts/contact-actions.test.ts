import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { waitForResetLink } from '#tests/e2e/auth/outbox'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send, type Answer } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer, type RunningServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** A GET with the page's cookies, from the test (node resolves no *.localhost names, so by Host header). */
async function getAsPage(page: Page, path: string): Promise<Answer> {
  const url = new URL(page.url())
  const cookies = await page.context().cookies(url.origin)
  return send(Number(url.port), path, { host: url.host, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') })
}

/** A demo contact's guid, as the contact pickers find it. */
async function guidOf(page: Page, query: string): Promise<string> {
  const answer = await getAsPage(page, `/contacts/autocomplete?q=${encodeURIComponent(query)}`)
  const { items } = JSON.parse(answer.body) as { items: Array<{ id: string }> }
  if (!items[0]) throw new Error(`no demo contact matches ${query}`)
  return items[0].id
}

/** The PDF behind a download link, fetched as the page would. */
async function downloadOf(page: Page, link: Locator): Promise<Answer> {
  return getAsPage(page, (await link.getAttribute('href')) ?? '')
}

/** The outbox lines the server printed for this address (without SMTP every mail is logged). */
function outboxLines(running: Pick<RunningServer, 'output'>, to: string): string[] {
  return running
    .output()
    .split('\n')
    .filter((line) => line.includes('kept in the outbox') && line.includes(`"to":"${to}"`))
}

async function openMenu(page: Page): Promise<void> {
  await page.getByText('Actions', { exact: true }).click()
}

describe('the actions on a contact', () => {
  test('staff email a contact, send credentials, make the activity report and preview as the contact', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    const guid = await guidOf(page, 'zoe.mueller@example.test')
    await page.goto(`${server().url('demo')}/contacts/${guid}/actions`)
    await page.getByRole('heading', { level: 1, name: 'Zoë Müller' }).waitFor()
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-actions-desktop.png`, fullPage: true })

    // Send email: the toast says so and the message is in the outbox.
    await page.getByLabel('Subject').fill('Your prenatal class')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello Zoë,\nThe class moves to room 2 on Monday.')
    await page.getByRole('button', { name: 'Send email' }).click()
    await page.getByRole('status').filter({ hasText: 'Email sent to zoe.mueller@example.test.' }).waitFor()
    // A sent message leaves an empty form, so it is not sent twice by mistake.
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('')
    await expect.poll(() => outboxLines(server(), 'zoe.mueller@example.test').some((line) => line.includes('Your prenatal class') && line.includes('room 2'))).toBe(true)

    // Send credentials, confirmed in the dialog, through a fetcher: the page stays, a toast shows.
    await openMenu(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-actions-menu-desktop.png` })
    await page.getByRole('link', { name: /Send credentials/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Send credentials' })
    await dialog.waitFor()
    await expect(dialog.getByText('Create a login for Zoë Müller').isVisible()).resolves.toBe(true)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-actions-confirm-desktop.png` })
    await dialog.getByRole('button', { name: 'Send' }).click()
    await page.getByRole('status').filter({ hasText: 'Login details sent to zoe.mueller@example.test.' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/contacts/${guid}/actions`)
    const link = await waitForResetLink(server(), 'zoe.mueller@example.test')
    expect(new URL(link).host).toBe(new URL(server().url('demo')).host)

    // The activity report: 'Preparing…', then the download link; the PDF downloads.
    await openMenu(page)
    await page.getByRole('button', { name: /Activity report \(PDF\)/ }).click()
    const download = page.getByRole('link', { name: 'Download activity report' }).first()
    await download.waitFor()
    const pdf = await downloadOf(page, download)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.body.startsWith('%PDF-')).toBe(true)
    // The page's own report card refreshes itself until it too offers the download: a refresh
    // still under way when the session turns into the preview would be refused.
    await expect.poll(() => page.getByRole('link', { name: 'Download activity report' }).count()).toBe(2)

    // Preview as this contact: the student view, as Zoë; 'Admin View' comes back.
    await openMenu(page)
    await page.getByRole('button', { name: /Preview as this contact/ }).click()
    await page.waitForURL((url) => url.pathname === '/classes')
    await page.getByRole('button', { name: 'Admin View' }).waitFor()
    await page.getByRole('button', { name: 'Admin View' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')

    // The contact opens the emailed link and chooses a password: the new login works.
    const contactPage = await page.context().browser()?.newPage()
    if (!contactPage) throw new Error('no browser')
    await contactPage.goto(link)
    await contactPage.getByLabel('New password', { exact: true }).fill('Zoe password 1!')
    await contactPage.getByLabel('Confirm new password').fill('Zoe password 1!')
    await contactPage.getByRole('button', { name: 'Save new password' }).click()
    await contactPage.waitForURL((url) => url.pathname === '/login')
    await contactPage.close()
  })

  test('without JavaScript: the confirmation is a page, the post lands back with its toast, and the report state refreshes by a button', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/contacts' }, {
      javaScriptEnabled: false,
      // The refused post below answers 400, which the browser logs.
      allowConsoleErrors: [/status of 400 \(Bad Request\)/],
    })
    const guid = await guidOf(page, 'kenji.watanabe@example.test')
    await page.goto(`${server().url('demo')}/contacts/${guid}/actions`)
    await openMenu(page)
    await page.getByRole('link', { name: /Request email verification/ }).click()
    await page.waitForURL(/confirm=request-verification/)
    await page.getByRole('dialog', { name: 'Request email verification' }).getByRole('button', { name: 'Send' }).click()
    await page.waitForURL((url) => url.pathname === `/contacts/${guid}/actions` && !url.search.includes('confirm'))
    await expect(page.getByRole('status').filter({ hasText: 'Sent verification email' }).isVisible()).resolves.toBe(true)
    expect(outboxLines(server(), 'kenji.watanabe@example.test').some((line) => line.includes('/verify-email/'))).toBe(true)

    // A blank subject (spaces pass the browser's own check) comes back with the server's message, the message kept.
    await page.getByLabel('Subject').fill('   ')
    await page.getByRole('textbox', { name: 'Message' }).fill('Kept as typed')
    await page.getByRole('button', { name: 'Send email' }).click()
    await expect(page.getByText('Subject is required.').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('Kept as typed')

    // The report: the post lands on its section; Refresh until the download link shows.
    await page.getByRole('button', { name: 'Create activity report' }).click()
    await page.waitForURL(/#activity-report$/)
    const download = page.getByRole('link', { name: 'Download activity report' })
    for (let tries = 0; tries < 50 && (await download.count()) === 0; tries += 1) {
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh' }).click()])
    }
    const pdf = await downloadOf(page, download)
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  test('on a phone the page and its menu fit the screen', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/contacts' }, { viewport: { width: 360, height: 740 } })
    const guid = await guidOf(page, 'amara.nwosu@example.test')
    await page.goto(`${server().url('demo')}/contacts/${guid}/actions`)
    await page.getByRole('heading', { level: 1, name: 'Amara Nwosu' }).waitFor()
    await waitForHydration(page)
    await openMenu(page)
    // Front desk cannot preview as a contact: the menu does not offer it.
    await expect(page.getByRole('button', { name: /Preview as this contact/ }).count()).resolves.toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const menu = await page.getByRole('list', { name: 'Actions for Amara Nwosu' }).boundingBox()
    expect(menu?.x).toBeGreaterThanOrEqual(0)
    expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-actions-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // Request email verification; the contact opens the link on their phone and verifies.
    await page.getByRole('link', { name: /Request email verification/ }).click()
    await page.getByRole('dialog', { name: 'Request email verification' }).getByRole('button', { name: 'Send' }).click()
    await page.getByRole('status').filter({ hasText: 'Sent verification email' }).waitFor()
    const link = /(http:\/\/[^\s"\\]+\/verify-email\/[A-Za-z0-9_-]{43})/.exec(outboxLines(server(), 'amara.nwosu@example.test').join('\n'))?.[1] ?? ''
    const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } })
    await visitor.page.goto(link)
    await visitor.page.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor()
    await expectNoSeriousA11yViolations(visitor.page)
    if (SCREENSHOTS) await visitor.page.screenshot({ path: `${SCREENSHOTS}/verify-email-360.png`, fullPage: true })
    await visitor.page.getByRole('button', { name: 'Verify email' }).click()
    await visitor.page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor()
    await expectNoSeriousA11yViolations(visitor.page)
    // The profile's state says so now.
    await page.reload()
    await expect(page.getByText('Email verified', { exact: true }).isVisible()).resolves.toBe(true)
  })
})
