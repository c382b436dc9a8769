import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

/** Where screenshots go when asked for (E2E_SCREENSHOTS_DIR); none are taken otherwise. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()

/** Whether the element that has the focus is inside the open dialog of this name. */
const focusIsInDialog = (page: Page, name: string) =>
  page.evaluate((title) => {
    const dialog = [...document.querySelectorAll('dialog[open]')].find((element) => element.querySelector('h2')?.textContent === title)
    return Boolean(dialog && document.activeElement && dialog.contains(document.activeElement))
  }, name)

/** The accessible text of the element that has the focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

describe('the dialog', () => {
  test('opened by the page: focus moves in, Escape closes it, focus returns to the button that opened it', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/users' })
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Search Contact' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await dialog.waitFor()
    // The picker's search box is where the work starts.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('name or email or phone no.')
    await expect(focusIsInDialog(page, 'Search')).resolves.toBe(true)
    // Modal: the browser makes the page behind it inert.
    await expect(dialog.evaluate((element) => element.matches(':modal'))).resolves.toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect(focusedText(page)).resolves.toBe('Search Contact')
  })

  test('as its own address: focus moves in, Escape goes back, focus returns to the link that opened it', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/customfield' })
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Add Text field' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add Text Field' })
    await dialog.waitFor()
    await page.waitForURL('**/settings/customfield/new/text')
    await expect.poll(() => focusIsInDialog(page, 'Add Text Field')).toBe(true)
    await expect(dialog.evaluate((element) => element.matches(':modal'))).resolves.toBe(true)
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.pathname === '/settings/customfield')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Add Text field')
  })

  test('as its own address without JavaScript: a page drawn as the dialog, closed by a link back', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/customfield/new/text' }, { javaScriptEnabled: false })
    const dialog = page.getByRole('dialog', { name: 'Add Text Field' })
    await expect(dialog.isVisible()).resolves.toBe(true)
    await dialog.getByRole('link', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/customfield')
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
  })
})

describe('the data table on a phone (360 px)', () => {
  test('scrolls sideways inside its own focusable region, never the page', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/users' }, { viewport: { width: 360, height: 740 } })
    const region = page.getByRole('region', { name: 'Users' })
    await expect(region.getByRole('table', { name: 'Users' }).isVisible()).resolves.toBe(true)
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))
    expect(widths.scroll).toBeGreaterThan(widths.client)
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360)
    // The keyboard reaches it and scrolls it.
    await region.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ui-users-360.png`, fullPage: true })
  })

  test('the forms list at 360 px and on a desktop', async () => {
    for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
      const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/customforms' }, { viewport })
      await page.getByRole('table', { name: 'Forms' }).waitFor()
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width)
      await expectNoSeriousA11yViolations(page)
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ui-customforms-${viewport.width}.png`, fullPage: true })
    }
  })
})
