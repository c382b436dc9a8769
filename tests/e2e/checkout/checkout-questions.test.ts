import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const MAT = 'Organic Cotton Yoga Mat'
const TRIAL_FORM = 'Trial Class Registration'

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

describe("checkout asks the studio's checkout form", () => {
  test('an admin connects Stripe and switches the trial form to Ask at Checkout with guardian details', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/integrations/paymentprovider' }, { viewport: { width: 1280, height: 900 } })
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Connect with Stripe' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/integrations/paymentprovider/success')
    await page.goto(site('/customforms'))
    await page.getByRole('row', { name: new RegExp(TRIAL_FORM) }).getByRole('link', { name: TRIAL_FORM }).click()
    await page.getByLabel('Form Name').waitFor()
    await waitForHydration(page)
    for (const name of ['Ask at Checkout', 'Guardian Details']) {
      const toggle = page.getByRole('switch', { name })
      if (!(await toggle.isChecked())) await toggle.check({ force: true })
    }
    await page.getByRole('button', { name: 'Update' }).click()
    await page.getByText(`${TRIAL_FORM} is updated successfully.`).waitFor()
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript a visitor is refused a bad answer in words, keeps what was typed, answers with a guardian and pays', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400/] })
    await putMatInCart(page)
    const questions = page.locator('[data-checkout-questions]')
    await fillBuyer(page, 'lena.questions@example.test')
    await questions.getByLabel('Experience').selectOption('Some classes')
    await questions.getByLabel('I have read the studio rules').check()
    // The browser takes this address; the studio's email rule does not.
    await questions.getByLabel('Mother Email').fill('ada@localhost')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByText('Please enter a valid email address!').waitFor()
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Lena')
    await expect(questions.getByLabel('Experience').inputValue()).resolves.toBe('Some classes')
    await expect.poll(() => questions.getByLabel('I have read the studio rules').isChecked()).toBe(true)
    await expect(questions.getByLabel('Mother Email').inputValue()).resolves.toBe('ada@localhost')
    await screenshotAtWidths(page, SCREENSHOTS, 'checkout-questions-refused-nojs')

    await questions.getByLabel('Injuries or health notes').fill('A stiff left knee')
    await questions.getByLabel('Mother Name').fill('Ada Okafor')
    await questions.getByLabel('Mother Email').fill('ada.okafor@example.test')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
  })

  test('with JavaScript the questions mark what is required, a refused answer is shown in place, and the form fits 1280 and 360 px and passes axe', { timeout: 180_000 }, async () => {
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400/] })
    await putMatInCart(page)
    await waitForHydration(page)
    const questions = page.locator('[data-checkout-questions]')
    await expect(questions.getByLabel('Experience').evaluate((select) => (select as HTMLSelectElement).required)).resolves.toBe(true)
    await fillBuyer(page, 'noor.questions@example.test')
    await questions.getByLabel('Experience').selectOption('New to yoga')
    await questions.getByLabel('I have read the studio rules').check()
    await questions.getByLabel('Father Phone').fill('call me')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByText("Please enter the father's phone number of digits, spaces, brackets, dots or dashes.").waitFor()
    await checkScreen(page, 'checkout-questions-refused', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })
})

async function putMatInCart(page: Page): Promise<void> {
  await page.goto(site('/merchandise/details/organic-cotton-yoga-mat'))
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT}` }).click()
  await page.locator(`[data-cart-line="${MAT}"]`).waitFor()
  await page.locator('[data-checkout-questions]').getByLabel('Experience').waitFor()
}

async function fillBuyer(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill(email.startsWith('lena') ? 'Lena' : 'Noor')
  await page.getByLabel('Last name').fill('Okafor')
  await page.locator('input[name="email"]').fill(email)
}
