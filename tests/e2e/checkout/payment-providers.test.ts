import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { openDatabase } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { clearTenantCaches } from '#tests/e2e/support/cache'
import { useServerWithFakeKeyProviders } from '#tests/e2e/support/fake-key-providers-server'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'

/**
 * The payment providers beside Stripe, as people use them: an administrator sets up Razorpay
 * and PhonePe with keys copied from their dashboards (here the fakes' own keys), is refused
 * PaymentSpring's test keys with test mode off, disconnects and reconnects PhonePe and chooses
 * which provider checkout uses; visitors then buy the mat on Razorpay's hosted checkout (with and
 * without JavaScript) and on PhonePe's pay page.
 *
 * The tests share one server and run in order: the first saves Razorpay's keys, the second
 * PhonePe's and hands checkout back to Razorpay, the third buys through Razorpay, the last
 * through PhonePe.
 */

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const PROVIDERS = '/settings/integrations/paymentprovider'
/** Seeded merchandise (db/seed-catalog-data.ts): $68.00, in stock; the demo's tax is 0 %. */
const MAT = { name: 'Organic Cotton Yoga Mat', slug: 'organic-cotton-yoga-mat', page: '/merchandise/details/organic-cotton-yoga-mat' }
const NOTHING_SET_UP = 'No payment provider is set up: checkout takes only what costs nothing. Choose one below.'
/** A refused Save answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/
const viewport = { width: 1280, height: 900 }

const { server, razorpay, phonePe, paymentSpring } = useServerWithFakeKeyProviders()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const isChooser = (url: URL) => url.pathname === PROVIDERS && url.search === ''
const isKeyForm = (code: 1 | 3 | 4) => (url: URL) => url.pathname === PROVIDERS && url.searchParams.get('provider') === String(code)
const isCheckout = (url: URL) => url.pathname === '/checkout'
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
/** One provider's card on the chooser: a region named by its h2 ('Razorpay', then any badge). */
const card = (page: Page, name: 'Nelnet' | 'Stripe' | 'Razorpay' | 'PhonePe') => page.getByRole('region', { name: new RegExp(`^${name}\\b`) })
const cardHeadings = (page: Page) => page.locator('[data-provider-card] h2').allInnerTexts()
const usedByCheckout = (region: Locator) => region.getByText('Used by checkout', { exact: true })
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true })
/** A key form's field by its label, which a required field follows with its '*' (hidden from screen readers, not from the label's text). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const testMode = (page: Page) => page.getByRole('checkbox', { name: /^Test mode/ })
const fieldError = (page: Page, message: string) => page.getByText(message, { exact: true })
const providerStatus = (page: Page) => page.locator('[data-provider-status]')

/** Waits out a success toast (it leaves by itself), so every screenshot of a screen is alike. */
async function toastGone(page: Page, text: string): Promise<void> {
  await toast(page, text).waitFor({ state: 'detached' })
}

/**
 * checkScreen of a page opened without JavaScript. axe runs in the page, and where scripts are
 * off its timers never fire (it waits for ever); so the page's HTML as the visitor has it, less
 * its scripts, is served again at its own origin (its styles load as before) in a page with
 * scripts on, and checked there.
 */
async function checkScreenWithoutJavaScript(page: Page, name: string): Promise<void> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  const { page: copy } = await browser.newPage({ viewport })
  const address = `${new URL(page.url()).origin}/__e2e-copy-of-a-page-without-javascript`
  await copy.route(address, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
  await copy.goto(address)
  await checkScreen(copy, name, SCREENSHOTS)
  await copy.close()
}

/** Opens the mat's page, presses Buy and fills the buyer; resolves on /checkout with the pay hint. */
async function buyMat(page: Page, buyer: { firstName: string; email: string }, options: { hydrate: boolean; hint: string }): Promise<void> {
  await page.goto(site(MAT.page))
  await page.getByRole('heading', { level: 1, name: MAT.name }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT.name}` }).click()
  await page.waitForURL(isCheckout)
  await page.locator(`[data-cart-line="${MAT.name}"]`).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.getByLabel('First name').fill(buyer.firstName)
  await page.getByLabel('Last name').fill('Raman')
  await page.getByLabel('Email').fill(buyer.email)
  await page.getByText(options.hint, { exact: true }).waitFor()
}

/** On the order page the provider sent the buyer back to: placed and paid. */
async function expectPaidOrder(page: Page): Promise<string> {
  await page.waitForURL(isOrder)
  await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
  await expect(page.locator(`[data-order-line="${MAT.name}"]`).innerText()).resolves.toContain(MAT.name)
  await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
  return new URL(page.url()).pathname.split('/').at(-1) ?? ''
}

/** On Razorpay's hosted checkout (the fake's): Pay, then back to the studio with the signed return. */
async function payOnRazorpay(page: Page): Promise<void> {
  await page.waitForURL((url) => url.origin === razorpay().url && url.pathname === '/v1/checkout/embedded')
  await page.getByRole('heading', { level: 1, name: 'Pay Demo Yoga Studio' }).waitFor()
  await page.getByText('Amount: $68.00').waitFor()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Payment successful' }).waitFor()
  await page.getByRole('button', { name: 'Return to the merchant' }).click()
}

describe('payment providers with keys: Razorpay, PhonePe and PaymentSpring', () => {
  test('an admin sets up Razorpay: an empty Save is refused field by field, the test keys with test mode on are saved and checkout uses Razorpay; the secret never comes back', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PROVIDERS }, { viewport, allowConsoleErrors: [refusedPost] })
    await page.getByRole('heading', { level: 1, name: 'Payment providers' }).waitFor()
    await waitForHydration(page)
    await page.getByText(NOTHING_SET_UP, { exact: true }).waitFor()
    expect(await cardHeadings(page)).toEqual(['Nelnet', 'Stripe', 'Razorpay', 'PhonePe'])
    await card(page, 'Nelnet').getByText('USD only; ACH 0.80%; card 2.9% plus 30 cents').waitFor()
    await card(page, 'Razorpay').getByText('INR, from 2%').waitFor()
    await card(page, 'PhonePe').getByText('UPI 0%, wallet 0.84%, gift card 0.84%').waitFor()
    await card(page, 'Nelnet').getByRole('link', { name: 'Set up PaymentSpring' }).waitFor()
    await card(page, 'PhonePe').getByRole('link', { name: 'Set up PhonePe' }).waitFor()
    await expect(page.getByText('Used by checkout', { exact: true }).count()).resolves.toBe(0)
    await checkScreen(page, 'payment-providers-chooser', SCREENSHOTS)

    await card(page, 'Razorpay').getByRole('link', { name: 'Set up Razorpay' }).click()
    await page.waitForURL(isKeyForm(3))
    await page.getByRole('heading', { level: 1, name: 'Razorpay' }).waitFor()
    await expect.poll(() => testMode(page).isChecked()).toBe(false)
    // Live mode by default: an empty form misses the live key id and secret.
    await saveButton(page).click()
    await fieldError(page, 'Key Id is required.').waitFor()
    await fieldError(page, 'Key Secret is required.').waitFor()
    await expect(field(page, 'Key Id').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(field(page, 'Key Secret').getAttribute('aria-invalid')).resolves.toBe('true')
    expect(isKeyForm(3)(new URL(page.url())), 'the refusal stays on the form').toBe(true)
    await checkScreen(page, 'razorpay-keys-refused', SCREENSHOTS)

    await field(page, 'Test Key Id').fill(razorpay().keyId)
    await field(page, 'Test Key Secret').fill(razorpay().keySecret)
    await testMode(page).check()
    await saveButton(page).click()
    await page.waitForURL(isChooser)
    await toast(page, 'Razorpay keys saved: checkout takes payments through Razorpay.').waitFor()
    await page.getByText('Checkout takes payments through Razorpay.', { exact: true }).waitFor()
    await usedByCheckout(card(page, 'Razorpay')).waitFor()
    await card(page, 'Razorpay').getByLabel('Integrated').waitFor()
    await card(page, 'Razorpay').getByRole('link', { name: 'Edit Razorpay keys' }).waitFor()
    // The provider in use has no 'Use … for checkout' button, and nothing else is integrated.
    await expect(page.getByRole('button', { name: /^Use .* for checkout$/ }).count()).resolves.toBe(0)
    expect(await page.content(), 'the chooser never holds the key secret').not.toContain(razorpay().keySecret)
    await toastGone(page, 'Razorpay keys saved: checkout takes payments through Razorpay.')
    await checkScreen(page, 'payment-providers-razorpay', SCREENSHOTS)

    // The saved keys: the key id shown back, the secret kept but never sent into the page.
    await card(page, 'Razorpay').getByRole('link', { name: 'Edit Razorpay keys' }).click()
    await page.waitForURL(isKeyForm(3))
    await expect(providerStatus(page).innerText()).resolves.toBe('Connected in test mode. Checkout takes payments through it.')
    await expect(field(page, 'Test Key Id').inputValue()).resolves.toBe(razorpay().keyId)
    await expect(field(page, 'Test Key Secret').inputValue()).resolves.toBe('')
    await page.getByText('Saved. Leave blank to keep it, or paste a new one.').waitFor()
    await expect.poll(() => testMode(page).isChecked()).toBe(true)
    expect(await page.content(), 'the key form never holds the key secret').not.toContain(razorpay().keySecret)
    await page.getByRole('link', { name: 'Cancel' }).click()
    await page.waitForURL(isChooser)
    await page.getByText('Checkout takes payments through Razorpay.', { exact: true }).waitFor()
    checked.expectNoConsoleErrors()
  })

  test("an admin is refused PaymentSpring's test keys with test mode off, sets up PhonePe after its three messages, disconnects and reconnects it, and gives checkout back to Razorpay", { timeout: 240_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PROVIDERS }, { viewport, allowConsoleErrors: [refusedPost] })
    await page.getByRole('heading', { level: 1, name: 'Payment providers' }).waitFor()
    await waitForHydration(page)

    // PaymentSpring (Nelnet's card): test keys only, test mode off.
    await card(page, 'Nelnet').getByRole('link', { name: 'Set up PaymentSpring' }).click()
    await page.waitForURL(isKeyForm(1))
    await page.getByRole('heading', { level: 1, name: 'Nelnet' }).waitFor()
    for (const label of ['Public Key', 'Private Key', 'Test Public Key', 'Test Private Key']) await field(page, label).waitFor()
    await field(page, 'Test Public Key').fill('sbx_pub_1234')
    await field(page, 'Test Private Key').fill('sbx_prv_5678')
    await expect.poll(() => testMode(page).isChecked()).toBe(false)
    const [refusal] = await Promise.all([
      // With JavaScript Remix posts to the route's .data address.
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === PROVIDERS),
      saveButton(page).click(),
    ])
    expect(refusal.status()).toBe(400)
    const testModeAlert = page.getByRole('alert').filter({ hasText: 'Test mode should be on' })
    await testModeAlert.waitFor()
    await expect(testModeAlert.innerText()).resolves.toBe('Test mode should be on')
    await expect(field(page, 'Test Public Key').inputValue()).resolves.toBe('sbx_pub_1234')
    expect(await page.content(), 'the private key is not in the page').not.toContain('sbx_prv_5678')
    await checkScreen(page, 'paymentspring-test-mode-refused', SCREENSHOTS)
    await page.getByRole('link', { name: 'Cancel' }).click()
    await page.waitForURL(isChooser)
    // Nothing was saved.
    await card(page, 'Nelnet').getByRole('link', { name: 'Set up PaymentSpring' }).waitFor()

    // PhonePe: an empty form is held by the browser (its three fields are required) ...
    await card(page, 'PhonePe').getByRole('link', { name: 'Set up PhonePe' }).click()
    await page.waitForURL(isKeyForm(4))
    await page.getByRole('heading', { level: 1, name: 'PhonePe' }).waitFor()
    await waitForHydration(page)
    await saveButton(page).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('keys-merchantId')
    await expect(field(page, 'Merchant Id').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).resolves.toBe(true)
    // ... and spaces, which pass the browser, are refused by the server with each field's message.
    for (const label of ['Merchant Id', 'Salt Key', 'Salt Index']) await field(page, label).fill('   ')
    await saveButton(page).click()
    for (const message of ['Merchant Id is required.', 'Salt Key is required.', 'Salt Index is required.']) await fieldError(page, message).waitFor()
    for (const label of ['Merchant Id', 'Salt Key', 'Salt Index']) await expect(field(page, label).getAttribute('aria-invalid'), label).resolves.toBe('true')
    await checkScreen(page, 'phonepe-keys-refused', SCREENSHOTS)

    await field(page, 'Merchant Id').fill(phonePe().merchantId)
    await field(page, 'Salt Key').fill(phonePe().saltKey)
    await field(page, 'Salt Index').fill(phonePe().saltIndex)
    await testMode(page).check()
    await saveButton(page).click()
    await page.waitForURL(isChooser)
    await toast(page, 'PhonePe keys saved: checkout takes payments through PhonePe.').waitFor()
    await page.getByText('Checkout takes payments through PhonePe.', { exact: true }).waitFor()
    await usedByCheckout(card(page, 'PhonePe')).waitFor()
    await expect(usedByCheckout(card(page, 'Razorpay')).count()).resolves.toBe(0)
    await card(page, 'Razorpay').getByRole('button', { name: 'Use Razorpay for checkout' }).waitFor()
    expect(await page.content(), 'the chooser never holds the salt key').not.toContain(phonePe().saltKey)

    // Disconnect asks first, then Reconnect brings it back.
    await card(page, 'PhonePe').getByRole('link', { name: 'Edit PhonePe keys' }).click()
    await page.waitForURL(isKeyForm(4))
    await expect(providerStatus(page).innerText()).resolves.toBe('Connected in test mode. Checkout takes payments through it.')
    await expect(field(page, 'Merchant Id').inputValue()).resolves.toBe(phonePe().merchantId)
    expect(await page.content(), 'the key form never holds the salt key').not.toContain(phonePe().saltKey)
    await toastGone(page, 'PhonePe keys saved: checkout takes payments through PhonePe.')
    await checkScreen(page, 'phonepe-connected', SCREENSHOTS)
    await page.locator('summary').filter({ hasText: 'Disconnect' }).click()
    await page.getByText('Checkout will stop taking payments through PhonePe. Are you sure?').waitFor()
    await page.getByRole('button', { name: 'Yes, disconnect' }).click()
    await toast(page, 'PhonePe is disconnected.').waitFor()
    await expect(providerStatus(page).innerText()).resolves.toBe('Disconnected in test mode. Checkout does not use PhonePe until you reconnect.')
    expect(isKeyForm(4)(new URL(page.url()))).toBe(true)
    await page.getByRole('button', { name: 'Reconnect' }).click()
    await toast(page, 'PhonePe is reconnected: checkout takes payments through PhonePe.').waitFor()
    await expect(providerStatus(page).innerText()).resolves.toBe('Connected in test mode. Checkout takes payments through it.')

    // Two providers set up: the admin chooses Razorpay for checkout.
    await page.getByRole('link', { name: 'Back', exact: true }).click()
    await page.waitForURL(isChooser)
    await page.getByText('Checkout takes payments through PhonePe.', { exact: true }).waitFor()
    await card(page, 'Razorpay').getByRole('button', { name: 'Use Razorpay for checkout' }).click()
    await toast(page, 'Checkout now takes payments through Razorpay.').waitFor()
    await page.getByText('Checkout takes payments through Razorpay.', { exact: true }).waitFor()
    await usedByCheckout(card(page, 'Razorpay')).waitFor()
    await card(page, 'PhonePe').getByRole('button', { name: 'Use PhonePe for checkout' }).waitFor()
    await expect(card(page, 'Razorpay').getByRole('button', { name: 'Use Razorpay for checkout' }).count()).resolves.toBe(0)
    await toastGone(page, 'Checkout now takes payments through Razorpay.')
    await checkScreen(page, 'payment-providers-two', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test("visitors buy the mat through Razorpay's hosted checkout: without JavaScript by pressing Continue to Razorpay, with it straight away", { timeout: 240_000 }, async () => {
    const hint = 'You pay $68.00 on Razorpay’s secure page next, and come back here.'

    const noScript = await browser.newPage({ javaScriptEnabled: false, viewport })
    await buyMat(noScript.page, { firstName: 'Ines', email: 'ines.razorpay.nojs@example.test' }, { hydrate: false, hint })
    await noScript.page.getByRole('button', { name: 'Continue to payment' }).click()
    await noScript.page.getByRole('heading', { level: 2, name: 'Your order is placed: one step to pay' }).waitFor()
    expect(isCheckout(new URL(noScript.page.url()))).toBe(true)
    await noScript.page.getByText('You pay $68.00 on Razorpay’s secure page and come back here when it is done.').waitFor()
    await noScript.page.getByRole('link', { name: 'See your order' }).waitFor()
    expect(await noScript.page.content(), 'the form to Razorpay names the key id, never the secret').not.toContain(razorpay().keySecret)
    await checkScreenWithoutJavaScript(noScript.page, 'razorpay-one-step-to-pay-nojs')
    await noScript.page.getByRole('button', { name: 'Continue to Razorpay' }).click()
    await payOnRazorpay(noScript.page)
    const firstOrder = await expectPaidOrder(noScript.page)
    await expect(noScript.page.evaluate(() => '__remixRouter' in window), 'the order page ran no script').resolves.toBe(false)
    await screenshotAtWidths(noScript.page, SCREENSHOTS, 'razorpay-order-paid-nojs')

    const { page, checked } = await browser.newPage({ viewport })
    await buyMat(page, { firstName: 'Ada', email: 'ada.razorpay.js@example.test' }, { hydrate: true, hint })
    await toastGone(page, `${MAT.name} is in your cart.`)
    await checkScreen(page, 'checkout-razorpay-total', SCREENSHOTS)
    // The order is placed and its form to Razorpay goes at once.
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await payOnRazorpay(page)
    const secondOrder = await expectPaidOrder(page)
    expect(secondOrder).not.toBe(firstOrder)
    await waitForHydration(page)
    await checkScreen(page, 'razorpay-order-paid', SCREENSHOTS)

    const paid = razorpay().orders().filter((order) => order.status === 'paid')
    expect(paid.map((order) => [order.receipt, order.amount, order.currency])).toEqual([
      [`inv-${firstOrder}`, 6800, 'USD'],
      [`inv-${secondOrder}`, 6800, 'USD'],
    ])
    checked.expectNoConsoleErrors()
  })

  // The mat is priced in dollars and PhonePe takes rupees only: the test prices it in rupees in
  // the server's own database, which this process can reach on Postgres only (PGlite admits one
  // process, and no screen changes a price's currency).
  test.skipIf(!process.env.DATABASE_URL)("a visitor buys the mat in rupees on PhonePe's pay page and comes back through the confirm address to the paid order", { timeout: 240_000 }, async () => {
    const database = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
    const setMatCurrency = async (currency: string) => {
      await asSystem(database, 'e2e: the mat priced in another currency', async (trx) => {
        const tenant = await trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow()
        const item = await trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', tenant.id).where('slug', '=', MAT.slug).executeTakeFirstOrThrow()
        await trx.updateTable('item_price_options').set({ currency }).where('item_id', '=', item.id).execute()
      })
      // The change is declared to the server's caches, as staff would with the cache-clear sequence.
      await clearTenantCaches(server(), demoHost())
    }
    try {
      await setMatCurrency('INR')
      const admin = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: PROVIDERS }, { viewport })
      await admin.page.getByRole('heading', { level: 1, name: 'Payment providers' }).waitFor()
      await waitForHydration(admin.page)
      await card(admin.page, 'PhonePe').getByRole('button', { name: 'Use PhonePe for checkout' }).click()
      await toast(admin.page, 'Checkout now takes payments through PhonePe.').waitFor()
      await admin.page.getByText('Checkout takes payments through PhonePe.', { exact: true }).waitFor()
      admin.checked.expectNoConsoleErrors()

      // PhonePe's server-to-server callback is held: the buyer's return through the confirm address settles the payment.
      phonePe().holdCallbacks(true)
      const { page, checked } = await browser.newPage({ viewport })
      await buyMat(page, { firstName: 'Priya', email: 'priya.phonepe@example.test' }, { hydrate: true, hint: 'You pay ₹68.00 on PhonePe’s secure page next, and come back here.' })
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL((url) => url.origin === phonePe().url && url.pathname.startsWith('/pay-page/'))
      await page.getByRole('heading', { level: 1, name: 'Pay ₹68.00' }).waitFor()
      const [confirm] = await Promise.all([
        page.waitForRequest((request) => /^\/item\/phonepe\/[0-9a-f-]{36}\/confirm\/[^/]+$/.test(new URL(request.url()).pathname)),
        page.getByRole('button', { name: 'Pay', exact: true }).click(),
      ])
      expect(new URL(confirm.url()).host).toBe(demoHost())
      const orderGuid = await expectPaidOrder(page)
      await waitForHydration(page)
      await checkScreen(page, 'phonepe-order-paid', SCREENSHOTS)

      const [transaction] = phonePe().transactions()
      expect(transaction).toMatchObject({ merchantId: phonePe().merchantId, amount: 6800, state: 'COMPLETED' })
      expect(new URL(confirm.url()).pathname).toBe(new URL(transaction?.redirectUrl ?? 'http://x/').pathname)
      expect(phonePe().heldCallbacks(), 'the callback was held, never delivered').toHaveLength(1)
      expect(orderGuid).toMatch(/^[0-9a-f-]{36}$/)
      checked.expectNoConsoleErrors()
    } finally {
      phonePe().holdCallbacks(false)
      await setMatCurrency('USD')
      await database.close()
    }
  })

  test("a student pays by card on the studio's own PaymentSpring form, keeps the card, and next time pays with it: the new-card fields stay read-only until None/other", { timeout: 240_000 }, async () => {
    const admin = await signedInPage(browser, server(), { orgId: 'demo', email: ADMIN, to: `${PROVIDERS}?provider=1` }, { viewport })
    await admin.page.getByRole('heading', { level: 1, name: 'Nelnet' }).waitFor()
    await waitForHydration(admin.page)
    await field(admin.page, 'Public Key').fill(paymentSpring().publicKey)
    await field(admin.page, 'Private Key').fill(paymentSpring().privateKey)
    if (await testMode(admin.page).isChecked()) await testMode(admin.page).uncheck()
    await saveButton(admin.page).click()
    await admin.page.waitForURL(isChooser)
    await admin.page.getByText('Checkout takes payments through PaymentSpring.', { exact: true }).waitFor()
    admin.checked.expectNoConsoleErrors()

    // A card PaymentSpring refuses answers 422 to the browser's token request, which it reports as a console error.
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'student@demo.test', to: MAT.page }, { viewport, allowConsoleErrors: [/status of 422/] })
    // Everything the page sends to our server, to show the card number never reaches it.
    const sentToUs: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin === new URL(site('/')).origin && request.method() === 'POST') sentToUs.push(request.postData() ?? '')
    })
    const buyAndOpenPayPage = async () => {
      await page.goto(site(MAT.page))
      await page.getByRole('heading', { level: 1, name: MAT.name }).waitFor()
      await waitForHydration(page)
      await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT.name}` }).click()
      await page.waitForURL(isCheckout)
      await page.locator(`[data-cart-line="${MAT.name}"]`).waitFor()
      await waitForHydration(page)
      await page.getByText('You pay $68.00 by card or from your bank account on the next page.', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL((url) => /^\/checkout\/orders\/[0-9a-f-]{36}\/pay$/.test(url.pathname))
      await page.getByRole('heading', { level: 1, name: /^Pay for order / }).waitFor()
      await waitForHydration(page)
    }

    await buyAndOpenPayPage()
    await checkScreen(page, 'paymentspring-pay', SCREENSHOTS)
    const cardForm = page.locator('form[data-pay-form="card"]')
    await cardForm.getByLabel(/^Name on card/).fill('Stella Student')
    await cardForm.getByLabel(/^Month/).selectOption('08')
    const year = String(new Date().getUTCFullYear() + 2)
    await cardForm.getByLabel(/^Year/).selectOption(year)
    await cardForm.getByLabel(/^CVV/).fill('123')
    // The browser checks the fields with the server's rules before anything leaves it.
    await cardForm.getByLabel(/^Card number/).fill('4111 1111')
    await cardForm.getByRole('button', { name: 'Pay $68.00 by card' }).click()
    await cardForm.getByText('Enter the card number as it is on the card: 13 to 19 digits.', { exact: true }).waitFor()
    await cardForm.getByText('Please correct the fields marked below.', { exact: true }).waitFor()
    // A number PaymentSpring refuses: its words under the form, and nothing posted to us.
    await cardForm.getByLabel(/^Card number/).fill('4111 1111 1111 1112')
    await cardForm.getByRole('button', { name: 'Pay $68.00 by card' }).click()
    await cardForm.getByRole('alert').filter({ hasText: 'Card number is invalid' }).waitFor()
    await cardForm.getByLabel(/^Card number/).fill('4111 1111 1111 1111')
    await cardForm.getByRole('checkbox', { name: 'Save for my next payment' }).check()
    await cardForm.getByRole('button', { name: 'Pay $68.00 by card' }).click()
    await expectPaidOrder(page)
    // The tokens were made by the browser (a cross-origin call from the studio's page, preflighted), none by our server.
    const tokenCalls = paymentSpring().requests().filter((request) => request.path === '/api/v1/tokens')
    expect(tokenCalls.filter((request) => request.method === 'POST').map((request) => [request.headers.origin, request.status])).toEqual([
      [new URL(site('/')).origin, 422],
      [new URL(site('/')).origin, 200],
    ])
    expect(tokenCalls.some((request) => request.method === 'OPTIONS')).toBe(true)
    expect(paymentSpring().transactions()).toHaveLength(1)
    expect(sentToUs.length).toBeGreaterThan(0)
    expect(sentToUs.some((sent) => sent.includes('paymentToken'))).toBe(true)
    expect(sentToUs.filter((sent) => /4111|csc|cardNumber|cardExp/.test(sent))).toEqual([])

    await buyAndOpenPayPage()
    const kept = cardForm.getByRole('radio', { name: `Visa ending 1111, expires 08/${year}` })
    await expect.poll(() => kept.isChecked()).toBe(true)
    await expect(cardForm.getByLabel(/^Card number/).getAttribute('readonly')).resolves.not.toBeNull()
    await checkScreen(page, 'paymentspring-pay-saved-card', SCREENSHOTS)
    await cardForm.getByRole('radio', { name: 'None/other' }).check()
    await expect.poll(() => cardForm.getByLabel(/^Card number/).getAttribute('readonly')).toBeNull()
    await kept.check()
    await cardForm.getByRole('button', { name: 'Pay $68.00 by card' }).click()
    await expectPaidOrder(page)
    const [customer] = paymentSpring().customers()
    expect(paymentSpring().transactions().map((transaction) => transaction.customerId)).toEqual([customer?.id, customer?.id])

    // In Turkish the form reads in Turkish, and so do the checks the browser makes before a token is asked for.
    await buyAndOpenPayPage()
    await page.context().addCookies([{ name: 'lng', value: 'tr', url: site('/') }])
    await page.reload()
    await page.getByRole('heading', { level: 1, name: /numaralı siparişin ödemesi$/ }).waitFor()
    await waitForHydration(page)
    // The expiry row's controls line up, though 'Posta kodu (isteğe bağlı)' takes two lines at 1280 px.
    const controlTops = await Promise.all(['#cardExpMonth', '#cardExpYear', '#csc', '#zip'].map(async (id) => Math.round((await cardForm.locator(id).boundingBox())?.y ?? -1)))
    expect(new Set(controlTops).size, `the row's controls start at ${controlTops.join(', ')}`).toBe(1)
    await cardForm.getByRole('radio', { name: 'Hiçbiri/başka' }).check()
    await expect.poll(() => cardForm.getByLabel(/^Kart numarası/).getAttribute('readonly')).toBeNull()
    await cardForm.getByLabel(/^Kart numarası/).fill('4111 1111')
    await cardForm.getByRole('button', { name: '$68,00 tutarını kartla öde' }).click()
    await cardForm.getByText('Kart numarasını kartın üzerinde yazdığı gibi girin: 13 ile 19 hane.', { exact: true }).waitFor()
    await cardForm.getByText('Lütfen aşağıda işaretlenen alanları düzeltin.', { exact: true }).waitFor()
    await cardForm.getByText('Ad zorunludur!', { exact: true }).waitFor()
    await checkScreen(page, 'paymentspring-pay-turkish', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })
})
