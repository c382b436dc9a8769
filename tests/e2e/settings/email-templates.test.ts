import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * Email templates end to end (settings spec, Email templates): the admin opens Templates from
 * the settings home, adds a template by dragging merge tag chips into the subject and the
 * message, finds it in the list, opens it again and previews it for the demo student; and the
 * same form works without JavaScript, with its messages drawn by the server.
 */

const SCREENSHOTS = process.env.TEMPLATE_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
/** The demo seed's student (db/seed-data.ts) and studio (db/seed.ts). */
const STUDENT = { name: 'Stella Student', first: 'Stella', search: 'student' }
const STUDIO = 'Demo Yoga Studio'
const viewport = { width: 1280, height: 900 }

const server = useServer()
const browser = useBrowser()

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const chip = (page: Page, label: string) => page.getByRole('list', { name: 'Merge tags' }).getByRole('button', { name: new RegExp(`^${label}: insert`) })

describe('email templates', () => {
  test('the admin adds a template with dragged tags, finds it in the list and previews it for a student; axe and widths pass', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: ADMIN, to: '/settings' }, { viewport })
    page.setDefaultTimeout(20_000)
    await page
      .getByRole('link', { name: /Templates/ })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === '/settings/templates')
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor()
    await page.getByText('No templates found').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'templates-empty', SCREENSHOTS)

    await page.getByRole('link', { name: 'Add Template' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/templates/add')
    await page.getByRole('heading', { level: 2, name: 'Add Template' }).waitFor()
    await waitForHydration(page)
    // Quill has replaced the textarea once its toolbar is drawn.
    const message = page.getByRole('textbox', { name: 'Message' })
    await page.locator('.ql-toolbar').waitFor()
    const subject = page.getByLabel(/^Subject/)
    await expect(subject.inputValue()).resolves.toBe('Sample subject for {{name}}')

    await page.getByLabel(/^Template Name/).fill('Welcome letter')
    await subject.fill('Welcome, ')
    await chip(page, 'First Name').dragTo(subject)
    await expect.poll(() => subject.inputValue()).toBe('Welcome, {{firstname}}')

    // The message: clear the sample, type, then drop the studio's name at the end.
    await message.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Delete')
    await page.keyboard.type('See you soon at ')
    await chip(page, 'Organization Name').click()
    await expect.poll(() => message.innerText()).toContain('See you soon at {{orgname}}')
    await checkScreen(page, 'template-add', SCREENSHOTS)

    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/templates')
    await toast(page, 'Template Created').waitFor()
    const row = page.getByRole('link', { name: 'Welcome letter' })
    await row.waitFor()
    await checkScreen(page, 'templates-list', SCREENSHOTS)

    await row.click()
    await page.waitForURL((url) => /^\/settings\/templates\/edit\/[0-9a-f-]{36}$/.test(url.pathname))
    await page.getByRole('heading', { level: 2, name: 'Edit Template' }).waitFor()
    await expect(page.getByLabel(/^Subject/).inputValue()).resolves.toBe('Welcome, {{firstname}}')

    // Preview for the demo student: the tags become her name and the studio's.
    await page.getByLabel('Find a contact').fill(STUDENT.search)
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await page
      .getByRole('list', { name: 'Matching contacts' })
      .getByRole('link', { name: `Choose ${STUDENT.name}` })
      .click()
    const preview = page.getByRole('article', { name: `Preview for ${STUDENT.name}` })
    await preview.waitFor()
    await expect(preview.innerText()).resolves.toContain(`Welcome, ${STUDENT.first}`)
    await expect(preview.innerText()).resolves.toContain(`See you soon at ${STUDIO}`)
    await waitForHydration(page)
    await checkScreen(page, 'template-edit-preview', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript the form says what is missing, keeps what was typed, and deletes after its confirmation', { timeout: 90_000 }, async () => {
    const { page, checked } = await signedInPage(
      browser,
      server(),
      { email: ADMIN, to: '/settings/templates/add' },
      { viewport, javaScriptEnabled: false, allowConsoleErrors: [/status of 400 \(Bad Request\)/] },
    )
    page.setDefaultTimeout(20_000)
    // The refused posts answer 400, which the browser reports.
    await page.getByLabel(/^Template Name/).fill('Reminder')
    await page.getByLabel(/^Subject/).fill('')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Subject is required!').waitFor()
    await expect(page.getByLabel(/^Template Name/).inputValue()).resolves.toBe('Reminder')

    await page.getByLabel(/^Subject/).fill('Hi {{frstname}}')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('{{frstname}} is not a merge tag.', { exact: false }).waitFor()

    await page.getByLabel(/^Subject/).fill('Hi {{firstname}}')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/templates')
    await page.getByRole('link', { name: 'Reminder' }).click()
    await page.getByRole('link', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Template' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/templates')
    await toast(page, 'Template Deleted').waitFor()
    await expect(page.getByRole('link', { name: 'Reminder' }).count()).resolves.toBe(0)
    checked.expectNoConsoleErrors()
  })
})
