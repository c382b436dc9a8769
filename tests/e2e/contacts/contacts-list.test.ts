import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { waitForHydration, useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const contactsUrl = (search = '') => `${server().url('demo')}/contacts${search}`
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** The names in the table, top to bottom. */
async function names(page: Page): Promise<string[]> {
  return page.locator('tbody th[scope="row"]').allInnerTexts().then((cells) => cells.map((cell) => cell.split('\n').at(-1)?.trim() ?? ''))
}

describe('the contacts list', () => {
  test('front desk searches without accents, filters by status and tag, and pages; no serious accessibility problem', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'frontdesk@demo.test', to: '/dashboard' })
    // The staff menu leads there.
    await page.getByRole('link', { name: 'Contacts' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/contacts')
    await waitForHydration(page)
    // Reached by a link, the page's words come with its route's translations: waited for, not assumed.
    await page.getByRole('region', { name: 'Contact totals' }).getByText('All contacts').waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contacts-desktop.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // Typing searches after a pause, without accents and with a typo.
    await page.getByLabel('Search', { exact: true }).fill('garcia')
    await page.waitForURL(/q=garcia/)
    await expect.poll(() => names(page)).toEqual(['José García', 'Lucía García', 'María García', 'Mateo García'])
    await page.getByLabel('Search', { exact: true }).fill('muler')
    await page.waitForURL(/q=muler/)
    await expect.poll(() => names(page)).toEqual(['Jürgen Müller', 'Zoë Müller'])

    // A status and a tag apply as soon as they are chosen; the URL keeps them.
    await page.getByLabel('Search', { exact: true }).fill('')
    await page.waitForURL((url) => !url.search.includes('q='))
    await page.getByText('Filters', { exact: true }).click()
    await page.getByRole('checkbox', { name: 'Member' }).check()
    await page.waitForURL(/status=member/)
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Family Plan' })
    await page.waitForURL(/tag=/)
    await expect.poll(() => names(page)).toEqual(['Emma Bennett', 'Fatima Haddad', 'José García', 'Lucía García', 'María García', 'Mateo García', 'Noah Bennett', 'Olivia Bennett'])
    await expect(page.getByText('8 contacts', { exact: false }).first().isVisible()).resolves.toBe(true)

    // Five a page: the next page link carries the whole filter.
    await page.getByLabel('Items per page:').selectOption('5')
    await page.waitForURL(/size=5/)
    await expect.poll(() => names(page)).toHaveLength(5)
    await page.getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => names(page)).toEqual(['Mateo García', 'Noah Bennett', 'Olivia Bennett'])
    await expectNoSeriousA11yViolations(page)

    // A name opens the profile in place (the page's own state survives the navigation); with
    // Control held it opens in a new tab and leaves the list where it was.
    const listUrl = page.url()
    const name = page.getByRole('row').getByRole('link', { name: 'Noah Bennett', exact: true })
    const [tab] = await Promise.all([page.context().waitForEvent('page'), name.click({ modifiers: ['Control'] })])
    await tab.waitForURL(/\/contacts\/[0-9a-f-]{36}\/detail$/)
    await tab.close()
    expect(page.url()).toBe(listUrl)
    await page.evaluate(() => document.documentElement.setAttribute('data-list-page', 'still here'))
    await name.click()
    await page.getByRole('heading', { level: 1, name: 'Noah Bennett' }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/contacts\/[0-9a-f-]{36}\/detail$/)
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-list-page'))).resolves.toBe('still here')
  })

  test('the filter works without JavaScript, and a bookmarked filter opens as it was', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { javaScriptEnabled: false })
    await page.getByLabel('Search', { exact: true }).fill('dubois')
    await page.getByText('Filters', { exact: true }).click()
    await page.getByRole('checkbox', { name: 'Follow-up' }).check()
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await page.waitForURL(/q=dubois/)
    expect(await names(page)).toEqual(['François Dubois'])
    await page.goto(contactsUrl('?sort=balance&order=asc&size=5'))
    const first = await names(page)
    expect(first).toHaveLength(5)
    expect(first[0]).toBe("Siobhán O'Connor")
    // A made-up value is named, not a failure.
    const odd = await page.goto(contactsUrl('?status=vip&size=7'))
    expect(odd?.status()).toBe(200)
    await expect(page.getByText('not understood').isVisible()).resolves.toBe(true)
    // Nothing matching says so and offers the way back.
    await page.goto(contactsUrl('?q=nobody-by-this-name'))
    await expect(page.getByText('No contacts match this search and filter.').isVisible()).resolves.toBe(true)
  })

  test('on a phone the list is readable and the table scrolls inside its frame', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { viewport: { width: 360, height: 740 } })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(pageWidth).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contacts-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })
})
