import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { outboundEmailsTo as keptEmailsTo } from '#tests/e2e/support/kept-emails'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS_DIR

/** The demo tenant's name, as the receipt's subject gives it (db/seed.ts). */
const STUDIO = 'Demo Yoga Studio'
const STICKER = 'Studio Sticker'
const STICKER_PAGE = '/merchandise/details/studio-sticker'
/** A refused Place order answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const isCheckout = (url: URL) => url.pathname === '/checkout'
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

let adminCookie = ''
/** The staff editor of the sticker, /products/{guid}. */
let stickerEditorPath = ''
let postgres: DatabaseHandle | null = null

/**
 * The demo seed sells nothing for free, so the file adds a free sticker once, before any page is
 * visited: 5 in stock, at most 3 at a time. It goes through the staff editor's own post, as an
 * administrator whose session is inserted: PGlite admits one process at a time, so this test
 * process cannot write to the server's database while it runs, and the editor's save tells the
 * caches the catalog changed (decision 085).
 */
beforeAll(async () => {
  adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: 'admin@demo.test' })}`
  const body = new URLSearchParams({
    name: STICKER,
    slug: 'studio-sticker',
    summary: 'A round vinyl sticker with the studio logo.',
    isPublished: 'on',
    stockQuantity: '5',
    'priceOptions[0].guId': '',
    'priceOptions[0].name': 'Single sticker',
    'priceOptions[0].price': '0',
    'priceOptions[0].qty': '3',
  }).toString()
  const saved = await send(server().port, '/products/new', { host: demoHost(), method: 'POST', cookie: adminCookie, body })
  const location = String(saved.headers.location ?? '')
  if (saved.status !== 302 || !/^\/products\/[0-9a-f-]{36}$/.test(location)) throw new Error(`adding the free sticker answered ${saved.status} ${location}\n${saved.body.slice(0, 2000)}`)
  stickerEditorPath = location
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})

afterAll(async () => {
  await postgres?.close()
})

/**
 * The sticker's stock as stored. On Postgres, catalog_items.stock_quantity in the server's own
 * database; on PGlite (which the server holds alone) the staff editor's Stock quantity, which
 * shows that column.
 */
async function storedStock(): Promise<number | null> {
  if (postgres) {
    const row = await asSystem(postgres, 'e2e: the free sticker stock', (trx) =>
      trx.selectFrom('catalog_items').select('stock_quantity').where('slug', '=', 'studio-sticker').where('kind', '=', 'product').executeTakeFirstOrThrow(),
    )
    return row.stock_quantity
  }
  const editor = await send(server().port, stickerEditorPath, { host: demoHost(), cookie: adminCookie })
  expect(editor.status, 'the staff editor of the sticker').toBe(200)
  const value = /<input[^>]*name="stockQuantity"[^>]*value="(\d*)"/.exec(editor.body)?.[1]
  return value ? Number(value) : null
}

/** The receipts and other emails kept for one address. */
const outboundEmailsTo = (to: string) => keptEmailsTo(to, { postgres, server: server() })

/** The order number the confirmation page names ('#0001'). */
async function orderNumberOn(page: Page): Promise<string> {
  const text = await page.getByText('A receipt is on its way to').innerText()
  const number = /Order (#\d+) on /.exec(text)?.[1]
  if (!number) throw new Error(`no order number in: ${text}`)
  return number
}

const cartLine = (page: Page) => page.locator(`[data-cart-line="${STICKER}"]`)
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' })

/** Opens the sticker's page, chooses a quantity and presses Buy; resolves on /checkout with the line. */
async function buySticker(page: Page, quantity: number, options: { hydrate: boolean }): Promise<void> {
  await page.goto(site(STICKER_PAGE))
  await page.getByRole('heading', { level: 1, name: STICKER }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  const buyForm = page.locator('form[data-buy-form]')
  await buyForm.getByLabel('Quantity', { exact: true }).selectOption(String(quantity))
  await buyForm.getByRole('button', { name: `Buy: ${STICKER}` }).click()
  await page.waitForURL(isCheckout)
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
  await cartLine(page).waitFor()
  if (options.hydrate) await waitForHydration(page)
}

async function fillBuyer(page: Page, buyer: { firstName: string; lastName: string; email: string; phone?: string; note?: string }): Promise<void> {
  await page.getByLabel('First name').fill(buyer.firstName)
  await page.getByLabel('Last name').fill(buyer.lastName)
  await page.getByLabel('Email').fill(buyer.email)
  await page.getByLabel('Phone', { exact: true }).fill(buyer.phone ?? '')
  await page.getByLabel('Note').fill(buyer.note ?? '')
}

/** Presses Place order with what the browser lets through but the server refuses; resolves on the refused page. */
async function placeRefusedOrder(page: Page, email: string): Promise<number> {
  // Spaces pass the browser's `required`; the server trims them. The phone has no browser check.
  // The email stays valid: the browser's pattern is meant to be the server's rule, so an address
  // the server refuses should never get past the browser.
  await fillBuyer(page, { firstName: '   ', lastName: '   ', email, phone: 'call me maybe' })
  const [answer] = await Promise.all([
    // Without JavaScript the form posts to /checkout; with it Remix posts to /checkout.data.
    page.waitForResponse((response) => response.request().method() === 'POST' && /^\/checkout(\.data)?$/.test(new URL(response.url()).pathname)),
    placeOrder(page).click(),
  ])
  await page.locator('[data-checkout-error]').filter({ hasText: 'Please correct the highlighted fields.' }).waitFor()
  return answer.status()
}

/** The page at 1280 and 360 px: nothing wider than the screen, axe finds nothing serious; then its screenshots. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px is no wider than the screen`).toBeLessThanOrEqual(width)
    await expectNoSeriousA11yViolations(page)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshotAtWidths(page, SCREENSHOTS, name)
}

describe('checkout of a free item', () => {
  test('without JavaScript a visitor buys two stickers: the browser and then the server refuse a bad form, the order is placed, mailed and taken from stock', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
    })
    expect(await storedStock()).toBe(5)

    await page.goto(site(STICKER_PAGE))
    await page.getByRole('heading', { level: 1, name: STICKER }).waitFor()
    const buyForm = page.locator('form[data-buy-form]')
    // 3 at most: the option's limit, under the 5 in stock.
    await expect(buyForm.getByLabel('Quantity', { exact: true }).locator('option').allInnerTexts()).resolves.toEqual(['1', '2', '3'])
    await buyForm.getByLabel('Quantity', { exact: true }).selectOption('2')
    await buyForm.getByRole('button', { name: `Buy: ${STICKER}` }).click()
    await page.waitForURL(isCheckout)
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
    await page.getByRole('status').filter({ hasText: `${STICKER} is in your cart.` }).waitFor()
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('2')
    await expect(page.locator('[data-cart-total]').innerText()).resolves.toBe('$0.00')
    expect((await page.context().cookies(site('/'))).some((cookie) => cookie.name === 'cart')).toBe(true)

    // Empty, the form is stopped by the browser's own checks (its fields are `required`): nothing is posted.
    await placeOrder(page).click()
    await expect(page.getByLabel('First name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).resolves.toBe(true)
    expect(page.url()).toBe(site('/checkout'))

    // What the browser lets through, the server refuses beside each field and keeps what was typed.
    expect(await placeRefusedOrder(page, 'maya.lindqvist@example.test')).toBe(400)
    expect(posts, 'the empty form was never posted').toEqual(['/checkout', '/checkout'])
    expect(isCheckout(new URL(page.url()))).toBe(true)
    await page.getByText('First name is required!').waitFor()
    await page.getByText('Last name is required!').waitFor()
    await page.getByText('Please enter a phone number of digits, spaces, brackets, dots or dashes.').waitFor()
    await expect(page.getByLabel('First name').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBeNull()
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('maya.lindqvist@example.test')
    await expect(page.getByLabel('Phone', { exact: true }).inputValue()).resolves.toBe('call me maybe')
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('2')
    expect(await storedStock()).toBe(5)

    await fillBuyer(page, { firstName: 'Maya', lastName: 'Lindqvist', email: 'maya.lindqvist@example.test', phone: '555 010 2222', note: 'Blue ones, please.' })
    await placeOrder(page).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator(`[data-order-line="${STICKER}"]`).innerText()).resolves.toContain(`2 × ${STICKER}`)
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    await page.getByText('A receipt is on its way to maya.lindqvist@example.test').waitFor()
    const number = await orderNumberOn(page)
    // axe runs in the page's JavaScript, which this context has switched off: the third test checks this screen.
    await screenshotAtWidths(page, SCREENSHOTS, 'order-confirmation-nojs')

    await expect.poll(() => outboundEmailsTo('maya.lindqvist@example.test'), { timeout: 15_000 }).toEqual([
      { to: 'maya.lindqvist@example.test', subject: `Your order ${number} from ${STUDIO}` },
    ])
    expect(await storedStock()).toBe(3)

    // The cart is spent.
    await page.goto(site('/checkout'))
    await page.locator('[data-empty-cart]').getByText('Your cart is empty.').waitFor()
  })

  test('with JavaScript a visitor changes the quantity, removes the line, adds it again and places the order', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await buySticker(page, 1, { hydrate: true })
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('1')
    // The changes below are made in the page, by Remix, with no new document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    await cartLine(page).getByLabel('Quantity', { exact: true }).selectOption('3')
    await cartLine(page).getByRole('button', { name: `Update the quantity of ${STICKER}` }).click()
    await page.getByRole('status').filter({ hasText: 'Your cart is updated.' }).waitFor()
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).resolves.toBe(true)
    // Stored: a fresh load of the cart shows 3.
    await page.reload()
    await cartLine(page).waitFor()
    await waitForHydration(page)
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('3')

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await cartLine(page).getByRole('button', { name: `Remove ${STICKER}` }).click()
    await page.locator('[data-empty-cart]').getByText('Your cart is empty.').waitFor()
    await page.getByRole('status').filter({ hasText: `${STICKER} is out of your cart.` }).waitFor()
    await expect(cartLine(page).count()).resolves.toBe(0)
    await expect(placeOrder(page).count()).resolves.toBe(0)
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).resolves.toBe(true)

    await buySticker(page, 1, { hydrate: true })
    await fillBuyer(page, { firstName: 'Theo', lastName: 'Quist', email: 'theo.quist@example.test' })
    await placeOrder(page).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await expect(page.locator(`[data-order-line="${STICKER}"]`).innerText()).resolves.not.toContain(' × ')
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    await page.getByText('A receipt is on its way to theo.quist@example.test').waitFor()
    const number = await orderNumberOn(page)
    await expect.poll(() => outboundEmailsTo('theo.quist@example.test'), { timeout: 15_000 }).toEqual([
      { to: 'theo.quist@example.test', subject: `Your order ${number} from ${STUDIO}` },
    ])
  })

  test('the cart, the refused form, the empty cart and the confirmation pass axe and fit at 1280 and 360 px', { timeout: 300_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)

    await page.goto(site('/checkout'))
    await page.locator('[data-empty-cart]').getByText('Your cart is empty.').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'checkout-empty')

    await page.goto(site(STICKER_PAGE))
    await page.locator('form[data-buy-form]').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'product-free')

    await buySticker(page, 1, { hydrate: true })
    await checkScreen(page, 'checkout-cart')

    expect(await placeRefusedOrder(page, 'ines.moreau@example.test')).toBe(400)
    await page.getByText('First name is required!').waitFor()
    await checkScreen(page, 'checkout-errors')

    await fillBuyer(page, { firstName: 'Ines', lastName: 'Moreau', email: 'ines.moreau@example.test', phone: '(555) 010-3333', note: 'I will pick it up on Saturday.' })
    await placeOrder(page).click()
    await page.waitForURL(isOrder)
    await page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'order-confirmation')
  })
})

