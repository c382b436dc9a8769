import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** Opens a contact's profile from the contacts list, searching for them by name. */
async function openFromList(page: Page, search: string, name: string, options: { scripts: boolean } = { scripts: true }): Promise<void> {
  await page.goto(`${server().url('demo')}/contacts?q=${encodeURIComponent(search)}`)
  // A click while React hydrates the list can be lost; without scripts the link is a plain one.
  if (options.scripts) await waitForHydration(page)
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  expect(new URL(page.url()).pathname).toMatch(/^\/contacts\/[0-9a-f-]{36}\/detail$/)
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name, exact: true }).click()
  await page.waitForURL(new RegExp(`tab=${name.toLowerCase().replace(' ', '-')}`))
}

describe('the contact profile', () => {
  test('staff open a profile from the list, keep notes, tag and link a guardian, without leaving the page', { timeout: 240_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    await openFromList(page, 'mei chen', 'Mei Chen')
    await waitForHydration(page)
    await expect(page.getByRole('list', { name: 'Status' }).getByRole('listitem').allInnerTexts()).resolves.toEqual(['Client'])
    await expect(page.getByRole('link', { name: 'Edit' }).getAttribute('href')).resolves.toMatch(/\/contacts\/[0-9a-f-]{36}\/edit$/)
    await expect(page.getByText('Not given').first().isVisible()).resolves.toBe(true)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-desktop.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // Notes: add, edit (marked as edited), delete after a confirmation.
    await openTab(page, 'Notes')
    const notes = page.getByRole('region', { name: /^Notes \(/ })
    await page.getByLabel('New note').fill('Prefers the 7 am class.')
    await page.getByRole('button', { name: 'Add note' }).click()
    // The toast goes after two seconds: look for it first, the note stays.
    await page.getByText('Note added.').waitFor()
    await notes.getByText('Prefers the 7 am class.').waitFor()
    await expect.poll(() => page.getByLabel('New note').inputValue()).toBe('')
    await notes.getByRole('link', { name: 'Edit this note' }).click()
    await page.getByLabel('Edit note').fill('Prefers the 6 pm class now.')
    await page.getByRole('button', { name: 'Save note' }).click()
    await notes.getByText('Prefers the 6 pm class now.').waitFor()
    await notes.getByText(/edited/).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-notes.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
    await notes.getByRole('link', { name: 'Delete this note' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete note' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Yes, delete' }).click()
    await page.getByText('Note deleted.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect(notes.getByText('No notes yet.', { exact: false }).isVisible()).resolves.toBe(true)

    // Tags: an existing one, one created by typing its name, and one removed.
    await openTab(page, 'Tags')
    const tags = page.getByRole('list', { name: 'Tags of this contact' })
    await expect.poll(() => tags.getByRole('listitem').allInnerTexts()).toEqual(['Prenatal'])
    await page.getByLabel('Add a tag').fill('morning')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await expect.poll(() => tags.getByRole('listitem').allInnerTexts()).toEqual(['Morning', 'Prenatal'])
    await page.getByLabel('Add a tag').fill('Twins Club')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByText('Tag "Twins Club" created and added.').waitFor()
    await expect.poll(() => tags.getByRole('listitem').allInnerTexts()).toEqual(['Morning', 'Prenatal', 'Twins Club'])
    await page.getByRole('button', { name: 'Remove tag Prenatal' }).click()
    await expect.poll(() => tags.getByRole('listitem').allInnerTexts()).toEqual(['Morning', 'Twins Club'])
    await expectNoSeriousA11yViolations(page)

    // The timeline has the tags just added, newest first.
    await openTab(page, 'Timeline')
    const timeline = page.getByRole('region', { name: 'Timeline' })
    await expect.poll(() => timeline.getByRole('listitem').first().innerText()).toContain('Tag "Twins Club" added')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-timeline.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // Family: Mei Chen becomes Liam Chen's mother through the picker, on Liam's page.
    await openFromList(page, 'liam chen', 'Liam Chen')
    await openTab(page, 'Family')
    await waitForHydration(page)
    await page.getByRole('combobox', { name: 'Search contacts' }).fill('mei chen')
    await page.getByRole('option', { name: /Mei Chen/ }).click()
    await page.getByRole('radio', { name: 'a guardian of Liam Chen' }).check()
    await page.getByLabel('Relation').selectOption('mother')
    await page.getByRole('button', { name: 'Link', exact: true }).click()
    const guardians = page.getByRole('region', { name: 'Guardians' })
    await guardians.getByRole('link', { name: 'Mei Chen' }).waitFor()
    await expect(guardians.getByText('Emergency contact', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(guardians.getByText('Mother').isVisible()).resolves.toBe(true)
    await expectNoSeriousA11yViolations(page)
    // And from the guardian's side, the child.
    await guardians.getByRole('link', { name: 'Mei Chen' }).click()
    await page.getByRole('heading', { level: 1, name: 'Mei Chen' }).waitFor()
    await page.getByRole('region', { name: 'Children' }).getByRole('link', { name: 'Liam Chen' }).waitFor()
  })

  test('a seeded family shows guardians, the emergency contact and siblings; the older /details address leads there', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/contacts' })
    await openFromList(page, 'lucia garcia', 'Lucía García')
    const guid = new URL(page.url()).pathname.split('/')[2]
    await page.goto(`${server().url('demo')}/contacts/${guid}/details?tab=family`)
    await page.waitForURL(/\/detail\?tab=family$/)
    const guardians = page.getByRole('region', { name: 'Guardians' })
    await expect.poll(() => guardians.getByRole('link').allInnerTexts()).toEqual(['José García', 'María García'])
    await expect(page.getByRole('region', { name: 'Siblings' }).getByRole('link').allInnerTexts()).resolves.toEqual(['Mateo García'])
    await expect(guardians.getByText('Emergency contact', { exact: true }).count()).resolves.toBe(1)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-family.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })

  test('without JavaScript a note, a tag and a child are added, and a refused tag says why', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] })
    await openFromList(page, 'kenji', 'Kenji Watanabe', { scripts: false })
    await openTab(page, 'Notes')
    await page.getByLabel('New note').fill('Asked for a locker.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.waitForURL(/tab=notes/)
    await page.getByText('Note added.').waitFor()
    await expect(page.getByRole('region', { name: 'Notes (1)' }).getByText('Asked for a locker.').isVisible()).resolves.toBe(true)

    await openTab(page, 'Tags')
    await page.getByLabel('Add a tag').fill('Workshop')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByText('Tag added.').waitFor()
    await expect(page.getByRole('list', { name: 'Tags of this contact' }).getByRole('listitem').allInnerTexts()).resolves.toEqual(['Evening', 'Workshop'])
    await page.getByLabel('Add a tag').fill('EVENING')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByText('This contact already has this tag.').first().waitFor()
    await expect(page.getByLabel('Add a tag').inputValue()).resolves.toBe('EVENING')

    // Family: a search on the page, the matches as choices, then Link.
    await openTab(page, 'Family')
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('grace kim')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/q=grace/)
    await page.getByRole('radio', { name: /Grace Kim/ }).check()
    await page.getByRole('radio', { name: 'a child of Kenji Watanabe' }).check()
    await page.getByRole('button', { name: 'Link', exact: true }).click()
    await page.getByText('Family link added.').waitFor()
    await expect(page.getByRole('region', { name: 'Children' }).getByRole('link').allInnerTexts()).resolves.toEqual(['Grace Kim'])
  })

  test("a saved tag's toast stays its two seconds while the page reads its data again", { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    await openFromList(page, 'jose garcia', 'José García')
    await openTab(page, 'Tags')
    await waitForHydration(page)
    // When the toast came and went, by the page's own clock.
    await page.evaluate(() => {
      const seen: { shown: number | null; gone: number | null } = { shown: null, gone: null }
      Object.assign(window, { toastSeen: seen })
      new MutationObserver(() => {
        const there = document.querySelector('[data-toast]') !== null
        if (there && seen.shown === null) seen.shown = performance.now()
        if (!there && seen.shown !== null && seen.gone === null) seen.gone = performance.now()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByLabel('Add a tag').fill('Front row')
    await page.getByRole('button', { name: 'Add tag' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Tag "Front row" created and added.' })
    await toast.waitFor()
    await expect.poll(() => page.getByRole('list', { name: 'Tags of this contact' }).getByRole('listitem').allInnerTexts()).toContain('Front row')
    await expect.poll(() => page.getByLabel('Add a tag').inputValue()).toBe('')

    // The page reads its data again (as choosing a shortcut does, or a form whose redirect the
    // router dropped): the cookie gave its toast once, and the toast must not vanish for that.
    const reread = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/detail.data'))
    await page.evaluate(() => (window as unknown as { __remixRouter: { revalidate: () => void } }).__remixRouter.revalidate())
    await reread
    await expect.poll(() => page.evaluate(() => (window as unknown as { __remixRouter: { state: { revalidation: string } } }).__remixRouter.state.revalidation)).toBe('idle')
    await toast.waitFor({ state: 'detached' })
    const seen = await page.evaluate(() => (window as unknown as { toastSeen: { shown: number; gone: number } }).toastSeen)
    expect(seen.gone - seen.shown).toBeGreaterThanOrEqual(1_900)
  })

  test('on a phone the profile fits 360 px, its sections a tap away', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { viewport: { width: 360, height: 740 } })
    await openFromList(page, 'maria garcia', 'María García')
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth)
    expect(await fits()).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
    await openTab(page, 'Notes')
    await page.getByText('Paid the October balance in cash at the front desk.').waitFor()
    expect(await fits()).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-360-notes.png`, fullPage: true })
    await openTab(page, 'Family')
    expect(await fits()).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-profile-360-family.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })
})
