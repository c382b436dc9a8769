import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { waitForHydration, useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR
/** A refused form answers 400, which the browser reports as a failed load. */
const refusedForm = /status of 400/
const PROFILE_PATH = /^\/contacts\/([0-9a-f-]{36})\/detail$/

/** The guid of the contact whose profile the page was sent to. */
async function profileGuid(page: Page): Promise<string> {
  await page.waitForURL((url) => PROFILE_PATH.test(url.pathname))
  return PROFILE_PATH.exec(new URL(page.url()).pathname)?.[1] ?? ''
}

/** A contact's guid, found as the pickers find it: through the autocomplete endpoint. */
async function guidOf(page: Page, query: string): Promise<string> {
  // Asked from the page, so the browser's host mapping and the session cookie apply.
  return page.evaluate(async (q) => {
    const response = await fetch(`/contacts/autocomplete?q=${encodeURIComponent(q)}`)
    const body = (await response.json()) as { items: Array<{ id: string }> }
    return body.items[0]?.id ?? ''
  }, query)
}

describe('creating and editing a contact', () => {
  test('front desk creates a contact in the dialog, which holds Submit back until the form is complete and says when the email is taken', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/contacts' }, { allowConsoleErrors: [refusedForm] })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Create Contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Contact' })
    await dialog.waitFor()
    // Opened in place: still the list's address.
    expect(new URL(page.url()).pathname).toBe('/contacts')
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await expect.poll(() => submit.isDisabled()).toBe(true)
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Waiver Form Signed' }).isChecked()).toBe(true)
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Subscribe to Mailing List' }).isChecked()).toBe(true)

    await dialog.getByLabel('First Name').fill('Rosa')
    await dialog.getByLabel('Last Name').fill('Quintero')
    await dialog.getByLabel('Email').fill('admin@demo.test')
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 010 0177')
    await expect.poll(() => submit.isDisabled()).toBe(false)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/create-contact-dialog.png` })
    await expectNoSeriousA11yViolations(page)
    await submit.click()
    await expect.poll(() => dialog.getByText('A contact with this email already exists.').isVisible()).toBe(true)

    await dialog.getByLabel('Email').fill('rosa.quintero@example.test')
    await dialog.getByRole('button', { name: 'Submit' }).click()
    const guId = await profileGuid(page)
    expect(guId).not.toBe('')

    // The new contact is in the list.
    await page.goto(`${server().url('demo')}/contacts?q=quintero`)
    await expect.poll(() => page.locator('tbody th[scope="row"]').allInnerTexts()).toEqual([expect.stringContaining('Rosa Quintero')])
  })

  test('the admin edits every part of a contact, custom fields included, and a mistake is shown beside its field', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts?q=dubois' }, { allowConsoleErrors: [refusedForm] })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    const guId = await guidOf(page, 'dubois')
    expect(guId).toMatch(/^[0-9a-f-]{36}$/)
    await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Edit Contact' }).waitFor()
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-desktop.png`, fullPage: true })

    await page.getByLabel('Company').fill('Atelier Dubois')
    await page.getByLabel('Date of Birth').fill('1990-03-14')
    await page.getByLabel('Emergency Contact Name').fill('Claire Dubois')
    await page.getByLabel('Emergency Contact Phone').fill('555-010-0188')
    await page.getByRole('checkbox', { name: 'Lead' }).check()
    await page.getByLabel('Experience').selectOption('Some classes')
    await page.getByLabel('Injuries or health notes').fill('Left knee')
    // A mistake: the same address twice.
    const email = await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()
    await page.getByLabel('Alternate Email 1').fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByText("This is already one of the contact's emails.").isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/contacts/${guId}/edit`)

    await page.getByLabel('Alternate Email 1').fill('francois.atelier@example.test')
    await page.getByRole('button', { name: 'Save' }).click()
    expect(await profileGuid(page)).toBe(guId)

    await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Edit Contact' }).waitFor()
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('Atelier Dubois')
    await expect(page.getByLabel('Date of Birth').inputValue()).resolves.toBe('1990-03-14')
    await expect(page.getByLabel('Alternate Email 1').inputValue()).resolves.toBe('francois.atelier@example.test')
    await expect.poll(() => page.getByRole('checkbox', { name: 'Lead' }).isChecked()).toBe(true)
    await expect(page.getByLabel('Experience').inputValue()).resolves.toBe('Some classes')
    await expect(page.getByLabel('Injuries or health notes').inputValue()).resolves.toBe('Left knee')
  })

  test('without JavaScript: create from the page, edit, and see the server\'s messages', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { javaScriptEnabled: false, allowConsoleErrors: [refusedForm] })
    // The search-as-you-type box needs JavaScript: without it, it takes no room in the header (a blank row on a phone).
    await expect(page.locator('[data-contact-search-box]').boundingBox()).resolves.toBeNull()
    await page.getByRole('link', { name: 'Create Contact' }).click()
    await page.waitForURL((url) => url.pathname === '/contacts/new')
    await page.getByLabel('First Name').fill('Tomás')
    await page.getByLabel('Last Name').fill('Nojs')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForLoadState()
    await expect(page.getByText('Please enter a valid email address.').isVisible()).resolves.toBe(true)
    await page.getByLabel('Email').fill('tomas.nojs@example.test')
    await page.getByRole('button', { name: 'Submit' }).click()
    const guId = await profileGuid(page)

    await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('12')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForLoadState()
    await expect(page.getByText('Please enter a valid phone number. (000-000-0000)').isVisible()).resolves.toBe(true)
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(555) 010-0166')
    await page.getByLabel('City').fill('Lyon')
    await page.getByRole('button', { name: 'Save' }).click()
    expect(await profileGuid(page)).toBe(guId)
    await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).resolves.toBe('555-010-0166')
    await expect(page.getByLabel('City').inputValue()).resolves.toBe('Lyon')
  })

  test('the Search Contact box offers each match with its email and opens the one chosen', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await waitForHydration(page)
    const box = page.getByRole('combobox', { name: 'Search Contact' })
    await expect(box.getAttribute('placeholder')).resolves.toBe('Search Contact')
    await box.fill('dubo')
    const option = page.getByRole('option', { name: /Dubois/ }).first()
    await option.waitFor()
    await expect(option.innerText()).resolves.toMatch(/@example\.test/)
    await expectNoSeriousA11yViolations(page)
    await box.press('ArrowDown')
    await box.press('Enter')
    const guId = await profileGuid(page)
    expect(guId).toBe(await guidOf(page, 'dubois'))
  })

  test('on a phone the edit page fits the screen and the dialog fits too', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { viewport: { width: 360, height: 740 } })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Create Contact' }).click()
    await page.getByRole('dialog', { name: 'Create Contact' }).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/create-contact-360.png` })
    const dialogWidth = await page.getByRole('dialog', { name: 'Create Contact' }).evaluate((element) => element.getBoundingClientRect().width)
    expect(dialogWidth).toBeLessThanOrEqual(360)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog', { name: 'Create Contact' }).waitFor({ state: 'hidden' })

    const guId = await guidOf(page, 'garcia')
    await page.goto(`${server().url('demo')}/contacts/${guId}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Edit Contact' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })
})
