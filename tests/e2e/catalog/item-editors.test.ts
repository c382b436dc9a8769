import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const SCREENSHOTS = process.env.ITEMS_SCREENSHOTS_DIR

async function coverFile(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 140, b: 110 } } }).jpeg().toBuffer()
  return { name: 'cover.jpg', mimeType: 'image/jpeg', buffer }
}

const shoot = (page: Page, name: string) => screenshotAtWidths(page, SCREENSHOTS, name)

const details = (page: Page) => page.getByRole('region', { name: 'Details' })
const option = (page: Page, n: number) => page.getByRole('group', { name: `Price option ${n}` })

describe('catalog item editors', () => {
  test('staff add a course with two price options and a cover image, then a product', { timeout: 400_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/services' }, { allowConsoleErrors: [/status of 400/] })
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    await page.getByRole('link', { name: 'Introductory Session' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'courses-list')

    await page.getByRole('link', { name: 'Add Course' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor()
    await waitForHydration(page)
    await details(page).getByLabel('Name').fill('Breath and Balance')
    await page.getByLabel('Summary').fill('Four weeks of calm, steady practice.')
    await page.getByLabel('Upload cover image').setInputFiles(await coverFile())
    await option(page, 1).getByLabel('Name').fill('Full course')
    await option(page, 1).getByLabel('Price (USD)').fill('80')
    await option(page, 1).getByLabel('Taxable').check()
    // With JavaScript the row is added in place: no request, the first row keeps its values.
    await page.getByRole('button', { name: 'Add price option' }).click()
    await option(page, 2).waitFor()
    await expect(option(page, 1).getByLabel('Name').inputValue()).resolves.toBe('Full course')
    await option(page, 2).getByLabel('Name').fill('Drop-in')
    await option(page, 2).getByLabel('Price (USD)').fill('25')
    await option(page, 2).getByLabel('Discount (USD)').fill('30')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // A discount above the price is refused beside its field, the form kept.
    await page.getByText('Discount is greater than amount').waitFor()
    await expect(option(page, 2).getByLabel('Discount (USD)').getAttribute('aria-invalid')).resolves.toBe('true')
    await expectNoSeriousA11yViolations(page)
    await option(page, 2).getByLabel('Discount (USD)').fill('5')
    // The file input is empty again after a refused post: choose the cover once more.
    await page.getByLabel('Upload cover image').setInputFiles(await coverFile())
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Breath and Balance is added successfully.').waitFor()
    await page.getByRole('heading', { level: 1, name: 'Breath and Balance' }).waitFor()
    await page.getByText('/breath-and-balance').waitFor()
    await expect(page.getByRole('img', { name: 'Current cover' }).getAttribute('src')).resolves.toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}-card\.webp$/)
    await expect(option(page, 2).getByLabel('Discount (USD)').inputValue()).resolves.toBe('5.00')
    await expect(page.getByRole('link', { name: 'Course content' }).getAttribute('href')).resolves.toMatch(/^\/services\/[0-9a-f-]{36}\/content$/)
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'course-edit')

    await page.goto(`${server().url('demo')}/products`)
    await page.getByRole('heading', { level: 1, name: 'Merchandise' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'products-list')
    await page.getByRole('link', { name: 'Add Product' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor()
    await waitForHydration(page)
    await details(page).getByLabel('Name').fill('Cork Block')
    await page.getByLabel('Stock quantity').fill('7')
    await page.getByLabel('Or add a supplier').fill('Cork Works')
    await option(page, 1).getByLabel('Name').fill('Each')
    await option(page, 1).getByLabel('Price (USD)').fill('18.50')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Cork Block is added successfully.').waitFor()
    await expect(page.getByLabel('Supplier', { exact: true }).locator('option:checked').textContent()).resolves.toBe('Cork Works')

    // More pictures, saved once: the file input is empty again, so a second Save adds nothing.
    const pictures = page.getByRole('list', { name: 'Pictures of this product' }).getByRole('listitem')
    const chosenFiles = () => page.getByLabel('Add pictures').evaluate((input) => (input as HTMLInputElement).files?.length ?? 0)
    const saveAndWait = async () => {
      // The last save's toast goes by itself after two seconds (closing it races with that).
      await page.getByText('Cork Block is', { exact: false }).waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Cork Block is updated successfully.').waitFor()
    }
    await page.getByLabel('Add pictures').setInputFiles([{ ...(await coverFile()), name: 'side.jpg' }, { ...(await coverFile()), name: 'top.jpg' }])
    await saveAndWait()
    await expect.poll(() => pictures.count()).toBe(2)
    await expect.poll(chosenFiles).toBe(0)
    await saveAndWait()
    await expect(pictures.count()).resolves.toBe(2)
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'product-edit')
    checked.expectNoConsoleErrors()
  })

  test('staff edit the demo donation campaign and the demo bundle, and add a bundle from Merchandise', { timeout: 300_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/donation' }, { allowConsoleErrors: [/status of 400/] })
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor()
    const campaigns = page.getByRole('table', { name: 'Donations' })
    await expect(campaigns.getByRole('row').filter({ hasText: 'Scholarship Fund' }).textContent()).resolves.toContain('$5,000.00')
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'donations-list')
    await page.getByRole('link', { name: 'Scholarship Fund' }).click()
    await page.getByRole('heading', { level: 1, name: 'Scholarship Fund' }).waitFor()
    await waitForHydration(page)
    await expect(page.getByLabel('Suggested amounts (USD)').inputValue()).resolves.toBe('10.00, 25.00, 50.00, 100.00')
    // A campaign takes what donors choose: no price options.
    await expect(page.getByRole('group', { name: 'Price option 1' }).count()).resolves.toBe(0)
    await page.getByLabel('Suggested amounts (USD)').fill('15, 30, plenty')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText("'plenty' is not an amount").waitFor()
    await expect(page.getByLabel('Suggested amounts (USD)').getAttribute('aria-invalid')).resolves.toBe('true')
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Suggested amounts (USD)').fill('15, 30, 60')
    await page.getByLabel('Goal (USD)').fill('7500')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Scholarship Fund is updated successfully.').waitFor()
    await expect(page.getByLabel('Suggested amounts (USD)').inputValue()).resolves.toBe('15.00, 30.00, 60.00')
    await shoot(page, 'donation-edit')

    await page.goto(`${server().url('demo')}/products`)
    await page.getByRole('heading', { level: 1, name: 'Merchandise' }).waitFor()
    await page.getByRole('link', { name: 'Product bundles' }).click()
    await page.getByRole('heading', { level: 1, name: 'Product bundles' }).waitFor()
    await expect(page.getByRole('row').filter({ hasText: 'Home Practice Kit' }).textContent()).resolves.toContain('4 products')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('link', { name: 'Add Product bundle' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add Product bundle' }).waitFor()
    await waitForHydration(page)
    await details(page).getByLabel('Name').fill('Meditation Set')
    await page.getByLabel('Meditation Cushion').fill('1')
    await page.getByLabel('Cork Yoga Block').fill('2')
    await option(page, 1).getByLabel('Name').fill('Set')
    await option(page, 1).getByLabel('Price (USD)').fill('55')
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'bundle-new')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Meditation Set is added successfully.').waitFor()
    await expect(page.getByLabel('Meditation Cushion').inputValue()).resolves.toBe('1')
    await expect(page.getByLabel('Cork Yoga Block').inputValue()).resolves.toBe('2')
    await expect(page.getByLabel('Studio Tote Bag').inputValue()).resolves.toBe('')
    checked.expectNoConsoleErrors()
  })

  test("without JavaScript 'Add price option' brings a blank row from the server and a course saves", { timeout: 300_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/services/new' }, { javaScriptEnabled: false })
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor()
    await details(page).getByLabel('Name').fill('Quiet Mornings')
    await option(page, 1).getByLabel('Name').fill('Term')
    await option(page, 1).getByLabel('Price (USD)').fill('40')
    await page.getByRole('button', { name: 'Add price option' }).click()
    await option(page, 2).waitFor()
    await expect(option(page, 1).getByLabel('Price (USD)').inputValue()).resolves.toBe('40')
    await expect(details(page).getByLabel('Name').inputValue()).resolves.toBe('Quiet Mornings')
    await option(page, 2).getByLabel('Name').fill('Single')
    await option(page, 2).getByLabel('Price (USD)').fill('12')
    // axe runs in the page's JavaScript, which this context has switched off: the JS test checks these screens.
    await shoot(page, 'course-new-nojs')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Quiet Mornings' }).waitFor()
    await expect(option(page, 2).getByLabel('Name').inputValue()).resolves.toBe('Single')
  })
})
