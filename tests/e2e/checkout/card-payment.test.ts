import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const MAT = 'Organic Cotton Yoga Mat'
const MAT_PAGE = '/merchandise/details/organic-cotton-yoga-mat'

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

/** The screenshots, then axe at 1280 and 360 px and nothing wider than the screen. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshotAtWidths(page, SCREENSHOTS, name)
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 })
    // The staff shell slides its menu away after a resize: wait for it to settle.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width} px`, timeout: 5_000 }).toBeLessThanOrEqual(width)
    await expectNoSeriousA11yViolations(page)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function buyMat(page: Page, buyer: { firstName: string; email: string }, options: { hydrate: boolean }): Promise<void> {
  await page.goto(site(MAT_PAGE))
  await page.getByRole('heading', { level: 1, name: MAT }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT}` }).click()
  await page.locator(`[data-cart-line="${MAT}"]`).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.getByLabel('First name').fill(buyer.firstName)
  await page.getByLabel('Last name').fill('Okafor')
  await page.getByLabel('Email').fill(buyer.email)
  await page.getByText('You pay $68.00 by card on Stripe’s secure page next').waitFor()
}

describe('card payments on Stripe', () => {
  test('an admin connects Stripe from the payment providers page and sees it integrated', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/paccount' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { name: 'Payment Settings' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Payment providers' }).click()
    await page.getByRole('heading', { name: 'Payment providers' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'payment-providers-not-connected')
    await page.getByRole('link', { name: 'Connect with Stripe' }).click()
    // The fake's consent answers at once and sends the browser back through /oauth/stripe.
    await page.waitForURL((url) => url.pathname === '/settings/integrations/paymentprovider/success')
    await page.getByText('Payment Provider - Stripe Integrated successfully').waitFor()
    await checkScreen(page, 'stripe-status')
    await page.getByRole('link', { name: 'Back to payment providers' }).click()
    await page.locator('[data-stripe-status]').filter({ hasText: 'Connected: Demo Yoga Studio' }).waitFor()
    await checkScreen(page, 'payment-providers-connected')
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript a visitor buys a mat, pays on the hosted page and comes back to the paid order', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await buyMat(page, { firstName: 'Ines', email: 'ines.nojs@example.test' }, { hydrate: false })
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Paid')
    await screenshotAtWidths(page, SCREENSHOTS, 'card-order-paid-nojs')
  })

  test('with JavaScript a visitor leaves the payment page, finds the order waiting, and pays with Pay', { timeout: 180_000 }, async () => {
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await buyMat(page, { firstName: 'Ada', email: 'ada.js@example.test' }, { hydrate: true })
    await checkScreen(page, 'checkout-card-total')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Your order is waiting for its payment' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'card-order-pending')
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await page.waitForURL((url) => url.origin === stripe().url)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'card-order-paid')
    checked.expectNoConsoleErrors()
  })
})
