import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { adminNavigationFor } from '#server/shell/admin-navigation'
import type { NavigationItem } from '#server/shell/navigation-item'
import { isStaffPathAvailable } from '#server/navigation/available-paths'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { loginAs } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

// A form shown again with its messages answers 400, which the browser logs as a failed load.
const refusedForm = /status of 400/

const url = (path: string) => `${server().url('demo')}${path}`

async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
}
async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)
}

describe('settings screens', () => {
  test('every settings screen renders on the server and hydrates without an error', async () => {
    const { context } = await browser.newContext()
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    for (const path of ['/settings', '/settings/account', '/settings/display', '/settings/roles', '/settings/studentapp', '/settings/paccount', '/settings/website', '/settings/seosetting', '/settings/customise/account']) {
      const response = await page.goto(url(path))
      expect(response?.status(), path).toBe(200)
      await waitForHydration(page)
    }
    // The website screen's editors load in the browser only, over the server's textareas.
    await page.goto(url('/settings/website'))
    await waitForHydration(page)
    await page.locator('[data-field="footerInfo"] .ql-editor').waitFor()
    await page.locator('[data-field="pageScript"] .cm-editor').waitFor()
    await expect(page.locator('textarea[name="root[footerInfo]"]').isHidden()).resolves.toBe(true)
  })

  test('account settings with JavaScript: live messages, country picks its time zone, saved without a reload', async () => {
    const { context } = await browser.newContext({ allowConsoleErrors: [refusedForm] })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/account'))
    await waitForHydration(page)
    await markPage(page)

    await page.getByLabel('Organization Name').fill('')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('alert').filter({ hasText: 'Invalid Form!' }).waitFor()
    await page.getByText('Organization Name is required!').waitFor()

    await page.getByLabel('Organization Name').fill('Demo Yoga Studio')
    await page.getByLabel('Country').selectOption('India')
    await expect(page.getByLabel('Time Zone').inputValue()).resolves.toBe('Asia/Kolkata')
    await expect(page.locator('[data-field="phone"]').getByText('+91').isVisible()).resolves.toBe(true)
    await page.getByLabel('Membership Expiry Period (months)').fill('6')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((next) => next.pathname === '/settings')
    await page.getByText('Successfully updated settings.').waitFor()
    expect(await stillSamePage(page)).toBe(true)

    await page.goto(url('/settings/account'))
    await expect(page.getByLabel('Time Zone').inputValue()).resolves.toBe('Asia/Kolkata')
    await expect(page.getByLabel('Membership Expiry Period (months)').inputValue()).resolves.toBe('6')
  })

  test('account settings without JavaScript: the same form posts, refuses with the messages, then saves', async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false, allowConsoleErrors: [refusedForm] })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/account'))
    await page.getByLabel('Organization Name').fill('')
    await page.getByLabel('Custom Domain').fill('not a domain')
    const refused = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), page.getByRole('button', { name: 'Submit' }).click()])
    expect(refused[0].status()).toBe(400)
    await page.getByText('Organization Name is required!').waitFor()
    await page.getByText('Enter a valid domain name, like schedule.example.com').waitFor()
    await expect(page.getByText('Invalid Form!').isVisible()).resolves.toBe(true)
    // What the user typed is still there.
    await expect(page.getByLabel('Custom Domain').inputValue()).resolves.toBe('not a domain')

    await page.getByLabel('Organization Name').fill('Demo Yoga Studio')
    await page.getByLabel('Custom Domain').fill('')
    await page.getByLabel('City').fill('Portland')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((next) => next.pathname === '/settings')
    await page.getByText('Successfully updated settings.').waitFor()
    await page.goto(url('/settings/account'))
    await expect(page.getByLabel('City').inputValue()).resolves.toBe('Portland')
  })

  test('the rich-text footer saved on the website screen shows, sanitised, on the public site', async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/website'))
    await page.locator('textarea[name="root[footerInfo]"]').fill('<p class="ql-align-center"><strong>Open daily</strong> from 6am<script>window.pwned = 1</script></p>')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Successfully updated settings.').waitFor()

    const visitor = await browser.newPage()
    await visitor.page.goto(url('/home'))
    const info = visitor.page.locator('footer .rich-text')
    await expect(info.locator('strong').textContent()).resolves.toBe('Open daily')
    await expect(info.locator('p.ql-align-center').evaluate((element) => getComputedStyle(element).textAlign)).resolves.toBe('center')
    await expect(info.locator('script').count()).resolves.toBe(0)
  })

  test("the website's page script runs on the public site only, under a policy that lets it reach https hosts", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/website'))
    await page
      .locator('textarea[name="root[pageScript]"]')
      .fill('<!-- analytics --><script>document.documentElement.dataset.pageScript = "ran"</script><div onclick="x()">not run</div>')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Successfully updated settings.').waitFor()

    const visitor = await browser.newPage()
    for (const view of ['first', 'kept']) {
      const response = await visitor.page.goto(url('/about'))
      expect(response?.headers()['content-security-policy'], view).toMatch(/script-src 'self' 'nonce-[^']+' https:;/)
      await expect(visitor.page.evaluate(() => document.documentElement.dataset.pageScript), view).resolves.toBe('ran')
    }
    const staff = await browser.newContext()
    const staffPage = await loginAs(staff.context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    const dashboard = await staffPage.goto(url('/dashboard'))
    expect(dashboard?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*https:/)
    await expect(staffPage.evaluate(() => document.documentElement.dataset.pageScript)).resolves.toBeUndefined()
  })

  test('the supported currencies can be searched with JavaScript, and say when nothing matches', async () => {
    const { context } = await browser.newContext()
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/paccount'))
    await waitForHydration(page)
    const currencies = page.locator('[data-field="supportedCurrencies"]')
    await currencies.getByRole('searchbox', { name: 'Search' }).fill('rupee')
    // The list narrows as the user types.
    await expect.poll(() => currencies.getByRole('checkbox').evaluateAll((boxes) => boxes.filter((box) => box.checkVisibility()).length)).toBe(1)
    await expect(currencies.getByText('INR - Indian Rupee').isVisible()).resolves.toBe(true)
    await currencies.getByRole('searchbox', { name: 'Search' }).fill('doubloon')
    await currencies.getByText('No results found!').waitFor()
  })

  test('a module toggle saves as soon as it is switched, and the staff menu follows', async () => {
    // The address of a module switched off answers 404, which the browser reports.
    const { context } = await browser.newContext({ allowConsoleErrors: [/status of 404.*\/customforms/] })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/display'))
    await waitForHydration(page)
    // With JavaScript there is no Save button for the modules: each switch saves.
    await page.locator('#modules').getByText('Changes are saved as you make them.').waitFor()
    await expect(page.locator('#modules').getByRole('button', { name: 'Save' }).count()).resolves.toBe(0)
    const forms = page.getByRole('switch', { name: 'Forms' })
    await expect.poll(() => forms.isChecked()).toBe(true)
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/settings/display')),
      forms.setChecked(false, { force: true }),
    ])
    await page.getByText('Successfully updated settings.').waitFor()
    await page.reload()
    await expect.poll(() => page.getByRole('switch', { name: 'Forms' }).isChecked()).toBe(false)

    // The menu can only show module items whose screens exist; check it whenever one does.
    // Links are counted in the page, not the accessibility tree: a closed menu group hides them.
    const flagged = flaggedMenuItems().filter((item) => isStaffPathAvailable(item.url) && item.flag === 'isShowFormsMenu')
    const sidebar = page.getByTestId('sidebar')
    const linkTo = (item: { url: string }) => sidebar.locator(`a[href="${item.url}"]`)
    for (const item of flagged) await expect(linkTo(item).count()).resolves.toBe(0)
    // Not only the menu: the module's screens are gone while it is off (decision 057).
    const statusOfForms = () => page.evaluate(async () => (await fetch('/customforms', { redirect: 'manual' })).status)
    await expect(statusOfForms()).resolves.toBe(404)
    await forms.setChecked(true, { force: true })
    await page.getByText('Successfully updated settings.').waitFor()
    await page.reload()
    for (const item of flagged) await expect(linkTo(item).count()).resolves.toBeGreaterThan(0)
    await expect(statusOfForms()).resolves.toBe(200)
  })

  test('customising a screen (relabel, hide) shows on its form, and reset brings it back', async () => {
    const { context } = await browser.newContext()
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/account'))
    await page.getByRole('link', { name: 'Customise this screen' }).click()
    await page.waitForURL('**/settings/customise/account')
    await waitForHydration(page)
    await page.getByLabel('Label of Organization Name').fill('Studio Name')
    await page.getByLabel('Hide About Organization').check()
    await expect(page.getByLabel('Hide Organization Name').count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Screen customisation saved.').waitFor()

    await page.goto(url('/settings/account'))
    await expect(page.getByLabel('Studio Name').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('About Organization').count()).resolves.toBe(0)

    await page.goto(url('/settings/customise/account'))
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await page.getByText('Screen reset to its default.').waitFor()
    await page.goto(url('/settings/account'))
    await expect(page.getByLabel('Organization Name').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('About Organization').isVisible()).resolves.toBe(true)
  })

  test('customising works without JavaScript too, moving a field with the arrows', async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/customise/roles'))
    await page.getByLabel('Label of Offers › FrontDesk').fill('Front desk')
    await page.getByRole('button', { name: 'Move Offers › FrontDesk up' }).click()
    await page.getByText('Screen customisation saved.').waitFor()
    await page.goto(url('/settings/roles'))
    const offers = page.getByRole('region', { name: 'Offers' })
    await expect(offers.getByText('Front desk').isVisible()).resolves.toBe(true)
    const labels = await offers.locator('[data-field]').allTextContents()
    expect(labels[0]).toContain('Front desk')
    await page.goto(url('/settings/customise/roles'))
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await page.getByText('Screen reset to its default.').waitFor()
  })

  test('a custom domain saved without JavaScript shows its TXT record as Pending, and Check Again posts; the panel fits 1280 and 360 px and passes axe', async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false })
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/account'))
    await page.getByLabel('Custom Domain').fill('book.demo-studio.test')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((next) => next.pathname === '/settings')
    await page.goto(url('/settings/account'))
    const panel = page.getByTestId('custom-domain-verification')
    await expect(panel.getByTestId('custom-domain-status').textContent()).resolves.toBe('Pending')
    await expect(panel.getByTestId('custom-domain-record-name').textContent()).resolves.toBe('_studio-verify.book.demo-studio.test')
    await expect(panel.getByTestId('custom-domain-record-value').textContent()).resolves.toMatch(/^studio-verify=[0-9a-f]{32}$/)
    await panel.getByRole('button', { name: 'Check Again' }).click()
    await page.getByText('The domain will be checked again now.').waitFor()
    // axe runs in the page, so with JavaScript.
    const { context: scripted } = await browser.newContext()
    const checked = await loginAs(scripted, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await checked.goto(url('/settings/account'))
    await waitForHydration(checked)
    await checked.getByTestId('custom-domain-verification').waitFor()
    await checkScreen(checked, 'account-custom-domain', process.env.SCREENSHOT_DIR)
    await page.getByRole('textbox', { name: 'Custom Domain' }).fill('')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((next) => next.pathname === '/settings')
  })

  test('the settings home lists its tiles and unknown settings paths lead back to it', async () => {
    const { context } = await browser.newContext()
    const page = await loginAs(context, server(), { orgId: 'demo', email: 'admin@demo.test' })
    await page.goto(url('/settings/does-not-exist'))
    expect(new URL(page.url()).pathname).toBe('/settings')
    for (const title of ['Account', 'Website', 'Module Settings', 'Payment Settings', 'Roles']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${title}`) }).first().isVisible()).resolves.toBe(true)
    }
  })
})

function flaggedMenuItems(): Array<{ title: string; url: string; flag: string }> {
  // Every item of the full menu, with the flag that removes it, by switching each flag off in turn.
  const all = { isShowStoreMenu: true, isShowScheduleMenu: true, isShowEventsMenu: true, isShowAssessment: true, isShowFormsMenu: true, isShowMerchandiseMenu: true, isShowCampaignsMenu: true, isShowDonationMenu: true, isShowCourses: true }
  const flatten = (items: NavigationItem[]): NavigationItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])])
  const everything = flatten(adminNavigationFor({ flags: all, isMaster: false, permissions: null, helpUrl: null }))
  const result: Array<{ title: string; url: string; flag: string }> = []
  for (const flag of Object.keys(all) as Array<keyof typeof all>) {
    const without = new Set(flatten(adminNavigationFor({ flags: { ...all, [flag]: false }, isMaster: false, permissions: null, helpUrl: null })).map((item) => item.id))
    for (const item of everything) if (item.url && !without.has(item.id)) result.push({ title: item.title, url: item.url, flag })
  }
  return result
}
