import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

/** A refused tag form answers 400, which the browser logs when the dialog posts it in the page. */
const refusedForm = /status of 400 \(Bad Request\).*\/contacts\/bulk/

const contactsUrl = (search = '') => `${server().url('demo')}/contacts${search}`
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** The names in the table, top to bottom. */
async function names(page: Page): Promise<string[]> {
  return page.locator('tbody th[scope="row"]').allInnerTexts().then((cells) => cells.map((cell) => cell.split('\n').at(-1)?.trim() ?? ''))
}

async function openList(page: Page, search: string) {
  await page.goto(contactsUrl(search))
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
  await waitForHydration(page)
}

describe('bulk actions on the contacts list', () => {
  test('with JavaScript: select two and tag them, select all that match and export, select one and delete', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedForm] })
    await openList(page, '?q=chen')
    await expect.poll(() => names(page)).toEqual(['Liam Chen', 'Mei Chen'])
    await page.getByText('Tick contacts to delete, tag or export them.').waitFor()
    await page.getByRole('checkbox', { name: 'Select Liam Chen' }).check()
    await page.getByRole('checkbox', { name: 'Select Mei Chen' }).check()
    await page.getByText('2 selected', { exact: true }).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/bulk-bar-desktop.png` })

    await page.getByRole('button', { name: 'Tag', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Tag contacts' })
    await dialog.waitFor()
    await expect(dialog.getByText('the 2 contacts selected').isVisible()).resolves.toBe(true)
    // Nothing chosen: the dialog says so and stays.
    await dialog.getByRole('button', { name: 'Yes, apply' }).click()
    await dialog.getByText('Choose a tag or type a new one.').waitFor()
    await dialog.getByLabel('Or a new tag').fill('Autumn Retreat')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/bulk-tag-dialog-desktop.png` })
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Yes, apply' }).click()
    await page.getByText("Tag 'Autumn Retreat' added to 2 contacts.").waitFor()
    await dialog.waitFor({ state: 'detached' })
    // The new tag filters the list to the two.
    await openList(page, '')
    await page.getByText('Filters', { exact: true }).click()
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Autumn Retreat' })
    await page.waitForURL(/tag=/)
    await expect.poll(() => names(page)).toEqual(['Liam Chen', 'Mei Chen'])

    // Five a page: the page is selected, then all that match, and the export has them all.
    await openList(page, '?size=5')
    const total = Number((await page.locator('p', { hasText: /^[\d,]+ contacts/ }).first().innerText()).split(' ')[0]?.replace(/,/g, ''))
    await page.getByRole('checkbox', { name: 'Select this page' }).check()
    await page.getByText('All 5 contacts on this page are selected.').waitFor()
    await page.getByRole('button', { name: `Select all ${total} contacts that match` }).click()
    await page.getByText(`All ${total} contacts that match are selected.`).waitFor()
    await page.getByText(`${total} selected`, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Export contacts' })
    await exportDialog.getByText(`all ${total} contacts that match the filter`).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Yes, download' }).click()])
    expect(download.suggestedFilename()).toMatch(/^contacts-demo-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    expect(csv.startsWith('\uFEFF"Contact ID","First Name"')).toBe(true)
    expect(csv.trimEnd().split('\r\n')).toHaveLength(total + 1)
    await exportDialog.waitFor({ state: 'detached' })

    // Delete one, confirmed.
    await openList(page, '?q=tomas')
    await page.getByRole('checkbox', { name: 'Select Tomás Silva' }).check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const deleteDialog = page.getByRole('dialog', { name: 'Delete contacts' })
    await deleteDialog.getByText('Contacts with form submissions are archived instead').waitFor()
    await deleteDialog.getByRole('button', { name: 'Yes, delete' }).click()
    await page.getByText('1 contact deleted.').waitFor()
    await page.getByText('No contacts match this search and filter.').waitFor()
  })

  test('without JavaScript: the buttons lead to a confirmation page, which tags, refuses nothing chosen and goes back with No', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts?q=haddad' }, { javaScriptEnabled: false, allowConsoleErrors: [refusedForm] })
    expect(await names(page)).toEqual(['Fatima Haddad', 'Ibrahim Haddad'])
    // The header box alone selects the page.
    await page.getByRole('checkbox', { name: 'Select this page' }).check()
    await page.getByRole('button', { name: 'Tag', exact: true }).click()
    await page.waitForURL(/\/contacts\/bulk\?/)
    const dialog = page.getByRole('dialog', { name: 'Tag contacts' })
    await expect(dialog.getByText('the 2 contacts selected').isVisible()).resolves.toBe(true)
    const confirmationUrl = page.url()
    await dialog.getByRole('button', { name: 'Yes, apply' }).click()
    await page.getByRole('dialog', { name: 'Tag contacts' }).getByText('Choose a tag or type a new one.').waitFor()
    await page.getByLabel('Existing tag').selectOption({ label: 'Workshop' })
    await page.getByRole('button', { name: 'Yes, apply' }).click()
    await page.waitForURL((url) => url.pathname === '/contacts' && url.search === '?q=haddad')
    await page.getByText("Tag 'Workshop' added to 2 contacts.").waitFor()

    await page.getByRole('checkbox', { name: 'Select Ibrahim Haddad' }).check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog', { name: 'Delete contacts' }).getByText('the 1 contact selected').waitFor()
    await page.getByRole('link', { name: 'No' }).click()
    await page.waitForURL((url) => url.pathname === '/contacts')
    expect(await names(page)).toEqual(['Fatima Haddad', 'Ibrahim Haddad'])
    // Nothing ticked: back to the list with the reason.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByText('Select at least one contact.').waitFor()

    // The confirmation page itself (axe needs JavaScript to run in the page).
    const { page: withScript } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: new URL(confirmationUrl).pathname + new URL(confirmationUrl).search })
    await withScript.getByRole('dialog', { name: 'Tag contacts' }).waitFor()
    await waitForHydration(withScript)
    if (SCREENSHOTS) await withScript.screenshot({ path: `${SCREENSHOTS}/bulk-confirmation-page-desktop.png` })
    await expectNoSeriousA11yViolations(withScript)
  })

  test('on a phone the selection bar and the dialog fit 360 px', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { viewport: { width: 360, height: 740 } })
    await openList(page, '?q=bennett')
    await page.getByRole('checkbox', { name: 'Select Emma Bennett' }).check()
    await page.getByRole('checkbox', { name: 'Select Noah Bennett' }).check()
    await page.getByText('2 selected', { exact: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/bulk-bar-360.png` })
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog', { name: 'Delete contacts' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/bulk-delete-dialog-360.png` })
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'No', exact: true }).click()
    await page.getByRole('dialog', { name: 'Delete contacts' }).waitFor({ state: 'detached' })
    expect(await names(page)).toEqual(['Emma Bennett', 'Noah Bennett', 'Olivia Bennett'])
  })
})
