import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { useServer } from '#tests/e2e/support/server'
import { signedInPage } from '#tests/e2e/support/login'

const server = useServer()
const browser = useBrowser()

// Pages a test opens on purpose with a 403, and forms re-rendered with their messages (400)
// without JavaScript, log a failed resource load; nothing else may.
const forbiddenLoad = /status of 403/
const refusedForm = /status of 400/

const usersUrl = (path = '') => `${server().url('demo')}/settings/users${path}`

async function openUserFromList(page: Page, name: string) {
  await page.goto(usersUrl(`?q=${encodeURIComponent(name)}`))
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

async function chooseRoleAndSubmit(page: Page, label: string) {
  await page.getByText(label, { exact: true }).click()
  // Wait for this save's own answer: the toast of an earlier save may still be on screen.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST' && response.status() < 400),
    page.getByRole('button', { name: 'Submit' }).click(),
  ])
  await page.getByText('Successfully updated user.').waitFor()
}

describe('user detail', () => {
  test('a role change takes effect on that user\'s next request', async () => {
    const admin = await signedInPage(browser, server(), { email: 'admin@demo.test' })
    const staff = await signedInPage(browser, server(), { email: 'frontdesk@demo.test' }, { allowConsoleErrors: [forbiddenLoad] })

    const before = await staff.page.goto(`${server().url('demo')}/settings`)
    expect(before?.status()).toBe(403)

    await openUserFromList(admin.page, 'Frankie Desk')
    await waitForHydration(admin.page)
    await chooseRoleAndSubmit(admin.page, 'Administrator')
    // The same session, no new sign-in: the next request sees the new role.
    const promoted = await staff.page.goto(`${server().url('demo')}/settings`)
    expect(promoted?.status()).toBe(200)
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).resolves.toBe(true)

    await chooseRoleAndSubmit(admin.page, 'Student')
    const demoted = await staff.page.goto(`${server().url('demo')}/settings/users`)
    // A student asking for a staff page is sent to the student portal.
    expect(new URL(staff.page.url()).pathname).toMatch(/^\/(classes|mycourses)/)
    expect(demoted?.status()).toBe(200)
    // And the admin-only endpoints refuse the session outright.
    const searchStatus = await staff.page.evaluate(async () => (await fetch('/settings/users/search?q=a')).status)
    expect(searchStatus).toBe(403)
  })

  test('suspending signs the user out at once; the last admin cannot be demoted', async () => {
    const admin = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { allowConsoleErrors: [refusedForm] })
    const staff = await signedInPage(browser, server(), { email: 'staff@demo.test' })
    await staff.page.goto(`${server().url('demo')}/dashboard`)
    expect(new URL(staff.page.url()).pathname).toBe('/dashboard')

    await openUserFromList(admin.page, 'Sam Staff')
    await admin.page.getByText('Account Suspended', { exact: true }).click()
    await admin.page.getByRole('button', { name: 'Submit' }).click()
    await admin.page.getByText('Successfully updated user.').waitFor()

    await staff.page.goto(`${server().url('demo')}/dashboard`)
    expect(new URL(staff.page.url()).pathname).toBe('/login')

    // Undo, so later tests find Sam as he was.
    await admin.page.getByText('Account Suspended', { exact: true }).click()
    await admin.page.getByRole('button', { name: 'Submit' }).click()
    await admin.page.getByText('Successfully updated user.').waitFor()

    await openUserFromList(admin.page, 'Avery Admin')
    await admin.page.getByText('Staff', { exact: true }).click()
    await admin.page.getByRole('button', { name: 'Submit' }).click()
    await admin.page.getByRole('alert').filter({ hasText: 'only active Administrator' }).waitFor()
    await admin.page.goto(`${server().url('demo')}/settings`)
    expect(new URL(admin.page.url()).pathname).toBe('/settings')
  })

  test('the Users List sidebar switches the shown user', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' })
    await openUserFromList(page, 'Avery Admin')
    await waitForHydration(page)
    const sidebar = page.getByRole('navigation', { name: 'Users List' })
    await sidebar.getByRole('link', { name: 'Sam Staff' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sam Staff' }).waitFor()
    await expect(page.getByText('staff@demo.test').first().isVisible()).resolves.toBe(true)
  })
})

describe('users list', () => {
  test('shows the staff table, sorts and pages on the server, without JavaScript too', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { javaScriptEnabled: false })
    await page.goto(usersUrl())
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Name', 'Email', 'Role', 'Teacher', 'Last Login Time'])
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('Avery Admin')
    await expect(table.getByRole('row').nth(1).textContent()).resolves.toContain('Admin')
    await table.getByRole('link', { name: 'Name' }).click()
    await page.waitForURL('**/settings/users?dir=desc')
    const firstCells = await table.locator('tbody tr td:first-child').allTextContents()
    expect(firstCells).toEqual([...firstCells].sort().reverse())
    await page.getByLabel('Items per page:').selectOption('5')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/size=5/)
    await page.getByLabel('Filter users').fill('desk')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/q=desk/)
    await expect(table.locator('tbody tr').count()).resolves.toBe(1)
  })
})

describe('contact picker', () => {
  test('with JavaScript: search after a pause, pick, Enter adds the contact as a user', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' })
    await page.goto(usersUrl())
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Search Contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await dialog.getByText('Select a member to add').waitFor()
    const box = dialog.getByPlaceholder('name or email or phone no.')
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await expect.poll(() => submit.isDisabled()).toBe(true)
    await box.pressSequentially('pri', { delay: 20 })
    const option = dialog.getByRole('option', { name: /Priya Patel/ })
    await option.waitFor()
    await expect(option.textContent()).resolves.toContain('priya.patel@example.test')
    await expect.poll(() => submit.isDisabled()).toBe(true)
    await option.click()
    await expect.poll(() => submit.isEnabled()).toBe(true)
    await box.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Priya Patel' }).waitFor()
    await page.getByText('Successfully updated user.').waitFor()
    await expect.poll(() => page.getByRole('radio', { name: 'Staff' }).isChecked()).toBe(true)
  })

  test('without JavaScript: a search page with radio buttons and Submit', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { javaScriptEnabled: false })
    await page.goto(usersUrl())
    await page.getByRole('link', { name: 'Search Contact' }).click()
    await page.waitForURL('**/settings/users/pick')
    await page.getByPlaceholder('name or email or phone no.').fill('marco')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/pick\?q=marco/)
    await page.getByRole('radio', { name: /Marco Rossi/ }).check()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { level: 1, name: 'Marco Rossi' }).waitFor()
    await page.getByText('Successfully updated user.').waitFor()
  })
})

describe('Create Contact', () => {
  test('with JavaScript: Submit waits for the required fields, a used email is told in the dialog', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { allowConsoleErrors: [refusedForm] })
    await page.goto(usersUrl())
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Add Contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Contact' })
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await expect.poll(() => submit.isDisabled()).toBe(true)
    await expect.poll(() => dialog.getByLabel('Waiver Form Signed').isChecked()).toBe(true)
    await expect.poll(() => dialog.getByLabel('Subscribe to Mailing List').isChecked()).toBe(true)
    await expect(dialog.getByLabel('GRN Number').count()).resolves.toBe(0)
    await dialog.getByLabel('First Name').fill('Jo')
    await dialog.getByLabel('Last Name').fill('Newcomer')
    await dialog.getByLabel('Email').fill('ADMIN@demo.test')
    await expect.poll(() => submit.isEnabled()).toBe(true)
    await submit.click()
    await dialog.getByText('A contact with this email already exists.').waitFor()
    await dialog.getByLabel('Email').fill('jo.newcomer@example.test')
    await dialog.getByLabel('Phone').fill('555-010-0999')
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { level: 1, name: 'Jo Newcomer' }).waitFor()
    await page.getByText('Added contact successfully').waitFor()
  })

  test('without JavaScript: a page that re-renders the messages, then adds the contact', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { javaScriptEnabled: false, allowConsoleErrors: [refusedForm] })
    await page.goto(usersUrl())
    await page.getByRole('link', { name: 'Add Contact' }).click()
    await page.waitForURL('**/settings/users/add')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('First Name is required!').waitFor()
    await expect(page.getByText('Last Name is required!').isVisible()).resolves.toBe(true)
    await expect(page.getByText('Email is required!').isVisible()).resolves.toBe(true)
    await page.getByLabel('First Name').fill('Noa')
    await page.getByLabel('Last Name').fill('Script')
    await page.getByLabel('Email').fill('noa.script@example.test')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { level: 1, name: 'Noa Script' }).waitFor()
    await page.getByText('Added contact successfully').waitFor()
  })
})
