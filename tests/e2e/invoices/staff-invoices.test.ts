import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { dateInputValue } from '#server/dates/local-time'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { connectDemoStripe, useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'
import { send } from '#tests/e2e/support/http'
import { outboundEmailsTo as keptEmailsTo } from '#tests/e2e/support/kept-emails'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'

/**
 * Staff invoices end to end: staff write an invoice for the demo student on /invoices/new, email
 * it, and record its money in two parts at the desk (cash, then other) until it is complete; a
 * visitor holding the invoice's public pay link pays another one on Stripe's hosted page without
 * JavaScript and without signing in, and staff then see it complete with the card payment.
 *
 * One server for the file, with the demo studio's Stripe account connected to the fake Stripe
 * in beforeAll (the pay link's Pay button needs a provider).
 */

const SCREENSHOTS = process.env.INVOICE_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
/** The demo tenant's name, as the invoice email's subject gives it (db/seed.ts). */
const STUDIO = 'Demo Yoga Studio'
/** The demo seed's student (db/seed-data.ts). */
const STUDENT = { name: 'Stella Student', email: 'student@demo.test', search: 'student' }
/** The demo studio's zone (db/seed-catalog-data.ts). */
const ZONE = 'America/New_York'
const viewport = { width: 1280, height: 900 }

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

const site = (path: string) => `${server().url('demo')}${path}`
const demoHost = () => `demo.localhost:${server().port}`
const GUID = /^[0-9a-f-]{36}$/
const isInvoice = (url: URL) => /^\/invoices\/[0-9a-f-]{36}$/.test(url.pathname) && url.search === ''
const isOrderOf = (guid: string) => (url: URL) => url.pathname === `/checkout/orders/${guid}`

let adminCookie = ''
let postgres: DatabaseHandle | null = null

beforeAll(async () => {
  adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: ADMIN })}`
  await connectDemoStripe({ server: server(), stripe: stripe(), adminCookie })
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})

afterAll(async () => {
  await postgres?.close()
})

/** The emails kept for one address: the outbox table on Postgres, the server's log on PGlite. */
const outboundEmailsTo = (to: string) => keptEmailsTo(to, { postgres, server: server() })

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
/** The invoice's status chip: its word, alone in its element. */
const chip = (page: Page, word: string) => page.getByText(word, { exact: true })
const sum = (page: Page, label: string) =>
  page
    .locator('[data-invoice-sums] div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
/** A fact of the invoice's card by its term: 'Due', 'Sales person', 'Last emailed'. */
const detail = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd')
const paymentsList = (page: Page) => page.getByRole('region', { name: 'Payments', exact: true })
const paymentForm = (page: Page) => page.getByRole('region', { name: 'Record a payment', exact: true })
const line = (page: Page, row: number) => page.locator(`[data-invoice-line="${row}"]`)

/** Back to the top with nothing focused, so a full-page screenshot shows the page as it opens (the shell's bar is fixed). */
async function topOfPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    window.scrollTo(0, 0)
  })
}

/** The invoice number the page's heading names ('#0003'), once the invoice page is shown. */
async function invoiceNumber(page: Page): Promise<string> {
  const heading = await page.getByRole('heading', { level: 1, name: /^Invoice #\d{4}$/ }).innerText()
  return heading.replace('Invoice ', '')
}

/** Records a payment in the invoice page's form and waits for its toast. */
async function recordPayment(page: Page, input: { method: RegExp; amount: string; note: string; toastText: string }): Promise<void> {
  const form = paymentForm(page)
  await form.getByRole('radio', { name: input.method }).check()
  await form.getByLabel(/^Amount \(USD\)/).fill(input.amount)
  await form.getByLabel('Note', { exact: true }).fill(input.note)
  await form.getByRole('button', { name: 'Record payment' }).click()
  await toast(page, input.toastText).waitFor()
}

/** The demo student's contact guid, from the Choose link of /invoices/new's contact search (works on PGlite too). */
async function studentGuid(): Promise<string> {
  const answer = await send(server().port, `/invoices/new?q=${encodeURIComponent(STUDENT.email)}`, { host: demoHost(), cookie: adminCookie })
  const link = new RegExp(`<a[^>]*aria-label="Choose ${STUDENT.name}"[^>]*>`).exec(answer.body)?.[0] ?? ''
  const guid = /contact=([0-9a-f-]{36})/.exec(link)?.[1]
  if (answer.status !== 200 || !guid) throw new Error(`no Choose link for ${STUDENT.name} on /invoices/new: ${answer.status}`)
  return guid
}

/** A staff invoice with one described line, created by the New invoice form's own post; its guid. */
async function postInvoice(line: { description: string; price: string; quantity: string }): Promise<string> {
  const body = new URLSearchParams({
    intent: 'save',
    contact: await studentGuid(),
    'lines[0].choice': 'custom',
    'lines[0].description': line.description,
    'lines[0].price': line.price,
    'lines[0].quantity': line.quantity,
    dueOn: '',
    note: '',
    salesPerson: '',
    shownLines: '3',
  }).toString()
  const saved = await send(server().port, '/invoices/new', { host: demoHost(), method: 'POST', cookie: adminCookie, body })
  const guid = /^\/invoices\/([0-9a-f-]{36})$/.exec(String(saved.headers.location ?? ''))?.[1]
  if (saved.status !== 302 || !guid) throw new Error(`creating an invoice answered ${saved.status} ${String(saved.headers.location ?? '')}\n${saved.body.slice(0, 1000)}`)
  return guid
}

describe('staff invoices', () => {
  test(
    'staff write an invoice for the student, email it, take part in cash and the rest as other: Pending, Partial, Complete; axe and widths pass on the three screens',
    { timeout: 120_000 },
    async () => {
      const { page, checked } = await signedInPage(browser, server(), { email: ADMIN, to: '/invoices' }, { viewport })
      page.setDefaultTimeout(20_000)
      await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
      await waitForHydration(page)
      await page.locator('[data-invoice-totals]').waitFor()
      await page.getByRole('region', { name: 'Upcoming membership payments' }).waitFor()
      await checkScreen(page, 'invoices-report', SCREENSHOTS)

      // New invoice: find the student, choose them.
      await page.getByRole('link', { name: 'New invoice' }).click()
      await page.waitForURL((url) => url.pathname === '/invoices/new')
      await page.getByRole('heading', { level: 1, name: 'New invoice' }).waitFor()
      await page.getByLabel('Find a contact').fill(STUDENT.search)
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
      await page.waitForURL((url) => url.pathname === '/invoices/new' && url.searchParams.get('q') === STUDENT.search)
      const choose = page.getByRole('list', { name: 'Matching contacts' }).getByRole('link', { name: `Choose ${STUDENT.name}` })
      await choose.click()
      await page.waitForURL((url) => url.pathname === '/invoices/new' && GUID.test(url.searchParams.get('contact') ?? ''))
      await expect(page.locator('[data-invoice-contact]').innerText()).resolves.toBe(STUDENT.name)
      await page.getByText(STUDENT.email, { exact: true }).waitFor()

      // One described line: two private lessons at $40.00.
      const first = line(page, 1)
      await first.getByLabel('Line 1', { exact: true }).selectOption({ label: 'Described below' })
      await first.getByLabel('Description of line 1').fill('Private lesson')
      await first.getByLabel('Price (USD) of line 1').fill('40.00')
      await first.getByLabel('Qty of line 1').fill('2')
      const due = dateInputValue(new Date(Date.now() + 14 * 24 * 60 * 60_000), ZONE)
      await page.getByLabel('Due date').fill(due)
      await page.getByLabel('Note', { exact: true }).fill('Thank you for training with us.')
      const salesPerson = page.getByLabel('Sales person')
      await salesPerson.selectOption({ index: 1 })
      const seller = (await salesPerson.locator('option:checked').innerText()).trim()
      await topOfPage(page)
      await checkScreen(page, 'invoice-new', SCREENSHOTS)
      await page.getByRole('button', { name: 'Create invoice' }).click()
      // The form posts every row it shows, the untouched ones too ('Described below', nothing typed): they are to be left out, not refused.
      const refusals = page.locator('form [id$="-error"], form [role="alert"]')
      await Promise.race([
        page.waitForURL(isInvoice).catch(() => undefined),
        refusals
          .first()
          .waitFor()
          .catch(() => undefined),
      ])
      expect(await refusals.allInnerTexts(), 'the New invoice form, as the browser posts it, is refused').toEqual([])
      await page.waitForURL(isInvoice)
      const guid = new URL(page.url()).pathname.split('/').at(-1) ?? ''
      const number = await invoiceNumber(page)
      await toast(page, `Invoice ${number} created.`).waitFor()
      await expect(chip(page, 'Pending').count()).resolves.toBe(1)
      await expect(sum(page, 'Total').innerText()).resolves.toBe('$80.00')
      await expect(sum(page, 'Balance').innerText()).resolves.toBe('$80.00')
      await expect(page.getByRole('row').filter({ hasText: 'Private lesson' }).innerText()).resolves.toMatch(/Private lesson\s+2\s+\$40\.00\s+\$80\.00/)
      await expect(detail(page, 'Sales person').innerText()).resolves.toBe(seller)
      await page.getByText('Thank you for training with us.').waitFor()
      await paymentsList(page).getByText('No payments yet.').waitFor()

      // Email it: the invoice_pending template goes to the student's address through the outbox.
      const mailBefore = (await outboundEmailsTo(STUDENT.email)).length
      await page.getByRole('button', { name: 'Email', exact: true }).click()
      await toast(page, `The invoice was emailed to ${STUDENT.email}.`).waitFor()
      await expect.poll(() => outboundEmailsTo(STUDENT.email), { timeout: 15_000 }).toHaveLength(mailBefore + 1)
      expect((await outboundEmailsTo(STUDENT.email)).at(-1)).toEqual({ to: STUDENT.email, subject: `Invoice ${number} from ${STUDIO}` })
      await detail(page, 'Last emailed').waitFor()

      // Part of it in cash: Partial, $50.00 still owed.
      await recordPayment(page, { method: /^Cash$/, amount: '30.00', note: 'Paid at the desk', toastText: 'Payment recorded.' })
      await expect.poll(() => chip(page, 'Partial').count()).toBe(1)
      await expect(sum(page, 'Paid').innerText()).resolves.toBe('$30.00')
      await expect(sum(page, 'Balance').innerText()).resolves.toBe('$50.00')
      await paymentForm(page).getByText('Balance $50.00').waitFor()
      await expect(paymentsList(page).locator('li').filter({ hasText: 'Paid at the desk' }).innerText()).resolves.toMatch(/^Cash · .+\$30\.00$/s)
      await toast(page, 'Payment recorded.').waitFor({ state: 'detached' })
      await topOfPage(page)
      await checkScreen(page, 'invoice-partial', SCREENSHOTS)

      // The rest as other money: Complete, nothing owed, no payment form any more.
      await recordPayment(page, { method: /^Other/, amount: '50.00', note: 'Bank transfer', toastText: 'Payment recorded. The invoice is paid.' })
      await expect.poll(() => chip(page, 'Complete').count()).toBe(1)
      await expect(sum(page, 'Paid').innerText()).resolves.toBe('$80.00')
      await expect(sum(page, 'Balance').innerText()).resolves.toBe('$0.00')
      await expect(paymentsList(page).locator('li').count()).resolves.toBe(2)
      await expect(paymentsList(page).locator('li').filter({ hasText: 'Bank transfer' }).innerText()).resolves.toMatch(/^Other · .+\$50\.00$/s)
      await expect(paymentForm(page).count()).resolves.toBe(0)

      // The report finds it by its line, complete, with nothing owed.
      await page.goto(site('/invoices'))
      await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor()
      await waitForHydration(page)
      await page.getByLabel('Search', { exact: true }).fill('Private lesson')
      await page.getByLabel('Status').selectOption('complete')
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
      await page.waitForURL((url) => url.pathname === '/invoices' && url.searchParams.get('search') === 'Private lesson' && url.searchParams.get('status') === 'complete')
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) })
      await expect(row.innerText()).resolves.toMatch(new RegExp(`${STUDENT.name}[\\s\\S]*Private lesson[\\s\\S]*\\$80\\.00\\s+\\$0\\.00\\s+Complete`))
      // The row's link opens the invoice in place: the page's own state survives the navigation.
      await page.evaluate(() => document.documentElement.setAttribute('data-report-page', 'still here'))
      await row.getByRole('link', { name: number, exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/invoices/${guid}`)
      await page.getByRole('heading', { level: 1, name: new RegExp(number) }).waitFor()
      await expect(page.evaluate(() => document.documentElement.getAttribute('data-report-page'))).resolves.toBe('still here')
      checked.expectNoConsoleErrors()
    },
  )

  test('without JavaScript a visitor opens the pay link, pays on Stripe’s hosted page and sees it completed; staff see it complete with the card payment', { timeout: 120_000 }, async () => {
    const guid = await postInvoice({ description: 'Workshop fee', price: '55.00', quantity: '1' })
    const mailBefore = (await outboundEmailsTo(STUDENT.email)).length

    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport })
    page.setDefaultTimeout(20_000)
    await page.goto(site(`/meminvoice/${guid}`))
    await page.waitForURL(isOrderOf(guid))
    const number = (await page.getByRole('heading', { level: 1, name: /^Invoice #\d{4}$/ }).innerText()).replace('Invoice ', '')
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Waiting for payment')
    await expect(page.locator('[data-order-line="Workshop fee"]').innerText()).resolves.toContain('$55.00')
    await screenshotAtWidths(page, SCREENSHOTS, 'pay-link-pending-nojs')
    await page.getByRole('button', { name: 'Pay $55.00' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.waitForURL(isOrderOf(guid))
    await page.getByRole('heading', { level: 1, name: `Thank you, invoice ${number} is paid` }).waitFor()
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Completed')
    await expect(page.getByRole('button', { name: /^Pay / }).count()).resolves.toBe(0)
    await screenshotAtWidths(page, SCREENSHOTS, 'pay-link-paid-nojs')
    // The receipt goes to the invoice's address.
    await expect.poll(async () => (await outboundEmailsTo(STUDENT.email)).slice(mailBefore), { timeout: 15_000 }).toContainEqual({ to: STUDENT.email, subject: `Receipt for invoice ${number} from ${STUDIO}` })

    const { page: staff, checked } = await signedInPage(browser, server(), { email: ADMIN, to: `/invoices/${guid}` }, { viewport })
    staff.setDefaultTimeout(20_000)
    await staff.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor()
    await expect(chip(staff, 'Complete').count()).resolves.toBe(1)
    await expect(sum(staff, 'Balance').innerText()).resolves.toBe('$0.00')
    const payments = paymentsList(staff).locator('li')
    await expect(payments.count()).resolves.toBe(1)
    await expect(payments.innerText()).resolves.toMatch(/^Card \(Stripe\) · .+\$55\.00$/s)
    await expect(paymentForm(staff).count()).resolves.toBe(0)
    checked.expectNoConsoleErrors()
  })
})
