import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { connectDemoStripe, useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'

/**
 * Offer codes end to end: staff keep the codes at /offers, buyers apply them at /checkout (with
 * and without JavaScript), staff apply them at the till. The demo seed's codes (db/seed-offers.ts):
 * WELCOME10 (10% off any item, 3 of 100 used), FOUNDATIONS25 ($25 off the course Yoga
 * Foundations), SPRING20 (20% off merchandise, expired).
 *
 * Checkout only sells a priced item online once the studio takes cards, so the server points
 * at the fake Stripe and the demo studio is connected once, before any page is visited; a cart
 * that a 100% code brings to $0 is then placed without going to Stripe at all.
 */

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
/** The demo seed's student (db/seed-data.ts). */
const STUDENT = { name: 'Stella Student', search: 'stella' }
/** Seeded merchandise (db/seed-catalog-data.ts): $68.00, 15 in stock; the demo's tax is 0 %. */
const MAT = { name: 'Organic Cotton Yoga Mat', page: '/merchandise/details/organic-cotton-yoga-mat' }
/** Seeded merchandise: $18.00, 40 in stock. */
const BLOCK = { name: 'Cork Yoga Block', choice: 'Cork Yoga Block ($18.00)' }
/** A 100% code for any item, added by this file's beforeAll for the buyers, limited to 5 uses. */
const GIFT = 'GIFT100'
const TILL = '/store/cart-checkout'
/** A refused post answers 400 (a refused offer or form) or 409 (a code taken): the browser reports it as a console error. */
const refusedPost = /status of 40[09]/

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const isCheckout = (url: URL) => url.pathname === '/checkout'
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)
const isOfferDetails = (url: URL) => /^\/offers\/details\/[0-9a-f-]{36}$/.test(url.pathname)
const isOfferList = (url: URL) => url.pathname === '/offers'
const isBareTill = (url: URL) => url.pathname === TILL && url.search === ''
const isTillWithCustomer = (url: URL) => url.pathname === TILL && /^[0-9a-f-]{36}$/.test(url.searchParams.get('contact') ?? '')

let adminCookie = ''

/**
 * Before any page is visited: the demo studio connects its Stripe account through /oauth/stripe
 * (the consent of the fake answers at once), so priced merchandise sells online; and staff add
 * GIFT100 through the offer form's own post, as an administrator whose session is inserted
 * (PGlite admits one process at a time, so this process cannot write to the server's database).
 */
beforeAll(async () => {
  adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: ADMIN })}`
  const port = server().port

  await connectDemoStripe({ server: server(), stripe: stripe(), adminCookie })

  const body = new URLSearchParams({
    intent: 'save',
    code: GIFT.toLowerCase(),
    offerType: 'flat',
    discountType: 'percentage',
    discount: '100',
    primaryItemCategory: 'item',
    primaryItem: '',
    secondaryItemCategory: '',
    secondaryItem: '',
    secondaryItemCount: '',
    status: 'ACTIVE',
    validFrom: '',
    validUntil: '',
    usageLimit: '5',
  }).toString()
  const saved = await send(port, '/offers/new', { host: demoHost(), method: 'POST', cookie: adminCookie, body })
  const location = String(saved.headers.location ?? '')
  if (saved.status !== 302 || !isOfferDetails(new URL(location, site('/')))) throw new Error(`adding ${GIFT} answered ${saved.status} ${location}\n${saved.body.slice(0, 2000)}`)
})

/** What the staff list says of one code's use, read as the server draws it ('3 of 100 used'). */
async function usedText(code: string): Promise<string> {
  const list = await send(server().port, `/offers?search=${code}`, { host: demoHost(), cookie: adminCookie })
  expect(list.status, 'the staff /offers page').toBe(200)
  const used = /(\d+ of \d+ used|\d+ used)/.exec(list.body)?.[1]
  if (!used) throw new Error(`no use count for ${code} on /offers`)
  return used
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
const offerTable = (page: Page) => page.getByRole('table', { name: 'Offers' })
const offerRow = (page: Page, code: string) => offerTable(page).getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) })
/** A row's cells after the code: Discount, Applies to, Valid, Used, State. */
const rowCells = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).slice(1).map((text) => text.trim())
/** The code links of the list, top to bottom. */
const listedCodes = (page: Page) => offerTable(page).getByRole('row').getByRole('link').allInnerTexts()

const offerBox = (page: Page) => page.getByRole('form', { name: 'Offer code' })
const offerInput = (page: Page) => offerBox(page).getByRole('textbox', { name: 'Offer code' })
const offerError = (page: Page) => offerBox(page).locator('[data-offer-error]')
const offerDiscount = (page: Page) => offerBox(page).locator('[data-offer-discount]')
const removeOffer = (page: Page, code: string) => offerBox(page).getByRole('button', { name: `Remove offer code ${code}` })
/** The value of one row of a totals list (Subtotal, 'Discount (WELCOME10)', Total). */
const totalsRow = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd')
/** The discount rows of a totals list, whichever code gave them. */
const discountRows = (page: Page) => page.locator('dl > div').filter({ has: page.locator('dt').getByText(/^Discount/) })
const cartTotal = (page: Page) => page.locator('[data-cart-total]')

/** Types a code in the offer box and presses Apply; resolves on the answer's document (or data) response. */
async function applyCode(page: Page, code: string, path: string): Promise<number> {
  await offerInput(page).fill(code)
  const [answer] = await Promise.all([
    // Without JavaScript the form posts the document; with it Remix posts to {path}.data.
    page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === path),
    offerBox(page).getByRole('button', { name: 'Apply' }).click(),
  ])
  return answer.status()
}

/** Opens the mat's page and presses Buy; resolves on /checkout with the line (hydrated when asked). */
async function buyMat(page: Page, options: { hydrate: boolean }): Promise<void> {
  await page.goto(site(MAT.page))
  await page.getByRole('heading', { level: 1, name: MAT.name }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${MAT.name}` }).click()
  await page.waitForURL(isCheckout)
  await page.locator(`[data-cart-line="${MAT.name}"]`).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await expect(cartTotal(page).innerText()).resolves.toBe('$68.00')
}

/** On the offer form: fills what the test names, leaving the rest as it is. */
async function fillOfferForm(page: Page, fields: { code?: string; discount?: string; category?: string; usageLimit?: string; validUntil?: string }): Promise<void> {
  if (fields.code !== undefined) await page.getByLabel('Offer code').fill(fields.code)
  // With JavaScript the label names the unit the discount type chose.
  if (fields.discount !== undefined) await page.getByLabel(/^Discount \((%|USD)\)/).fill(fields.discount)
  if (fields.category !== undefined) await page.getByLabel('Item category', { exact: true }).selectOption({ label: fields.category })
  if (fields.usageLimit !== undefined) await page.getByLabel('Usage limit').fill(fields.usageLimit)
  if (fields.validUntil !== undefined) await page.getByLabel('Valid until').fill(fields.validUntil)
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true })

describe('offer codes', () => {
  test('staff list the seeded codes, filter them, add one (refused first, then upper-cased), are refused a code that exists, change one and delete it through the dialog', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: '/offers' }, { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor()
    await waitForHydration(page)

    // The seed's three codes, each in its state.
    const welcome = await rowCells(offerRow(page, 'WELCOME10'))
    expect(welcome).toEqual(['10% off', 'Any item', expect.stringMatching(/^Until [A-Z][a-z]{2} \d{1,2}, \d{4}$/), '3 of 100 used', 'Active'])
    await expect(rowCells(offerRow(page, 'FOUNDATIONS25'))).resolves.toEqual(['$25.00 off', 'Yoga Foundations', 'Always', '0 used', 'Active'])
    const spring = await rowCells(offerRow(page, 'SPRING20'))
    expect(spring).toEqual(['20% off', 'Merchandise and bundles', expect.stringMatching(/ – /), '12 used', 'Expired'])

    // The State filter and the search, kept in the address.
    await page.getByLabel('State').selectOption({ label: 'Expired' })
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => isOfferList(url) && url.searchParams.get('state') === 'expired')
    await expect.poll(() => listedCodes(page)).toEqual(['SPRING20'])
    await page.getByLabel('State').selectOption({ label: 'All' })
    await page.getByLabel('Search by code').fill('welc')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => isOfferList(url) && url.searchParams.get('search') === 'welc')
    await expect.poll(() => listedCodes(page)).toEqual(['WELCOME10'])

    // Add: the browser lets spaces through `required`, the server refuses them beside the field.
    await page.getByRole('link', { name: 'Add offer' }).click()
    await page.waitForURL((url) => url.pathname === '/offers/new')
    await page.getByRole('heading', { level: 1, name: 'Add offer' }).waitFor()
    await expect(page.getByLabel('Discount (%)').count()).resolves.toBe(1)
    await fillOfferForm(page, { code: 'take100', discount: '   ', category: 'Any item' })
    await saveButton(page).click()
    await page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' }).waitFor()
    await page.getByText('Discount is required.').waitFor()
    await expect(page.getByLabel('Discount (%)').getAttribute('aria-invalid')).resolves.toBe('true')
    expect(new URL(page.url()).pathname).toBe('/offers/new')

    await fillOfferForm(page, { discount: '100' })
    await saveButton(page).click()
    await page.waitForURL(isOfferDetails)
    await toast(page, 'Offer TAKE100 is added.').waitFor()
    await page.getByRole('heading', { level: 1, name: /TAKE100/ }).waitFor()
    const take100Path = new URL(page.url()).pathname
    await expect(page.getByLabel('Offer code').inputValue()).resolves.toBe('TAKE100')
    await expect(page.getByLabel('Discount (%)').inputValue()).resolves.toBe('100')
    await page.getByText('Used 0 times').waitFor()

    // Change it: half off, at most 10 uses, until the end of 2099.
    await fillOfferForm(page, { discount: '50', usageLimit: '10', validUntil: '2099-12-31' })
    await saveButton(page).click()
    await toast(page, 'Offer TAKE100 is saved.').waitFor()
    expect(new URL(page.url()).pathname).toBe(take100Path)
    await expect.poll(() => page.getByLabel('Discount (%)').inputValue()).toBe('50')
    await expect(page.getByLabel('Usage limit').inputValue()).resolves.toBe('10')
    await expect(page.getByLabel('Valid until').inputValue()).resolves.toBe('2099-12-31')

    await page.getByRole('link', { name: 'Back to offers' }).click()
    await page.waitForURL((url) => isOfferList(url) && url.search === '')
    await expect.poll(() => rowCells(offerRow(page, 'TAKE100'))).toEqual(['50% off', 'Any item', 'Until Dec 31, 2099', '0 of 10 used', 'Active'])
    // Newest first: the code just added, then the one this file's beforeAll added, then the seed's.
    const codes = await listedCodes(page)
    expect(codes.slice(0, 2)).toEqual(['TAKE100', GIFT])
    expect([...codes.slice(2)].sort()).toEqual(['FOUNDATIONS25', 'SPRING20', 'WELCOME10'])

    // A code that exists, in lower case, is refused beside the field and nothing is added.
    await page.getByRole('link', { name: 'Add offer' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add offer' }).waitFor()
    await fillOfferForm(page, { code: 'welcome10', discount: '10' })
    await saveButton(page).click()
    await page.getByText("Offer code 'WELCOME10' already exists.").waitFor()
    await page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' }).waitFor()
    await expect(page.getByLabel('Offer code').getAttribute('aria-invalid')).resolves.toBe('true')
    expect(new URL(page.url()).pathname).toBe('/offers/new')

    // Delete TAKE100 through the dialog.
    await page.getByRole('link', { name: 'Back to offers' }).click()
    await page.waitForURL(isOfferList)
    await offerRow(page, 'TAKE100').getByRole('link', { name: 'TAKE100', exact: true }).click()
    await page.waitForURL((url) => url.pathname === take100Path)
    await page.getByRole('heading', { level: 1, name: /TAKE100/ }).waitFor()
    await page.getByRole('link', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete offer' })
    await dialog.waitFor()
    await dialog.getByText('Delete offer TAKE100? Buyers can no longer use it; sales that used it keep their discount.').waitFor()
    await expect(dialog.evaluate((element) => element.matches(':modal'))).resolves.toBe(true)
    // Opened by the page: the address stays.
    expect(new URL(page.url()).search).toBe('')
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.waitForURL((url) => isOfferList(url))
    await toast(page, 'Offer TAKE100 is deleted.').waitFor()
    await offerRow(page, 'WELCOME10').waitFor()
    await expect(offerRow(page, 'TAKE100').count()).resolves.toBe(0)
    const gone = await send(server().port, take100Path, { host: demoHost(), cookie: adminCookie })
    expect(gone.status, 'the deleted offer').toBe(404)
  })

  test('without JavaScript a visitor is refused a made-up and an expired code, applies welcome10 and removes it, then places a $0 order with a 100% code', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    const usedBefore = await usedText(GIFT)
    expect(usedBefore).toBe('0 of 5 used')
    await buyMat(page, { hydrate: false })
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor()
    await expect(offerDiscount(page).count()).resolves.toBe(0)

    // A code the studio never made: refused under the field, with what was typed.
    expect(await applyCode(page, 'nope', '/checkout')).toBe(400)
    await expect(offerError(page).innerText()).resolves.toBe("Offer code 'NOPE' is not valid.")
    await expect(offerInput(page).inputValue()).resolves.toBe('nope')
    await expect(offerInput(page).getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(offerInput(page).evaluate((input) => input.getAttribute('aria-describedby') === input.closest('form')?.querySelector('[data-offer-error]')?.id)).resolves.toBe(true)
    await expect(cartTotal(page).innerText()).resolves.toBe('$68.00')

    // An expired code for merchandise.
    expect(await applyCode(page, 'SPRING20', '/checkout')).toBe(400)
    await expect(offerError(page).innerText()).resolves.toBe("Offer code 'SPRING20' has expired.")
    // A code for one course only.
    expect(await applyCode(page, 'foundations25', '/checkout')).toBe(400)
    await expect(offerError(page).innerText()).resolves.toBe('Not a valid code for this item')
    await expect(discountRows(page).count()).resolves.toBe(0)

    // Lower case is the same code: 10% off the mat.
    expect(await applyCode(page, 'welcome10', '/checkout')).toBe(302)
    await page.waitForURL(isCheckout)
    await toast(page, "Offer code 'WELCOME10' is applied.").waitFor()
    await expect(offerBox(page).innerText()).resolves.toContain('Offer code WELCOME10')
    await expect(offerDiscount(page).innerText()).resolves.toBe('-$6.80')
    await expect(totalsRow(page, 'Subtotal').innerText()).resolves.toBe('$68.00')
    await expect(totalsRow(page, 'Discount (WELCOME10)').innerText()).resolves.toBe('-$6.80')
    await expect(cartTotal(page).innerText()).resolves.toBe('$61.20')
    await expect(offerInput(page).count()).resolves.toBe(0)
    await page.getByText('You pay $61.20 by card').waitFor()
    await screenshotAtWidths(page, SCREENSHOTS, 'checkout-offer-applied-nojs')

    // Removed: the full price again, and the box asks for a code.
    await removeOffer(page, 'WELCOME10').click()
    await page.waitForURL(isCheckout)
    await toast(page, 'The offer code is removed.').waitFor()
    await offerInput(page).waitFor()
    await expect(discountRows(page).count()).resolves.toBe(0)
    await expect(cartTotal(page).innerText()).resolves.toBe('$68.00')

    // 100% off: nothing to pay, so the order is placed here without Stripe.
    expect(await applyCode(page, GIFT.toLowerCase(), '/checkout')).toBe(302)
    await page.waitForURL(isCheckout)
    await toast(page, `Offer code '${GIFT}' is applied.`).waitFor()
    await expect(offerDiscount(page).innerText()).resolves.toBe('-$68.00')
    await expect(cartTotal(page).innerText()).resolves.toBe('$0.00')
    await page.getByLabel('First name').fill('Maya')
    await page.getByLabel('Last name').fill('Lindqvist')
    await page.getByLabel('Email').fill('maya.offer@example.test')
    await page.getByRole('button', { name: 'Place order' }).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator(`[data-order-line="${MAT.name}"]`).innerText()).resolves.toContain(MAT.name)
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    await expect(totalsRow(page, 'Subtotal').innerText()).resolves.toBe('$68.00')
    await expect(totalsRow(page, `Discount (${GIFT})`).innerText()).resolves.toBe('-$68.00')
    await expect(totalsRow(page, 'Total').innerText()).resolves.toBe('$0.00')
    expect(stripe().sessions(), 'nothing went to Stripe').toEqual([])
    await screenshotAtWidths(page, SCREENSHOTS, 'order-offer-confirmation-nojs')

    // The sale counted the code once.
    expect(await usedText(GIFT)).toBe('1 of 5 used')
  })

  test('with JavaScript a visitor is refused a code for another item, applies welcome10 in the page and removes it; the cart with the code passes axe and fits at 1280 and 360 px', { timeout: 240_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await buyMat(page, { hydrate: true })
    // The changes below are made in the page, by Remix, with no new document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    expect(await applyCode(page, 'FOUNDATIONS25', '/checkout')).toBe(400)
    await expect(offerError(page).innerText()).resolves.toBe('Not a valid code for this item')
    await expect(offerInput(page).getAttribute('aria-invalid')).resolves.toBe('true')
    await checkScreen(page, 'checkout-offer-refused', SCREENSHOTS)

    await applyCode(page, 'welcome10', '/checkout')
    await toast(page, "Offer code 'WELCOME10' is applied.").waitFor()
    await offerDiscount(page).waitFor()
    await expect(offerDiscount(page).innerText()).resolves.toBe('-$6.80')
    await expect(totalsRow(page, 'Discount (WELCOME10)').innerText()).resolves.toBe('-$6.80')
    await expect(cartTotal(page).innerText()).resolves.toBe('$61.20')
    await expect.poll(() => page.getByRole('button', { name: 'Continue to payment' }).isEnabled()).toBe(true)
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).resolves.toBe(true)
    // The success toast leaves by itself; the screen is checked without it, so every shot is alike.
    await toast(page, "Offer code 'WELCOME10' is applied.").waitFor({ state: 'detached' })
    await checkScreen(page, 'checkout-offer-applied', SCREENSHOTS)

    // Stored on the cart: a fresh load still has it.
    await page.reload()
    await offerDiscount(page).waitFor()
    await waitForHydration(page)
    await expect(cartTotal(page).innerText()).resolves.toBe('$61.20')

    await removeOffer(page, 'WELCOME10').click()
    await toast(page, 'The offer code is removed.').waitFor()
    await offerInput(page).waitFor()
    await expect(cartTotal(page).innerText()).resolves.toBe('$68.00')
    await expect(discountRows(page).count()).resolves.toBe(0)
  })

  test('at the till staff find the student, add a block, are refused an expired code, apply welcome10 and take cash: the sale is complete and the code counted once', { timeout: 240_000 }, async () => {
    const usedBefore = Number(/^(\d+) of 100 used$/.exec(await usedText('WELCOME10'))?.[1])
    expect(usedBefore).toBeGreaterThanOrEqual(3)
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: TILL }, { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Sell at the desk' }).waitFor()
    await waitForHydration(page)

    await page.getByLabel('Find a contact').fill(STUDENT.search)
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => url.pathname === TILL && url.searchParams.get('q') === STUDENT.search)
    await page.getByRole('list', { name: 'Matching contacts' }).getByRole('link', { name: `Choose ${STUDENT.name}` }).click()
    await page.waitForURL(isTillWithCustomer)
    await page.locator(`[data-till-customer="${STUDENT.name}"]`).waitFor()

    const addForm = page.locator('form').filter({ has: page.getByLabel('Item', { exact: true }) })
    await addForm.getByLabel('Item', { exact: true }).selectOption({ label: BLOCK.choice })
    await addForm.getByRole('button', { name: 'Add', exact: true }).click()
    await toast(page, `${BLOCK.name} is in the sale.`).waitFor()
    await page.locator(`[data-cart-line="${BLOCK.name}"]`).waitFor()
    await expect(cartTotal(page).innerText()).resolves.toBe('$18.00')

    expect(await applyCode(page, 'spring20', TILL)).toBe(400)
    await expect(offerError(page).innerText()).resolves.toBe("Offer code 'SPRING20' has expired.")
    expect(isTillWithCustomer(new URL(page.url())), 'the refusal keeps the customer').toBe(true)

    await applyCode(page, 'welcome10', TILL)
    await toast(page, "Offer code 'WELCOME10' is applied.").waitFor()
    await offerDiscount(page).waitFor()
    expect(isTillWithCustomer(new URL(page.url())), 'the code keeps the customer').toBe(true)
    await expect(offerDiscount(page).innerText()).resolves.toBe('-$1.80')
    await expect(totalsRow(page, 'Discount (WELCOME10)').innerText()).resolves.toBe('-$1.80')
    await expect(cartTotal(page).innerText()).resolves.toBe('$16.20')
    const completeSale = page.getByRole('button', { name: /^Complete sale/ })
    await expect(completeSale.innerText()).resolves.toBe('Complete sale: $16.20')
    await expect.poll(() => page.getByLabel('Cash', { exact: true }).isChecked()).toBe(true)
    await toast(page, "Offer code 'WELCOME10' is applied.").waitFor({ state: 'detached' })
    await checkScreen(page, 'till-offer-applied', SCREENSHOTS)

    await completeSale.click()
    await page.waitForURL(isBareTill)
    const sold = await toast(page, /^Sale #\d+ to /).innerText()
    expect(sold).toMatch(new RegExp(`^Sale #\\d{4} to ${STUDENT.name} is complete\\.$`))
    await page.locator('[data-empty-sale]').getByText('Nothing on this sale yet.').waitFor()

    expect(await usedText('WELCOME10')).toBe(`${usedBefore + 1} of 100 used`)
  })

  test('the offers list, the add form with its errors, an offer with its delete dialog pass axe and fit at 1280 and 360 px', { timeout: 300_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: '/offers' }, { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor()
    await offerRow(page, 'WELCOME10').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'offers-list', SCREENSHOTS)

    await page.getByRole('link', { name: 'Add offer' }).click()
    await page.waitForURL((url) => url.pathname === '/offers/new')
    await page.getByRole('heading', { level: 1, name: 'Add offer' }).waitFor()
    await checkScreen(page, 'offer-new', SCREENSHOTS)

    await fillOfferForm(page, { code: 'no', discount: '   ' })
    await saveButton(page).click()
    await page.getByText('Discount is required.').waitFor()
    await page.getByText('Offer code must be 3 to 30 letters, digits, hyphens or underscores.').waitFor()
    await checkScreen(page, 'offer-new-errors', SCREENSHOTS)

    await page.getByRole('link', { name: 'Back to offers' }).click()
    await page.waitForURL(isOfferList)
    await offerRow(page, 'WELCOME10').getByRole('link', { name: 'WELCOME10', exact: true }).click()
    await page.waitForURL(isOfferDetails)
    await page.getByRole('heading', { level: 1, name: /WELCOME10/ }).waitFor()
    await checkScreen(page, 'offer-details', SCREENSHOTS)

    await page.getByRole('link', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete offer' })
    await dialog.waitFor()
    await checkScreen(page, 'offer-delete-dialog', SCREENSHOTS)
    // No keeps the offer.
    await dialog.getByRole('button', { name: 'No' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect(page.getByRole('heading', { level: 1, name: /WELCOME10/ }).isVisible()).resolves.toBe(true)
  })
})
