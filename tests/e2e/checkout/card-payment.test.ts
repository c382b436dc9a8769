import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { loadPublicSchedule } from '#server/catalog/schedule/load-public-schedule'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const MAT = 'Organic Cotton Yoga Mat'
const MAT_PAGE = '/merchandise/details/organic-cotton-yoga-mat'

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

async function buyMat(page: Page, buyer: { firstName: string; email: string | null }, options: { hydrate: boolean }): Promise<void> {
  await page.goto(site(MAT_PAGE))
  await page.getByRole('heading', { level: 1, name: MAT }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT}` }).click()
  await page.locator(`[data-cart-line="${MAT}"]`).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.getByLabel('First name').fill(buyer.firstName)
  await page.getByLabel('Last name').fill('Okafor')
  // A signed-in student's email is the account's.
  if (buyer.email) await page.getByLabel('Email').fill(buyer.email)
  await page.getByText(options.hydrate ? 'You pay $68.00 by card on the next page.' : 'You pay $68.00 by card on Stripe’s secure page next').waitFor()
}

/** Types a card into the Payment Element (Stripe.js's stand-in renders its fields in the page). */
async function typeCard(page: Page, number: string): Promise<void> {
  const element = page.locator('[data-payment-element]')
  await element.getByLabel('Card number').fill(number)
  await element.getByLabel('Expiration date').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`)
  await element.getByLabel('Security code').fill('123')
}

/** On the order page, once Stripe.js has mounted the card fields. */
async function waitForCardForm(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Your order is waiting for its payment' }).waitFor()
  await page.locator('[data-stripe-payment-form="ready"]').waitFor()
}

describe('card payments on Stripe', () => {
  test('an admin connects Stripe from the payment providers page and sees it integrated', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/paccount' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { name: 'Payment Settings' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Payment providers' }).click()
    await page.getByRole('heading', { name: 'Payment providers' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'payment-providers-not-connected', SCREENSHOTS)
    await page.getByRole('link', { name: 'Connect with Stripe' }).click()
    // The fake's consent answers at once and sends the browser back through /oauth/stripe.
    await page.waitForURL((url) => url.pathname === '/settings/integrations/paymentprovider/success')
    await page.getByText('Payment Provider - Stripe Integrated successfully').waitFor()
    await checkScreen(page, 'stripe-status', SCREENSHOTS)
    await page.getByRole('link', { name: 'Back to payment providers' }).click()
    await page.locator('[data-stripe-status]').filter({ hasText: 'Connected: Demo Yoga Studio' }).waitFor()
    await checkScreen(page, 'payment-providers-connected', SCREENSHOTS)
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
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    await screenshotAtWidths(page, SCREENSHOTS, 'card-order-paid-nojs')
  })

  test('with JavaScript a visitor pays in the order page: a declined card is refused under the card fields and in a toast, a good one pays the order', { timeout: 180_000 }, async () => {
    // Stripe answers a declined card with 402, which the browser logs.
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 402/] })
    await buyMat(page, { firstName: 'Ada', email: 'ada.js@example.test' }, { hydrate: true })
    await checkScreen(page, 'checkout-card-total', SCREENSHOTS)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL(isOrder)
    await waitForCardForm(page)
    await checkScreen(page, 'card-order-pending', SCREENSHOTS)
    // An incomplete card is stopped in the page before anything is asked of Stripe.
    await page.locator('[data-payment-element]').getByLabel('Card number').fill('4242 4242')
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await expect.poll(() => page.locator('[data-toast="error"]').textContent()).toContain('Your card number is incomplete.')
    await expect(page.locator('[data-payment-element]').getByText('Your card number is incomplete.').count()).resolves.toBe(1)
    expect(stripe().intents()).toHaveLength(0)
    await typeCard(page, '4000000000000002')
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await expect.poll(() => page.locator('[data-card-error]').textContent()).toBe('Your card was declined.')
    await expect(page.locator('[data-toast="error"]').textContent()).resolves.toContain('Your card was declined.')
    await checkScreen(page, 'card-order-declined', SCREENSHOTS)
    await typeCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    // One intent, paid once, on the studio's account.
    expect(stripe().intents().map((intent) => [intent.account, intent.status])).toEqual([['acct_demo_studio', 'succeeded']])
    await waitForHydration(page)
    await checkScreen(page, 'card-order-paid', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('a signed-in student saves the card, then pays the next order with it in one click', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'student@demo.test' }, { viewport: { width: 1280, height: 900 } })
    await buyMat(page, { firstName: 'Stella', email: null }, { hydrate: true })
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL(isOrder)
    await waitForCardForm(page)
    await typeCard(page, '5555555555554444')
    await page.getByLabel('Save for my next payment').check()
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()

    await buyMat(page, { firstName: 'Stella', email: null }, { hydrate: true })
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL(isOrder)
    await waitForCardForm(page)
    // The kept card is chosen; the new-card fields are read-only until None/other is.
    const kept = page.getByRole('radio', { name: /^Mastercard ending 4444/ })
    await expect.poll(() => kept.isChecked()).toBe(true)
    await expect(page.locator('[data-payment-element]').getByLabel('Card number').getAttribute('readonly')).resolves.not.toBeNull()
    await page.getByRole('radio', { name: 'None/other' }).check()
    await expect.poll(() => page.locator('[data-payment-element]').getByLabel('Card number').getAttribute('readonly')).toBeNull()
    await page.getByLabel('Save for my next payment').waitFor()
    await kept.check()
    await checkScreen(page, 'card-order-saved-card', SCREENSHOTS)
    await page.getByRole('button', { name: 'Pay $68.00' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    const paid = stripe().intents().filter((intent) => intent.status === 'succeeded' && intent.customer !== null)
    expect(paid).toHaveLength(2)
    expect(new Set(paid.map((intent) => intent.payment_method)).size).toBe(1)
    checked.expectNoConsoleErrors()
  })

  test('on My Profile the student adds a card without paying and removes the kept one through its confirmation', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'student@demo.test', to: '/profile' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { name: 'Saved cards' }).waitFor()
    await waitForHydration(page)
    await expect(page.locator('[data-saved-card]').count()).resolves.toBe(1)
    await page.getByRole('button', { name: 'Add a card' }).click()
    await page.locator('[data-add-card="ready"]').waitFor()
    await typeCard(page, '6011111111111117')
    await checkScreen(page, 'profile-add-card', SCREENSHOTS)
    await page.getByRole('button', { name: 'Save card' }).click()
    await page.locator('[data-toast="success"]').getByText('The card is saved for your next payment.').waitFor()
    await page.locator('[data-saved-card^="Discover ending 1117"]').waitFor()
    await expect(page.locator('[data-saved-card]').count()).resolves.toBe(2)
    await page.getByRole('button', { name: 'Add a card' }).waitFor()
    expect(stripe().intents().filter((intent) => intent.status === 'succeeded')).toHaveLength(3)

    await page.getByRole('link', { name: /^Remove Mastercard ending 4444/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove Card' })
    await dialog.waitFor()
    await checkScreen(page, 'profile-remove-card', SCREENSHOTS)
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await page.locator('[data-toast="success"]').getByText('The card is removed.').waitFor()
    await expect(page.locator('[data-saved-card]').count()).resolves.toBe(1)
    await checkScreen(page, 'profile-saved-cards', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test("without JavaScript the student adds a card on Stripe's page and comes back to it on My Profile", { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'student@demo.test', to: '/profile' }, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const before = await page.locator('[data-saved-card]').count()
    await page.getByRole('button', { name: 'Add a card' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('button', { name: 'Save card' }).click()
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '')
    await page.getByText('The card is saved for your next payment.').waitFor()
    await expect(page.locator('[data-saved-card]').count()).resolves.toBe(before + 1)
    await screenshotAtWidths(page, SCREENSHOTS, 'profile-card-added-nojs')
  })

  test('a donor gives an amount of their own from the campaign page and pays it in the page', { timeout: 180_000 }, async () => {
    const { page, checked } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400/] })
    await page.goto(site('/donations'))
    await page.getByRole('link', { name: /Scholarship Fund/ }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Scholarship Fund' }).waitFor()
    await waitForHydration(page)
    await page.getByLabel('If you give monthly: for how long').waitFor()
    await page.getByLabel('Other amount').check()
    await page.getByLabel('Your amount, if other').fill('lots')
    await page.getByRole('button', { name: 'Donate' }).click()
    await page.getByText('Enter an amount in numbers, like 25 or 25.50.').first().waitFor()
    await checkScreen(page, 'donate-refused', SCREENSHOTS)
    await page.getByLabel('Your amount, if other').fill('42.50')
    await page.getByRole('button', { name: 'Donate' }).click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    await page.locator('[data-cart-line="Scholarship Fund"]').waitFor()
    await expect(page.locator('[data-cart-line="Scholarship Fund"]').innerText()).resolves.toContain('One-time gift')
    await waitForHydration(page)
    await page.getByLabel('First name').fill('Dana')
    await page.getByLabel('Last name').fill('Giver')
    await page.locator('input[name="email"]').fill('dana.giver@example.test')
    await page.getByText('You pay $42.50 by card on the next page.').waitFor()
    await checkScreen(page, 'checkout-gift', SCREENSHOTS)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL(isOrder)
    await waitForCardForm(page)
    await typeCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Pay $42.50' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator('[data-order-line="Scholarship Fund"]').innerText()).resolves.toContain('One-time gift')
    checked.expectNoConsoleErrors()
  })

  describe('with a student who holds no class pass', () => {
    let postgres: DatabaseHandle | null = null
    const email = 'dina.dropin@example.test'

    afterAll(async () => {
      await postgres?.close()
    })

    /** A student of the demo studio with no membership, and a coming Evening Hatha to sign up for. */
    async function studentAndClass(): Promise<{ signupPath: string }> {
      postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
      const tenantId = await asSystem(postgres, 'test: a student without a pass', async (trx) => {
        const demo = await trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow()
        await trx.insertInto('contacts').values({ tenant_id: demo.id, email, role: 'ROLE_STUDENT', first_name: 'Dina', last_name: 'Dropin' }).execute()
        return demo.id
      })
      const now = Date.now()
      const { occurrences } = await loadPublicSchedule(postgres, tenantId, { from: new Date(now + 86_400_000), to: new Date(now + 15 * 86_400_000) })
      const hatha = occurrences.find((occurrence) => occurrence.className === 'Evening Hatha' && !occurrence.cancelled && (occurrence.spotsLeft ?? 1) > 0)
      if (!hatha) throw new Error('no coming Evening Hatha')
      return { signupPath: `/signup/${hatha.classId}/${hatha.clsStartTime}` }
    }

    test.skipIf(!process.env.DATABASE_URL)(
      'without JavaScript the student pays for one class drop-in and for a monthly gift; with it, My Donations stops the gift',
      { timeout: 240_000 },
      async () => {
        const { signupPath } = await studentAndClass()
        const { page } = await signedInPage(browser, server(), { orgId: 'demo', email, to: signupPath }, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
        await page.getByText('$20.00').first().waitFor()
        await page.getByRole('button', { name: 'Continue to checkout' }).click()
        await page.waitForURL((url) => url.pathname === '/checkout')
        await expect(page.locator('[data-cart-line="Evening Hatha"]').innerText()).resolves.toMatch(/Drop-in, \w+day, .+ at 06:30 PM/)
        await screenshotAtWidths(page, SCREENSHOTS, 'checkout-drop-in-nojs')
        await page.getByRole('button', { name: 'Continue to payment' }).click()
        await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
        await page.getByRole('button', { name: 'Pay' }).click()
        await page.waitForURL(isOrder)
        await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
        await page.getByText('Place booked').waitFor()

        // A monthly gift for a year, paid on the hosted page.
        await page.goto(site('/donations'))
        await page.getByRole('link', { name: /Scholarship Fund/ }).first().click()
        await page.getByRole('heading', { level: 1, name: 'Scholarship Fund' }).waitFor()
        await page.getByLabel('Monthly', { exact: true }).check()
        await page.getByLabel('If you give monthly: for how long').selectOption('1')
        await page.getByRole('button', { name: 'Donate' }).click()
        await page.waitForURL((url) => url.pathname === '/checkout')
        await expect(page.locator('[data-cart-line="Scholarship Fund"]').innerText()).resolves.toContain('Monthly gift')
        await page.getByText('Then $10.00 / month').waitFor()
        await page.getByRole('button', { name: 'Continue to payment' }).click()
        await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
        await page.getByRole('button', { name: 'Pay' }).click()
        await page.waitForURL(isOrder)
        await page.getByText(/Your next gift is on .+, and the card ending 4242 is charged then\./).waitFor()

        const signedIn = await signedInPage(browser, server(), { orgId: 'demo', email, to: '/mydonation' }, { viewport: { width: 1280, height: 900 } })
        const donations = signedIn.page
        await donations.locator('[data-repeating-gift="Scholarship Fund"]').waitFor()
        await waitForHydration(donations)
        await checkScreen(donations, 'my-donations-repeating', SCREENSHOTS)
        await donations.getByRole('link', { name: 'Stop giving' }).click()
        const dialog = donations.getByRole('dialog', { name: 'Stop Giving' })
        await dialog.waitFor()
        await dialog.getByRole('button', { name: 'Yes' }).click()
        await donations.getByText(/^Monthly gift ends on .+\. Nothing more will be charged\.$/).first().waitFor()
        await donations.getByRole('button', { name: 'Keep giving' }).waitFor()
        signedIn.checked.expectNoConsoleErrors()
      },
    )
  })
})
