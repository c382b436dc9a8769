import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

/**
 * Franchises end to end (settings spec, Franchise screens): the demo studio is a master
 * franchise; its admin opens Franchise from the settings home, creates a franchise with its
 * admin, finds it in the list by searching, opens it, and switches into it.
 */

const SCREENSHOTS = process.env.FRANCHISE_SCREENSHOTS_DIR
const server = useServer()
const browser = useBrowser()

describe('franchises', () => {
  test('the master admin creates a franchise, finds it in the list and switches into it; axe and widths pass', { timeout: 90_000 }, async () => {
    const { page } = await signedInPage(
      browser,
      server(),
      { email: 'admin@demo.test', to: '/settings' },
      // The refused form answers 400, which the browser reports for the data request.
      { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 \(Bad Request\).*franchise\/new/] },
    )
    page.setDefaultTimeout(20_000)
    await page.getByRole('link', { name: /Franchise/ }).first().click()
    await page.waitForURL((url) => url.pathname === '/settings/franchise')
    await page.getByRole('link', { name: /^demo-east \(\d+\)$/ }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'franchise-list', SCREENSHOTS)

    await page.getByRole('link', { name: 'Add Franchise' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/franchise/new')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('alert').filter({ hasText: 'Invalid Form!' }).waitFor()
    await page.getByText('Name of franchise is required!').waitFor()
    await checkScreen(page, 'franchise-new', SCREENSHOTS)

    await page.getByLabel(/^Business Name/).fill('Demo Yoga Studio West')
    await page.getByLabel(/^Org Id/).fill('demo-west')
    await page.getByLabel(/^Phone/).fill('555-030-0000')
    await page.getByLabel(/^Time Zone/).selectOption('America/Denver')
    await page.getByLabel(/^Admin Name/).fill('Wendy West')
    await page.getByLabel(/^Email/).fill('admin@demo-west.test')
    await page.getByLabel(/^Password/).fill('west-password-1')
    await page.getByLabel(/^City/).fill('Denver')
    await page.getByLabel(/^State/).fill('CO')
    await page.getByLabel(/^Zip Code/).fill('80202')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/franchise')
    await page.getByRole('status').filter({ hasText: 'Successfully created franchise.' }).waitFor()

    // Searching as you type narrows the list to the new franchise.
    await page.getByLabel('Search franchises').fill('west')
    await page.waitForURL((url) => url.searchParams.get('q') === 'west')
    const row = page.getByRole('link', { name: /^demo-west \(\d+\)$/ })
    await row.waitFor()
    await expect(page.getByRole('link', { name: /^demo-east/ }).count()).resolves.toBe(0)
    await page.getByLabel('Search franchises').fill('nothing-like-it')
    await page.getByText('No matching records found').waitFor()
    await page.getByLabel('Search franchises').fill('')
    await row.waitFor()

    await row.click()
    await page.waitForURL((url) => url.pathname.startsWith('/settings/franchise/edit/'))
    await expect(page.getByLabel(/^Business Name/).inputValue()).resolves.toBe('Demo Yoga Studio West')
    await waitForHydration(page)
    await checkScreen(page, 'franchise-edit', SCREENSHOTS)

    // Pushing the master's module flags to the new franchise shows what will change first.
    await page.goto(`${server().url('demo')}/settings/franchise/push`)
    await page.getByRole('checkbox', { name: /Module flags/ }).check()
    await page.getByRole('checkbox', { name: /Demo Yoga Studio West/ }).check()
    await page.getByRole('button', { name: 'Show what will change' }).click()
    await page.getByRole('heading', { name: 'What will change' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'franchise-push', SCREENSHOTS)

    await page.locator('summary[aria-label="Switch franchise"]').click()
    await page.getByRole('button', { name: /Demo Yoga Studio West/ }).click()
    await page.waitForURL(`${server().url('demo-west')}/dashboard`)
    await page.getByRole('button', { name: 'Master View' }).waitFor()
  })

  test('without JavaScript the search is a GET form and a franchise is deleted after its confirmation', { timeout: 60_000 }, async () => {
    const { page } = await signedInPage(
      browser,
      server(),
      { email: 'admin@demo.test', to: '/settings/franchise' },
      // The archived franchise's address answers 404 at the end, on purpose.
      { javaScriptEnabled: false, allowConsoleErrors: [/status of 404 \(Not Found\).*demo-east/] },
    )
    page.setDefaultTimeout(20_000)
    await page.getByLabel('Search franchises').fill('east')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('q') === 'east')
    await page.getByRole('link', { name: 'Delete demo-east' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Franchise!' })
    await dialog.getByText('Are you sure you want to continue?').waitFor()
    await screenshotAtWidths(page, SCREENSHOTS, 'franchise-delete')
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await page.getByText('Successfully deleted franchise').waitFor()
    await page.goto(`${server().url('demo')}/settings/franchise?q=east`)
    await page.getByText('No matching records found').waitFor()
    // An archived franchise no longer answers on its own address.
    const answer = await page.goto(`${server().url('demo-east')}/login`)
    expect(answer?.status()).toBe(404)
  })
})
