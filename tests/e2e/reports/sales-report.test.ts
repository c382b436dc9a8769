import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import type { LedgerMethod } from '#db/tables/checkout'
import { asSystem, withTenant } from '#db/tenant-scope'
import { nextInvoiceNumber } from '#server/checkout/invoice-number'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { namedSalesPeriod } from '#server/reports/sales-period'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.SALES_SCREENSHOTS_DIR

const ADMIN = 'admin@demo.test'
/** The demo studio's zone (db/seed-catalog-data.ts). */
const ZONE = 'America/New_York'

/**
 * On Postgres the test reaches the server's own database and writes three sales there (two this
 * month, one last month); on PGlite, which the server holds alone, the report is empty and its
 * totals are zero.
 */
let seeded = false
let postgres: DatabaseHandle | null = null

type E2eSale = { name: string; totalMinor: number; method: LedgerMethod; provider?: string; paidAt: Date; refundMinor?: number }

async function writeSale(database: DatabaseHandle, sale: E2eSale): Promise<void> {
  const demo = await asSystem(database, 'e2e: the demo tenant', (trx) => trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow())
  await withTenant(database, demo.id, async (trx) => {
    const student = await trx.selectFrom('contacts').select('id').where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
    const refunded = sale.refundMinor ?? 0
    const invoice = await trx
      .insertInto('invoices')
      .values({
        tenant_id: demo.id,
        number: await nextInvoiceNumber(trx, demo.id),
        contact_id: student.id,
        status: 'paid',
        source: 'staff',
        payment_method: sale.method,
        currency: 'USD',
        subtotal_minor: sale.totalMinor,
        total_minor: sale.totalMinor,
        balance_minor: 0,
        paid_minor: sale.totalMinor,
        refunded_minor: refunded,
        first_name: 'Stella',
        last_name: 'Student',
        email: 'student@demo.test',
        paid_at: sale.paidAt,
        created_at: sale.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('invoice_lines')
      .values({
        tenant_id: demo.id,
        invoice_id: invoice.id,
        sequence: 1,
        item_id: null,
        item_name: sale.name,
        item_type: 'custom',
        quantity: 1,
        unit_price_minor: sale.totalMinor,
        price_minor: sale.totalMinor,
        total_minor: sale.totalMinor,
      })
      .execute()
    const payment = await trx
      .insertInto('invoice_payments')
      .values({
        tenant_id: demo.id,
        invoice_id: invoice.id,
        method: sale.method,
        provider: sale.provider ?? null,
        amount_minor: sale.totalMinor,
        refunded_minor: refunded,
        currency: 'USD',
        paid_at: sale.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (refunded > 0) {
      await trx.insertInto('invoice_refunds').values({ tenant_id: demo.id, invoice_payment_id: payment.id, amount_minor: refunded, created_at: sale.paidAt }).execute()
    }
  })
}

beforeAll(async () => {
  const url = server().databaseUrl
  if (!url) return
  postgres = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 })
  const now = new Date()
  const lastMonth = namedSalesPeriod('last-month', dateInputValue(now, ZONE))
  const midLastMonth = zonedTimeToInstant(`${lastMonth.from.slice(0, 8)}15`, '12:00', ZONE) ?? now
  await writeSale(postgres, { name: 'E2E Desk Sale', totalMinor: 2500, method: 'cash', paidAt: new Date(now.getTime() - 60_000) })
  await writeSale(postgres, { name: 'E2E Online Sale', totalMinor: 4000, method: 'card', provider: 'STRIPE', paidAt: new Date(now.getTime() - 30_000), refundMinor: 1000 })
  await writeSale(postgres, { name: 'E2E Last Month Sale', totalMinor: 1200, method: 'other', paidAt: midLastMonth })
  seeded = true
})

afterAll(async () => {
  await postgres?.close()
})

const total = (page: Page, name: 'taken' | 'refunded' | 'net') => page.locator(`[data-total="${name}"] span`).nth(1)
const saleRow = (page: Page, itemName: string) => page.locator('[data-sale-row]').filter({ hasText: itemName })
const preset = (page: Page, name: string) => page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name, exact: true })

describe('the sales report', () => {
  test('staff open the report, see this month with its totals, change to last month and to typed days; the report fits 1280 and 360 px and passes axe', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: '/reports/sales' }, { viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor()
    await waitForHydration(page)
    await expect(preset(page, 'This month').getAttribute('aria-current')).resolves.toBe('page')
    await expect(page.locator('[data-period]').innerText()).resolves.toMatch(/^This month \(/)

    if (seeded) {
      await expect(total(page, 'taken').innerText()).resolves.toBe('$65.00')
      await expect(total(page, 'refunded').innerText()).resolves.toBe('$10.00')
      await expect(total(page, 'net').innerText()).resolves.toBe('$55.00')
      await expect(saleRow(page, 'E2E Desk Sale').locator('td').last().innerText()).resolves.toBe('Completed')
      await expect(saleRow(page, 'E2E Online Sale').count()).resolves.toBe(2)
      await expect(page.locator('[data-sale-row="Refunded"]').filter({ hasText: 'E2E Online Sale' }).getByText('-$10.00').count()).resolves.toBe(1)
      await expect(page.locator('[data-breakdown="STRIPE"]').innerText()).resolves.toMatch(/Stripe\s+\$40\.00\s+\$10\.00\s+\$30\.00/)
      await expect(saleRow(page, 'E2E Last Month Sale').count()).resolves.toBe(0)
    } else {
      await expect(total(page, 'taken').innerText()).resolves.toBe('$0.00')
    }
    await checkScreen(page, 'sales report', SCREENSHOTS)

    // Last month, by its link.
    await preset(page, 'Last month').click()
    await page.waitForURL((url) => url.pathname === '/reports/sales' && url.searchParams.get('period') === 'last-month')
    await page
      .locator('[data-period]')
      .getByText(/^Last month \(/)
      .waitFor()
    await expect(preset(page, 'Last month').getAttribute('aria-current')).resolves.toBe('page')
    if (seeded) {
      await page.locator('[data-total="taken"]').getByText('$12.00').waitFor()
      await expect(saleRow(page, 'E2E Last Month Sale').locator('td').nth(4).innerText()).resolves.toBe('Other')
      await expect(saleRow(page, 'E2E Desk Sale').count()).resolves.toBe(0)
    }

    // Typed days: a period that holds nothing says so.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01')
    await page.getByLabel('To', { exact: true }).fill('2020-01-31')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL((url) => url.searchParams.get('from') === '2020-01-01' && url.searchParams.get('to') === '2020-01-31')
    await page.locator('[data-period]').getByText('Jan 01, 2020 – Jan 31, 2020').waitFor()
    await page.getByRole('cell', { name: 'No Record Found' }).waitFor()
    await expect(total(page, 'taken').innerText()).resolves.toBe('$0.00')
    await expect(page.locator('nav[aria-label="Period"] [aria-current="page"]').count()).resolves.toBe(0)
    await checkScreen(page, 'sales report, empty', SCREENSHOTS)
  })

  test('without JavaScript the filter form and the period links work too', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: '/reports/sales' }, { javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor()
    await page.getByLabel('Method').selectOption('cash')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL((url) => url.searchParams.get('method') === 'cash')
    await expect(preset(page, 'This month').getAttribute('aria-current')).resolves.toBe('page')
    if (seeded) {
      await expect(total(page, 'taken').innerText()).resolves.toBe('$25.00')
      await expect(saleRow(page, 'E2E Online Sale').count()).resolves.toBe(0)
    }
    await preset(page, 'This year').click()
    await page.waitForURL((url) => url.searchParams.get('period') === 'this-year' && url.searchParams.get('method') === 'cash')
    await page
      .locator('[data-period]')
      .getByText(/^This year \(/)
      .waitFor()
  })
})
