import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { useServer } from '#tests/e2e/support/server'
import { login, signedInPage } from '#tests/e2e/support/login'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'

/** Where screenshots go when asked for (E2E_SCREENSHOTS_DIR); none are taken otherwise. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`

const sidebarWidth = (page: Page) => page.getByTestId('sidebar').evaluate((element) => Math.round(element.getBoundingClientRect().width))
const groupTitles = (page: Page) =>
  page.locator('nav[aria-label="Staff menu"] details[data-group] > summary').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()))
const openGroups = (page: Page) =>
  page.locator('nav[aria-label="Staff menu"] details[data-group][open]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-group')))
const visibleMenuLinks = (page: Page) =>
  page
    .locator('nav[aria-label="Staff menu"] a, nav[aria-label="Staff menu"] button[type="submit"]')
    .evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).map((node) => node.textContent?.trim()))

describe('staff back office (vertical layout)', () => {
  test('an admin lands on the dashboard with the sidebar, toolbar and footer', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Avery' }).waitFor()
    await page.waitForFunction(() => document.title === 'Dashboard | Demo Yoga Studio')
    await expect(groupTitles(page)).resolves.toEqual(['Overview', 'Launch', 'Products', 'More Launch', 'Manage', 'Resources'])
    await expect(page.locator('[data-figure="Contacts"]').textContent()).resolves.toBe('42')
    // Toolbar: the demo studio is a master franchise with one franchise, and staff may preview.
    await expect(page.getByRole('group', { name: 'Shortcuts' }).isVisible()).resolves.toBe(true)
    await expect(page.locator('summary[aria-label="Switch franchise"]').isVisible()).resolves.toBe(true)
    await expect(page.locator('summary[aria-label="Preview"]').isVisible()).resolves.toBe(true)
    await expect(page.getByText('v6.4 December 2022').isVisible()).resolves.toBe(true)
    await expect(page.getByText(/Last activity: \w{3} \w{3}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)/).isVisible()).resolves.toBe(true)
    // The date sits in <time>, which carries the exact instant in UTC.
    await expect(page.locator('footer time').first().getAttribute('datetime')).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    await waitForHydration(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/e2e-shell-admin-dashboard.png`, fullPage: true })
  })

  test('the sidebar folds to 64 px, stays folded on the next page, and unfolds', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    await waitForHydration(page)
    expect(await sidebarWidth(page)).toBe(250)
    await page.getByTestId('sidebar-fold-toggle').click()
    await page.mouse.move(900, 500)
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64)
    await page.reload()
    await page.mouse.move(900, 500)
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64)
    // Hovering the folded menu shows it whole for a moment.
    await page.getByTestId('sidebar').hover()
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 250)
    await page.getByTestId('sidebar-fold-toggle').click()
    await page.mouse.move(900, 500)
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 250)
  })

  test('menu search filters the menu by title, ignoring case', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    await waitForHydration(page)
    const search = page.getByRole('searchbox', { name: 'Search the menu' })
    await search.fill('SETT')
    await expect(visibleMenuLinks(page)).resolves.toEqual(['Settings'])
    await search.fill('zzz')
    await expect(page.getByText('No menu item matches “zzz”.').isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Clear menu search' }).click()
    await expect(visibleMenuLinks(page)).resolves.toContain('Dashboard')
  })

  test('in Turkish the menu, its search, the toolbar and the dashboard read in Turkish, with and without JavaScript; axe passes', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const checked = await browser.newContext({ viewport: { width: 1366, height: 900 }, javaScriptEnabled })
      await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
      const page = await login(checked.context, server(), { email: 'admin@demo.test', to: '/settings/account' })
      const menu = page.locator('nav[aria-label="Personel menüsü"]')
      await expect(menu.locator('details[data-group] > summary').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()))).resolves.toEqual([
        'Genel Bakış',
        'Yayınla',
        'Ürünler',
        'Daha Fazla',
        'Yönet',
        'Kaynaklar',
      ])
      if (javaScriptEnabled) await waitForHydration(page)
      const search = page.getByRole('searchbox', { name: 'Menüde ara' })
      await search.fill('fatura')
      if (!javaScriptEnabled) await Promise.all([page.waitForURL((url) => url.searchParams.get('menu') === 'fatura'), search.press('Enter')])
      await expect.poll(() => menu.locator('a').evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).map((node) => node.textContent?.trim()))).toEqual(['Faturalar'])
      await page.getByTestId('user-menu').locator('summary').click()
      await page.getByRole('link', { name: 'Profilim' }).waitFor()
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)

      // The dashboard, the first screen staff see, reads in Turkish too.
      await page.goto(demo('/dashboard'))
      await page.getByRole('heading', { level: 1, name: 'Tekrar hoş geldiniz, Avery' }).waitFor()
      await page.waitForFunction(() => document.title.startsWith('Pano'))
      const figures = await page.getByRole('region', { name: 'Rakamlar' }).innerText()
      expect(figures).toContain('Kişiler')
      expect(figures).toMatch(/\d+ öğrenci · \d+ personel/)
      expect(await page.locator('main').innerText()).not.toMatch(/Welcome back|Newest contacts|Latest form submissions|Your last sign-in/)
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
    }
  })

  test('menu search works without JavaScript too, and keeps the term on the page it was typed on', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/account' }, { viewport: { width: 1366, height: 900 }, javaScriptEnabled: false })
    const search = page.getByRole('searchbox', { name: 'Search the menu' })
    await search.fill('logout')
    await Promise.all([page.waitForURL((url) => url.searchParams.get('menu') === 'logout'), search.press('Enter')])
    expect(new URL(page.url()).pathname).toBe('/settings/account')
    await expect(search.inputValue()).resolves.toBe('logout')
    await expect(visibleMenuLinks(page)).resolves.toEqual(['Logout'])
  })

  test('the first tab stop skips to the main content; the menu checkbox comes after it and its button shows the focus', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    await waitForHydration(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    await expect(skip.evaluate((element) => element.getBoundingClientRect().top >= 0)).resolves.toBe(true)
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('sidebar-fold')
    const outline = await page.getByTestId('sidebar-fold-toggle').evaluate((element) => getComputedStyle(element).outlineStyle)
    expect(outline).toBe('solid')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.hash === '#main')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main')
  })

  test('on a phone the closed menu holds no tab stops', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 360, height: 740 } })
    await waitForHydration(page)
    const focusable = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="sidebar"] a, [data-testid="sidebar"] input, [data-testid="sidebar"] summary, [data-testid="sidebar"] button')].filter(
          (element) => getComputedStyle(element).visibility !== 'hidden' && element.getClientRects().length > 0,
        ).length,
      )
    await expect(focusable()).resolves.toBe(0)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('sidebar-open')
    await page.keyboard.press('Space')
    // Open means on screen and reachable: wait for both, since the slide and the visibility
    // change are transitions.
    await page.waitForFunction(() => {
      const sidebar = document.querySelector('[data-testid="sidebar"]')
      if (Math.round(sidebar?.getBoundingClientRect().left ?? -1) !== 0) return false
      const reachable = [...(sidebar?.querySelectorAll<HTMLElement>('a, input, summary, button') ?? [])].filter(
        (element) => getComputedStyle(element).visibility !== 'hidden' && element.getClientRects().length > 0,
      )
      return reachable.length > 5
    })
    await expect(focusable()).resolves.toBeGreaterThan(5)
  })

  test('a group opens when the page is inside it and closes otherwise', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    await expect(openGroups(page)).resolves.toEqual(['overview'])
    await page.goto(demo('/settings/account'))
    await expect(openGroups(page)).resolves.toEqual(['resources'])
    await waitForHydration(page)
    // Client-side navigation re-evaluates the groups as well.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Demo Yoga Studio', exact: true }).click()
    await page.waitForURL('**/dashboard')
    await page.waitForFunction(() => document.querySelector('details[data-group="resources"]')?.hasAttribute('open') === false)
    await expect(openGroups(page)).resolves.toEqual(['overview'])
  })

  test('on a phone the menu slides in from the toolbar button', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'staff@demo.test' }, { viewport: { width: 390, height: 800 } })
    expect(new URL(page.url()).pathname).toBe('/calendar')
    await expect(page.locator('[data-calendar-view]').isVisible()).resolves.toBe(true)
    const left = () => page.getByTestId('sidebar').evaluate((element) => Math.round(element.getBoundingClientRect().left))
    expect(await left()).toBeLessThan(0)
    await page.getByTestId('menu-toggle').click()
    await page.waitForFunction(() => Math.round(document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().left ?? -1) === 0)
  })

  test('My Profile saves a new phone number with a toast, and refuses a bad one in the form', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    // A menu opened before React takes the page over is closed again by it: wait until it has.
    await waitForHydration(page)
    await page.getByTestId('user-menu').locator('summary').click()
    await page.getByRole('link', { name: 'My Profile' }).click()
    await page.waitForURL('**/profile')
    await waitForHydration(page)
    await page.getByLabel('Phone').fill('12')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Enter a phone number with at least 7 digits.').isVisible()).resolves.toBe(true)
    await page.getByLabel('Phone').fill('555-010-9999')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Profile updated successfully.').waitFor()
    await expect(page.locator('dd', { hasText: '555-010-9999' }).isVisible()).resolves.toBe(true)
  })
})

describe('student portal (horizontal layout)', () => {
  test('a student lands on classes with the horizontal menu, which hides under 821 px', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'student@demo.test' }, { viewport: { width: 1280, height: 900 } })
    expect(new URL(page.url()).pathname).toBe('/classes')
    const navbar = page.getByTestId('student-navbar')
    await navbar.waitFor()
    const menu = page.getByRole('navigation', { name: 'Student menu', exact: true })
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(['Calendar', 'Courses', 'My Store', 'Assessments', 'My Files'])
    await expect(menu.locator('summary').textContent()).resolves.toBe('Stella Student')
    await waitForHydration(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/e2e-shell-student.png`, fullPage: true })

    await menu.getByRole('link', { name: 'Courses' }).click()
    await page.waitForURL('**/mycourses')
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()

    await page.setViewportSize({ width: 820, height: 900 })
    await expect(navbar.isVisible()).resolves.toBe(false)
    await page.getByTestId('student-menu-toggle').click()
    const compact = page.getByRole('navigation', { name: 'Portal pages' })
    await expect(compact.getByRole('link', { name: 'Calendar' }).isVisible()).resolves.toBe(true)
    await page.setViewportSize({ width: 821, height: 900 })
    await expect(navbar.isVisible()).resolves.toBe(true)
  })

  test('a student opening a staff address is sent to the portal', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'student@demo.test' })
    await page.goto(demo('/dashboard'))
    expect(new URL(page.url()).pathname).toBe('/classes')
  })
})

describe('public website (horizontal layout)', () => {
  test('the menu puts home first and about and contact last, and the 404 page keeps the site around it', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1366, height: 900 }, allowConsoleErrors: [/status of 404/] })
    await page.goto(demo('/'))
    const menu = page.getByRole('navigation', { name: 'Main', exact: true })
    // Top-level entries: links, and groups by their heading (the published forms of the tenant).
    const entries = menu.locator(':scope > ul > li').evaluateAll((items) =>
      items.map((item) => (item.querySelector(':scope > a, :scope > details > summary')?.textContent ?? '').trim()),
    )
    await expect(entries).resolves.toEqual(['Home', 'Calendar', 'Courses', 'Events', 'Forms', 'Donations', 'Merchandise', 'Media Gallery', 'About Us', 'Contact Us'])
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('index, follow')
    await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe('Home | Demo Yoga Studio')
    await expect(page.locator('meta[name="twitter:card"]').getAttribute('content')).resolves.toBe('summary')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/e2e-shell-public-home.png`, fullPage: true })

    const visitorOnStaffPage = await page.goto(demo('/dashboard'))
    expect(new URL(page.url()).pathname).toBe('/404')
    expect(visitorOnStaffPage?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 Page Not Found')
    await expect(menu.getByRole('link', { name: 'About Us' }).isVisible()).resolves.toBe(true)

    const unknown = await page.goto(demo('/no/such/page'))
    expect(unknown?.status()).toBe(404)
    expect(new URL(page.url()).pathname).toBe('/no/such/page')
  })

  test('web preview shows staff the public site, and Admin View brings them back', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test' }, { viewport: { width: 1366, height: 900 } })
    // Hydration would close a menu opened before it.
    await waitForHydration(page)
    await page.locator('summary[aria-label="Preview"]').click()
    await Promise.all([page.waitForURL('**/home'), page.getByRole('button', { name: 'Web Preview' }).click()])
    await page.getByText('You are seeing the website as visitors do.').waitFor()
    await Promise.all([page.waitForURL('**/dashboard'), page.getByRole('button', { name: 'Admin View' }).click()])
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Avery' }).waitFor()
  })
})
