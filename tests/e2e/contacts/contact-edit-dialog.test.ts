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

describe('the Edit Contact dialog', () => {
  test('opens in place on the list, holds Submit back while a required field is empty, and the saved name shows in the row', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts?q=dubois' })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await waitForHydration(page)
    const row = page.locator('tbody tr').filter({ hasText: 'Dubois' }).first()
    const name = (await row.locator('th[scope="row"] a').innerText()).trim()
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Contact' })
    await dialog.waitFor()
    // In place: still the list's address, the fields filled with the contact's values.
    expect(new URL(page.url()).pathname).toBe('/contacts')
    const firstName = dialog.getByLabel('First Name')
    await expect.poll(() => firstName.inputValue()).not.toBe('')
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await expect.poll(() => submit.isDisabled()).toBe(false)
    await firstName.fill('')
    await expect.poll(() => submit.isDisabled()).toBe(true)
    await firstName.fill('Renée')
    await expect.poll(() => submit.isDisabled()).toBe(false)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-dialog-list-desktop.png` })
    await expectNoSeriousA11yViolations(page)
    await submit.click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => page.locator('tbody th[scope="row"] a').allInnerTexts()).toContain('Renée Dubois')
    await expect.poll(() => page.getByText('Contact updated successfully').isVisible()).toBe(true)

    // A phone's width: the dialog fits the screen.
    await page.setViewportSize({ width: 360, height: 740 })
    await page.locator('tbody tr').filter({ hasText: 'Renée Dubois' }).first().getByRole('link', { name: 'Edit Renée Dubois' }).click()
    await dialog.waitFor()
    await expect.poll(() => dialog.getByLabel('First Name').inputValue()).toBe('Renée')
    const box = await dialog.boundingBox()
    expect(box?.width ?? 999).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-dialog-list-360.png` })
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
  })

  test('opens in place on the profile, says when the email is taken, and the saved name shows in the header', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/contacts?q=dubois' }, { allowConsoleErrors: [refusedForm] })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    // The profile of the first Dubois, opened by its address (the list links to it).
    const profilePath = (await page.locator('tbody th[scope="row"] a').first().getAttribute('href')) ?? ''
    expect(profilePath).toMatch(/^\/contacts\/[0-9a-f-]{36}\/detail$/)
    await page.goto(`${server().url('demo')}${profilePath}`)
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Contact' })
    await dialog.waitFor()
    expect(new URL(page.url()).pathname).toBe(profilePath)
    await expect.poll(() => dialog.getByLabel('Last Name').inputValue()).not.toBe('')
    await dialog.getByLabel('Last Name').fill('Dubois-Martin')
    await dialog.getByLabel('Email').fill('ADMIN@demo.test')
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await expect.poll(() => submit.isDisabled()).toBe(false)
    await submit.click()
    await expect.poll(() => dialog.getByText('A contact with this email already exists.').isVisible()).toBe(true)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-dialog-profile-desktop.png` })
    await expectNoSeriousA11yViolations(page)

    await dialog.getByLabel('Email').fill('dubois.martin@example.test')
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => heading.innerText()).toContain('Dubois-Martin')
    await expect.poll(() => page.getByText('dubois.martin@example.test').first().isVisible()).toBe(true)

    await page.setViewportSize({ width: 360, height: 740 })
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await dialog.waitFor()
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe('dubois.martin@example.test')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-contact-dialog-profile-360.png` })
    await expectNoSeriousA11yViolations(page)
  })
})
