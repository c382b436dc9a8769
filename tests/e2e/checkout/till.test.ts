import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { outboundEmailsTo as keptEmailsTo } from '#tests/e2e/support/kept-emails'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.TILL_SCREENSHOTS_DIR

/** The demo tenant's name, as the receipt's subject gives it (db/seed.ts). */
const STUDIO = 'Demo Yoga Studio'
/** The demo seed's student (db/seed-data.ts), who has no balance in the seed. */
const STUDENT = { name: 'Stella Student', email: 'student@demo.test', search: 'stella' }
const ADMIN = 'admin@demo.test'
/** A published, stocked, priced product of the seed (db/seed-catalog-data.ts): $18.00, 40 in stock, taxable at the demo's 0 %. */
const BLOCK = { name: 'Cork Yoga Block', slug: 'cork-yoga-block', choice: 'Cork Yoga Block ($18.00)' }
const TILL = '/store/cart-checkout'

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const isTill = (url: URL) => url.pathname === TILL
const isBareTill = (url: URL) => url.pathname === TILL && url.search === ''
const isTillWithCustomer = (url: URL) => url.pathname === TILL && /^[0-9a-f-]{36}$/.test(url.searchParams.get('contact') ?? '')

let adminCookie = ''
let postgres: DatabaseHandle | null = null

beforeAll(async () => {
  adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: ADMIN })}`
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})

afterAll(async () => {
  await postgres?.close()
})

/**
 * The block's stock as stored. On Postgres, catalog_items.stock_quantity in the server's own
 * database; on PGlite (which the server holds alone) the Stock column of the staff /store
 * table, which shows that column.
 */
async function storedStock(): Promise<number | null> {
  if (postgres) {
    const row = await asSystem(postgres, 'e2e: the cork block stock', (trx) =>
      trx.selectFrom('catalog_items').select('stock_quantity').where('slug', '=', BLOCK.slug).where('kind', '=', 'product').executeTakeFirstOrThrow(),
    )
    return row.stock_quantity
  }
  const store = await send(server().port, '/store', { host: demoHost(), cookie: adminCookie })
  expect(store.status, 'the staff /store page').toBe(200)
  const row = new RegExp(`<tr[^>]*data-store-item="${BLOCK.name}"[^>]*>([\\s\\S]*?)</tr>`).exec(store.body)?.[1] ?? ''
  // Item is the row's header cell; then Type, Price, Stock, Taken, Status.
  const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => (match[1] ?? '').replace(/<[^>]*>/g, '').trim())
  const stock = cells[2]
  return stock && /^\d+$/.test(stock) ? Number(stock) : null
}

/** The receipts and other emails kept for one address. */
const outboundEmailsTo = (to: string) => keptEmailsTo(to, { postgres, server: server() })

const customerCard = (page: Page) => page.locator('[data-till-customer]')
const cartLine = (page: Page, name = BLOCK.name) => page.locator(`[data-cart-line="${name}"]`)
const completeSale = (page: Page) => page.getByRole('button', { name: /^Complete sale/ })
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/** Waits for the page's document and, with JavaScript, for React to have hydrated it. */
async function settle(page: Page, hydrate: boolean): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor()
  if (hydrate) await waitForHydration(page)
}

/** On the till with no customer: searches for the student and chooses them; resolves on ?contact={guid} with the customer shown. */
async function chooseStudent(page: Page, hydrate: boolean): Promise<void> {
  await page.getByLabel('Find a contact').fill(STUDENT.search)
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  await page.waitForURL((url) => isTill(url) && url.searchParams.get('q') === STUDENT.search)
  const matches = page.getByRole('list', { name: 'Matching contacts' })
  await matches.getByRole('link', { name: `Choose ${STUDENT.name}` }).waitFor()
  await settle(page, hydrate)
  await matches.getByRole('link', { name: `Choose ${STUDENT.name}` }).click()
  await page.waitForURL(isTillWithCustomer)
  await page.locator(`[data-till-customer="${STUDENT.name}"]`).waitFor()
  await settle(page, hydrate)
}

/** Adds `quantity` of an item by its choice text; resolves once the toast says it is in the sale and its line is shown. */
async function addToSale(page: Page, item: { name: string; choice: string }, quantity: number, hydrate: boolean): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByLabel('Item', { exact: true }) })
  await form.getByLabel('Item', { exact: true }).selectOption({ label: item.choice })
  await form.getByLabel('Quantity', { exact: true }).selectOption(String(quantity))
  await form.getByRole('button', { name: 'Add', exact: true }).click()
  await toast(page, `${item.name} is in the sale.`).waitFor()
  await cartLine(page, item.name).waitFor()
  await settle(page, hydrate)
}

/**
 * The success toast of a completed sale, read once (with JavaScript it leaves after two seconds):
 * checks its words and returns the sale number it names ('#0001').
 */
async function saleCompleteToast(page: Page, customer: string): Promise<string> {
  const text = await toast(page, /^Sale #\d+ to /).innerText()
  expect(text).toMatch(new RegExp(`^Sale #\\d{4} to ${customer} is complete\\.$`))
  return /^Sale (#\d+) to /.exec(text)?.[1] ?? ''
}

describe('selling at the desk', () => {
  test('staff open the till from the Store, find the student, sell two blocks on account: the sale is complete, the student owes the total and the stock is down by two', { timeout: 180_000 }, async () => {
    const stockBefore = await storedStock()
    expect(stockBefore, 'the block is stocked').not.toBeNull()
    const mailBefore = (await outboundEmailsTo(STUDENT.email)).length
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: '/store' }, { viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor()
    await waitForHydration(page)
    await expect(page.locator(`[data-store-item="${BLOCK.name}"] td`).nth(2).innerText()).resolves.toBe(String(stockBefore))

    await page.getByRole('link', { name: 'Sell at the desk' }).click()
    await page.waitForURL(isBareTill)
    await page.getByRole('heading', { level: 1, name: 'Sell at the desk' }).waitFor()
    await waitForHydration(page)
    await page.locator('[data-empty-sale]').getByText('Nothing on this sale yet.').waitFor()
    await expect.poll(() => completeSale(page).isDisabled()).toBe(true)
    await page.getByText('Choose the customer first.').waitFor()

    await chooseStudent(page, true)
    await expect(customerCard(page).innerText()).resolves.toContain(`${STUDENT.email} · Nothing owed`)
    // A customer but nothing on the sale: still nothing to complete.
    await expect.poll(() => completeSale(page).isDisabled()).toBe(true)

    await addToSale(page, BLOCK, 2, true)
    expect(isTillWithCustomer(new URL(page.url())), 'the add keeps the customer').toBe(true)
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('2')
    await expect(cartLine(page).locator('[data-line-total]').innerText()).resolves.toBe('$36.00')
    await expect(page.locator('[data-cart-total]').innerText()).resolves.toBe('$36.00')
    await expect(completeSale(page).innerText()).resolves.toBe('Complete sale: $36.00')
    await expect.poll(() => completeSale(page).isEnabled()).toBe(true)
    // Cash is the default; the sale goes on the student's account instead.
    await expect.poll(() => page.getByLabel('Cash', { exact: true }).isChecked()).toBe(true)
    await page.getByLabel('On account (the contact owes it)').check()
    await page.getByLabel('Note').fill('Pays at the end of the month.')

    await completeSale(page).click()
    await page.waitForURL(isBareTill)
    const number = await saleCompleteToast(page, STUDENT.name)
    await page.locator('[data-empty-sale]').getByText('Nothing on this sale yet.').waitFor()
    await expect(customerCard(page).count()).resolves.toBe(0)
    await expect.poll(() => completeSale(page).isDisabled()).toBe(true)
    await expect(page.getByLabel('Find a contact').inputValue()).resolves.toBe('')

    // The same customer again: they owe the sale's total.
    await chooseStudent(page, true)
    await expect(customerCard(page).innerText()).resolves.toContain(`${STUDENT.email} · Owes $36.00`)
    await page.locator('[data-empty-sale]').waitFor()

    expect(await storedStock()).toBe((stockBefore ?? 0) - 2)
    await expect.poll(() => outboundEmailsTo(STUDENT.email), { timeout: 15_000 }).toHaveLength(mailBefore + 1)
    expect((await outboundEmailsTo(STUDENT.email)).at(-1)).toEqual({ to: STUDENT.email, subject: `Your order ${number} from ${STUDIO}` })

    await page.getByRole('link', { name: 'Back to the store' }).click()
    await page.waitForURL((url) => url.pathname === '/store')
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor()
    await expect(page.locator(`[data-store-item="${BLOCK.name}"] td`).nth(2).innerText()).resolves.toBe(String((stockBefore ?? 0) - 2))
  })

  test('without JavaScript staff find the student, add a block and take cash: the sale is complete and the balance unchanged', { timeout: 180_000 }, async () => {
    const stockBefore = await storedStock()
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: TILL }, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
    })
    await page.getByRole('heading', { level: 1, name: 'Sell at the desk' }).waitFor()
    await page.locator('[data-empty-sale]').waitFor()
    await expect.poll(() => completeSale(page).isDisabled()).toBe(true)

    await chooseStudent(page, false)
    const balanceBefore = /· (Nothing owed|Owes \$[\d.,]+|In credit \$[\d.,]+)/.exec(await customerCard(page).innerText())?.[1]
    expect(balanceBefore, 'the customer card shows a balance').toBeTruthy()

    await addToSale(page, BLOCK, 1, false)
    expect(isTillWithCustomer(new URL(page.url())), 'the add keeps the customer').toBe(true)
    await expect(cartLine(page).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('1')
    await expect(page.locator('[data-cart-total]').innerText()).resolves.toBe('$18.00')
    await expect(completeSale(page).innerText()).resolves.toBe('Complete sale: $18.00')
    await page.getByLabel('Other (cheque, transfer)').check()
    await page.getByLabel('Cash', { exact: true }).check()
    await page.getByLabel('Note').fill('Paid at the desk')

    await completeSale(page).click()
    await page.waitForURL(isBareTill)
    const number = await saleCompleteToast(page, STUDENT.name)
    await page.locator('[data-empty-sale]').getByText('Nothing on this sale yet.').waitFor()
    // Only the form posts went to the server, as documents (no Remix data requests).
    expect(posts).toEqual([TILL, TILL])

    await chooseStudent(page, false)
    await expect(customerCard(page).innerText()).resolves.toContain(`${STUDENT.email} · ${balanceBefore}`)
    expect(await storedStock()).toBe((stockBefore ?? 0) - 1)
    await expect.poll(async () => (await outboundEmailsTo(STUDENT.email)).map((mail) => mail.subject), { timeout: 15_000 }).toContain(`Your order ${number} from ${STUDIO}`)
  })

  test('the till with search results, the till with a customer and a sale, and the staff Store pass axe and fit at 1280 and 360 px', { timeout: 300_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: `${TILL}?q=${STUDENT.search}` }, { viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Sell at the desk' }).waitFor()
    await page.getByRole('list', { name: 'Matching contacts' }).getByRole('link', { name: `Choose ${STUDENT.name}` }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'till-search', SCREENSHOTS)

    await page.getByRole('list', { name: 'Matching contacts' }).getByRole('link', { name: `Choose ${STUDENT.name}` }).click()
    await page.waitForURL(isTillWithCustomer)
    await page.locator(`[data-till-customer="${STUDENT.name}"]`).waitFor()
    await waitForHydration(page)
    await addToSale(page, BLOCK, 3, true)
    // The success toast leaves by itself; the screen is checked without it, so every shot is alike.
    await toast(page, `${BLOCK.name} is in the sale.`).waitFor({ state: 'detached' })
    await expect(completeSale(page).innerText()).resolves.toBe('Complete sale: $54.00')
    await checkScreen(page, 'till-sale', SCREENSHOTS)

    await page.goto(site('/store'))
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor()
    await page.locator(`[data-store-item="${BLOCK.name}"]`).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'store-staff', SCREENSHOTS)

    // The sale is left on this context's till: nothing is sold, the stock stays.
  })
})
