import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { connectDemoStripe, useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'

/**
 * A recurring membership bought online and then stopped, end to end: the demo student buys it
 * with JavaScript and pays in the order page (the card is kept for the later periods and becomes
 * the membership's card), sees its next payment and card on My Store, cancels it at period end
 * and keeps it again (with JavaScript, and once without), and staff cancel it at once from the
 * student's profile.
 *
 * The demo's own recurring option, Class Passes' Monthly Unlimited, starts with a 7-day trial:
 * nothing is due at checkout, so the order page asks for the card instead. So the file adds a
 * membership whose first month is paid at checkout, and a week-free option of it for the order
 * page's card (the last test), through the staff editor's own post (PGlite
 * admits one process, and the editor's save tells the caches the catalog changed), after
 * connecting the demo studio's Stripe account to the fake one.
 */

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
/** The demo seed's student (db/seed-data.ts). */
const STUDENT = { email: 'student@demo.test', name: 'Stella Student', search: 'stella' }
/** Added by this file's beforeAll: $129.00 a month, the first month paid at checkout, no trial. */
const PLAN = { name: 'Unlimited Membership', slug: 'unlimited-membership', option: 'Monthly Unlimited, no trial', price: '$129.00' }
/** A second option of the plan: a week free, so nothing is paid at checkout and the order page asks for the card. */
const TRIAL_OPTION = 'Monthly Unlimited, a week free'

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const isCheckout = (url: URL) => url.pathname === '/checkout'
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)
const isStore = (url: URL) => url.pathname === '/store' && url.search === ''
const isProfile = (url: URL) => /^\/contacts\/[0-9a-f-]{36}\/detail$/.test(url.pathname)
const isProfileTab = (url: URL) => isProfile(url) && url.searchParams.get('tab') === 'memberships' && !url.searchParams.has('stopMembership')

let adminCookie = ''
/** The membership's guid and its option's, as the Buy form of an item posts them. */
let planGuids = { item: '', option: '', trial: '' }
let postgres: DatabaseHandle | null = null

beforeAll(async () => {
  adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: ADMIN })}`
  const port = server().port

  // The demo studio connects its Stripe account through /oauth/stripe: priced options sell online.
  await connectDemoStripe({ server: server(), stripe: stripe(), adminCookie })

  const body = new URLSearchParams({
    name: PLAN.name,
    slug: PLAN.slug,
    summary: 'Every class, every month.',
    isPublished: 'on',
    'priceOptions[0].guId': '',
    'priceOptions[0].name': PLAN.option,
    'priceOptions[0].price': '129',
    'priceOptions[0].qty': '1',
    'priceOptions[0].membershipDetails.membershipType': 'recurring',
    'priceOptions[0].frequency': 'monthly',
    'priceOptions[1].guId': '',
    'priceOptions[1].name': TRIAL_OPTION,
    'priceOptions[1].price': '129',
    'priceOptions[1].qty': '1',
    'priceOptions[1].membershipDetails.membershipType': 'recurring',
    'priceOptions[1].frequency': 'monthly',
    'priceOptions[1].trialPeriod': 'on',
    'priceOptions[1].trialDuration': '7',
    'priceOptions[1].trialDurationUnit': 'days',
  }).toString()
  const saved = await send(port, '/memberships/new', { host: demoHost(), method: 'POST', cookie: adminCookie, body })
  const location = String(saved.headers.location ?? '')
  const item = /^\/memberships\/([0-9a-f-]{36})$/.exec(location)?.[1]
  if (saved.status !== 302 || !item) throw new Error(`adding ${PLAN.name} answered ${saved.status} ${location}\n${saved.body.slice(0, 2000)}`)
  // The editor names the saved option by its guid in a hidden field.
  const editor = await send(port, location, { host: demoHost(), cookie: adminCookie })
  const field = /<input[^>]*name="priceOptions\[0\]\.guId"[^>]*>/.exec(editor.body)?.[0] ?? ''
  const option = /value="([0-9a-f-]{36})"/.exec(field)?.[1]
  const trialField = /<input[^>]*name="priceOptions\[1\]\.guId"[^>]*>/.exec(editor.body)?.[0] ?? ''
  const trial = /value="([0-9a-f-]{36})"/.exec(trialField)?.[1]
  if (!option || !trial) throw new Error(`no saved option guids on the editor of ${PLAN.name}: ${editor.status} ${String(editor.headers.location ?? '')}`)
  planGuids = { item, option, trial }
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})

afterAll(async () => {
  await postgres?.close()
})

/** Types a card into the Payment Element (Stripe.js's stand-in renders its fields in the page). */
async function typeCard(page: Page, number: string): Promise<void> {
  const element = page.locator('[data-payment-element]')
  await element.getByLabel('Card number').fill(number)
  await element.getByLabel('Expiration date').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`)
  await element.getByLabel('Security code').fill('123')
}

/**
 * Puts the plan's monthly option in the cart as an item's Buy form does: a form posting
 * intent=add, the item and its option to /checkout, submitted from a page of the studio's site
 * (memberships have no public page of their own). Resolves on /checkout with the line.
 */
async function addPlanToCart(page: Page, option = planGuids.option): Promise<void> {
  await page.evaluate(
    (fields) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = '/checkout'
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { intent: 'add', item: planGuids.item, priceOption: option, quantity: '1' },
  )
  await page.waitForURL(isCheckout)
  await page.locator(`[data-cart-line="${PLAN.name}"]`).waitFor()
}

const toast = (page: Page, type: 'success' | 'error') => page.locator(`[data-toast="${type}"]`)
/** The plan's card on My Store. */
const storeCard = (page: Page): Locator => page.locator(`[data-membership="${PLAN.option}"]`)
const billing = (page: Page): Locator => page.locator(`[data-membership-billing="${PLAN.option}"]`)
const stopDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Cancel Membership' })

/** The student's memberships of the plan as stored, with their kept card's last digits (Postgres only). */
async function storedMemberships(): Promise<Array<{ status: string; cancelAtPeriodEnd: boolean; last4: string | null }>> {
  if (!postgres) return []
  const rows = await asSystem(postgres, 'e2e: the student memberships of the plan', (trx) =>
    trx
      .selectFrom('contact_memberships')
      .innerJoin('contacts', 'contacts.id', 'contact_memberships.contact_id')
      .innerJoin('tenants', 'tenants.id', 'contact_memberships.tenant_id')
      .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
      .select(['contact_memberships.status', 'contact_memberships.cancel_at_period_end', 'saved_payment_methods.last4'])
      .where('tenants.org_id', '=', 'demo')
      .where('contacts.email', '=', STUDENT.email)
      .where('contact_memberships.name', '=', PLAN.option)
      .execute(),
  )
  return rows.map((row) => ({ status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end, last4: row.last4 }))
}

describe('a recurring membership sold online', () => {
  test('with JavaScript the student buys the membership, pays in the order page, and My Store shows its next payment and the kept card', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: STUDENT.email, to: '/store' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
    await addPlanToCart(page)
    await toast(page, 'success').getByText(`${PLAN.name} is in your cart.`).waitFor()
    await waitForHydration(page)
    await page.getByLabel('First name').fill('Stella')
    await page.getByLabel('Last name').fill('Student')
    await page.getByText(`You pay ${PLAN.price} by card on the next page.`).waitFor()
    await checkScreen(page, 'membership-checkout', SCREENSHOTS)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Your order is waiting for its payment' }).waitFor()
    await page.locator('[data-stripe-payment-form="ready"]').waitFor()
    // The card is kept for the later periods whatever is ticked: the note says so, there is no box.
    await expect(page.locator('[data-membership-card-note]').innerText()).resolves.toBe("This card is kept for your membership's later payments. You can change it on My Profile.")
    await expect(page.getByLabel('Save for my next payment').count()).resolves.toBe(0)
    await checkScreen(page, 'membership-order-pending', SCREENSHOTS)
    await typeCard(page, '4242424242424242')
    await page.getByRole('button', { name: `Pay ${PLAN.price}` }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    // The page settled the returned intent and kept its card before it was drawn: it names the card that renews it.
    await expect(page.locator('[data-renewal]').innerText()).resolves.toContain('the card ending 4242')
    await waitForHydration(page)
    await checkScreen(page, 'membership-order-paid', SCREENSHOTS)
    // One intent, paid once on the studio's account, that keeps its card on a customer for off-session charges.
    const intents = stripe().intents()
    expect(intents.map((intent) => [intent.account, intent.status, intent.setup_future_usage, intent.customer !== null])).toEqual([['acct_demo_studio', 'succeeded', 'off_session', true]])

    // The kept card is the membership's card.
    if (postgres) await expect.poll(storedMemberships).toEqual([{ status: 'active', cancelAtPeriodEnd: false, last4: '4242' }])

    await page.goto(site('/store'))
    await page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
    await waitForHydration(page)
    await expect(storeCard(page).getByRole('heading', { name: PLAN.option }).isVisible()).resolves.toBe(true)
    await expect(billing(page).innerText()).resolves.toMatch(new RegExp(`^Next payment \\${PLAN.price} on \\d{2}/\\d{2}/\\d{4}$`, 'm'))
    await expect(billing(page).innerText()).resolves.toMatch(/^Visa ending 4242, expires 12\/\d{4} Change card$/m)
    await checkScreen(page, 'membership-my-store', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('the student cancels the membership at period end and keeps it again, with JavaScript and without', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: STUDENT.email, to: '/store' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
    await waitForHydration(page)
    const next = await billing(page)
      .getByText(/^Next payment /)
      .innerText()
    const endsOn = /on (\d{2}\/\d{2}\/\d{4})$/.exec(next)?.[1] ?? ''
    expect(endsOn).not.toBe('')

    await billing(page).getByRole('link', { name: 'Cancel membership' }).click()
    await stopDialog(page).waitFor()
    await expect(stopDialog(page).innerText()).resolves.toContain(`${PLAN.option} stops renewing and ends on ${endsOn}. Nothing more will be charged.`)
    await checkScreen(page, 'membership-cancel-dialog', SCREENSHOTS)
    await stopDialog(page).getByRole('button', { name: 'Yes' }).click()
    await toast(page, 'success').getByText(`${PLAN.option} ends on ${endsOn}. Nothing more will be charged.`).waitFor()
    await page.waitForURL(isStore)
    await stopDialog(page).waitFor({ state: 'detached' })
    await billing(page).getByText(`Ends ${endsOn}`, { exact: true }).waitFor()
    await expect(
      billing(page)
        .getByText(/^Next payment /)
        .count(),
    ).resolves.toBe(0)
    await expect(billing(page).getByRole('link', { name: 'Cancel membership' }).count()).resolves.toBe(0)
    if (postgres) await expect.poll(storedMemberships).toEqual([{ status: 'active', cancelAtPeriodEnd: true, last4: '4242' }])
    await checkScreen(page, 'membership-my-store-ending', SCREENSHOTS)

    await billing(page).getByRole('button', { name: 'Keep membership' }).click()
    await toast(page, 'success').getByText(`${PLAN.option} continues. It renews as before.`).waitFor()
    await billing(page).getByText(next, { exact: true }).waitFor()
    await expect(billing(page).getByText(`Ends ${endsOn}`).count()).resolves.toBe(0)
    await expect(billing(page).getByRole('button', { name: 'Keep membership' }).count()).resolves.toBe(0)
    checked.expectNoConsoleErrors()

    // Without JavaScript: the confirmation is its own address, and Yes and Keep are plain posts.
    const plain = await signedInPage(browser, server(), { email: STUDENT.email, to: '/store' }, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    await plain.page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
    await billing(plain.page).getByRole('link', { name: 'Cancel membership' }).click()
    await plain.page.waitForURL((url) => url.pathname === '/store' && url.searchParams.get('stop') === 'period-end' && /^[0-9a-f-]{36}$/.test(url.searchParams.get('stopMembership') ?? ''))
    await stopDialog(plain.page).waitFor()
    await screenshotAtWidths(plain.page, SCREENSHOTS, 'membership-cancel-dialog-nojs')
    await stopDialog(plain.page).getByRole('button', { name: 'Yes' }).click()
    await plain.page.waitForURL(isStore)
    await plain.page.getByText(`${PLAN.option} ends on ${endsOn}. Nothing more will be charged.`).waitFor()
    await billing(plain.page).getByText(`Ends ${endsOn}`, { exact: true }).waitFor()
    await screenshotAtWidths(plain.page, SCREENSHOTS, 'membership-my-store-ending-nojs')
    await billing(plain.page).getByRole('button', { name: 'Keep membership' }).click()
    await plain.page.waitForURL(isStore)
    await plain.page.getByText(`${PLAN.option} continues. It renews as before.`).waitFor()
    await billing(plain.page).getByText(next, { exact: true }).waitFor()
    if (postgres) await expect.poll(storedMemberships).toEqual([{ status: 'active', cancelAtPeriodEnd: false, last4: '4242' }])
  })

  test("staff cancel the student's membership at once from the Memberships tab of the profile", { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: ADMIN, to: `/contacts?q=${STUDENT.search}` }, { viewport: { width: 1280, height: 900 } })
    // The list's rows move once its search box is drawn, so the profile is opened by the row's
    // address rather than by a click that could land where the row no longer is.
    const row = page.getByRole('link', { name: STUDENT.name, exact: true })
    await row.waitFor()
    const profile = await row.getAttribute('href')
    expect(profile).toMatch(/^\/contacts\/[0-9a-f-]{36}\/detail$/)
    await page.goto(site(profile ?? ''))
    await page.waitForURL(isProfile)
    await page.getByRole('heading', { level: 1, name: STUDENT.name }).waitFor()
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Memberships', exact: true }).click()
    await page.waitForURL(isProfileTab)
    const held = page.locator(`[data-held-membership="${PLAN.option}"]`)
    await held.waitFor()
    await waitForHydration(page)
    await expect(held.innerText()).resolves.toMatch(/^Visa ending 4242, expires 12\/\d{4}$/m)
    await expect(held.innerText()).resolves.toMatch(new RegExp(`^Next payment \\${PLAN.price} on `, 'm'))
    await expect(held.getByText('Active', { exact: true }).isVisible()).resolves.toBe(true)
    // The student's 10-Class Card is listed too, without billing.
    await expect(page.locator('[data-held-membership="10-Class Card"] [data-membership-billing]').count()).resolves.toBe(0)
    await checkScreen(page, 'profile-memberships', SCREENSHOTS)

    await held.getByRole('link', { name: 'Cancel now' }).click()
    await stopDialog(page).waitFor()
    await expect(stopDialog(page).innerText()).resolves.toContain(`${PLAN.option} ends now. Nothing more will be charged, and an unpaid period is voided.`)
    await checkScreen(page, 'profile-memberships-cancel-now', SCREENSHOTS)
    await stopDialog(page).getByRole('button', { name: 'Yes' }).click()
    await toast(page, 'success').getByText(`${PLAN.option} is cancelled. Nothing more will be charged.`).waitFor()
    await page.waitForURL(isProfileTab)
    await held.getByText('Cancelled', { exact: true }).waitFor()
    await expect(held.getByRole('link', { name: 'Cancel now' }).count()).resolves.toBe(0)
    await expect(held.getByRole('link', { name: 'Cancel at period end' }).count()).resolves.toBe(0)
    await expect(held.getByText(/^Next payment /).count()).resolves.toBe(0)
    if (postgres) await expect.poll(storedMemberships).toEqual([{ status: 'cancelled', cancelAtPeriodEnd: false, last4: '4242' }])
    await checkScreen(page, 'profile-memberships-cancelled', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('a week free costs nothing at checkout, and the order page keeps the card the membership will bill to', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: STUDENT.email, to: '/store' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
    await addPlanToCart(page, planGuids.trial)
    await waitForHydration(page)
    await page.getByLabel('First name').fill('Stella')
    await page.getByLabel('Last name').fill('Student')
    await page.getByRole('button', { name: 'Place order' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    const renewal = page.locator('[data-renewal]')
    await expect(renewal.innerText()).resolves.toContain("Your membership's next payment is due on")
    await waitForHydration(page)
    await renewal.getByRole('button', { name: 'Add a card' }).click()
    await page.locator('[data-add-card="ready"]').waitFor()
    await checkScreen(page, 'membership-trial-add-card', SCREENSHOTS)
    await typeCard(page, '5555555555554444')
    await page.getByRole('button', { name: 'Save card' }).click()
    await toast(page, 'success').getByText("The card is kept for your membership's payments.").waitFor()
    await page.waitForURL((url) => isOrder(url) && url.search === '')
    await expect(page.locator('[data-renewal]').innerText()).resolves.toContain('the card ending 4444 is charged then')
    await checkScreen(page, 'membership-trial-card-kept', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })
})
