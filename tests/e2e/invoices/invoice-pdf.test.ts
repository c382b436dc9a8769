import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { DEMO_STUDENT_EMAIL } from '#db/seed-catalog-data'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.INVOICES_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'

let postgres: DatabaseHandle | null = null
let nextNumber = 4240

/**
 * An on-account staff invoice of the demo student, written straight into the server's own
 * database (Postgres only: PGlite is held by the server alone), with one free-text line.
 */
async function insertInvoice(): Promise<{ guid: string; number: number }> {
  if (!postgres) throw new Error('the server has no Postgres database to write to')
  nextNumber += 1
  const number = nextNumber
  return asSystem(postgres, 'e2e: an invoice of the demo student', async (trx) => {
    const tenant = await trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow()
    const student = await trx.selectFrom('contacts').select(['id', 'first_name', 'last_name']).where('tenant_id', '=', tenant.id).where('email', '=', DEMO_STUDENT_EMAIL).executeTakeFirstOrThrow()
    const invoice = await trx
      .insertInto('invoices')
      .values({
        tenant_id: tenant.id,
        number,
        contact_id: student.id,
        status: 'unpaid',
        source: 'staff',
        payment_method: 'account',
        currency: 'USD',
        subtotal_minor: 9000,
        total_minor: 9000,
        paid_minor: 0,
        balance_minor: 9000,
        first_name: student.first_name,
        last_name: student.last_name,
        email: DEMO_STUDENT_EMAIL,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('invoice_lines')
      .values({
        tenant_id: tenant.id,
        invoice_id: invoice.id,
        sequence: 1,
        item_id: null,
        item_name: 'Three private sessions',
        item_type: 'custom',
        quantity: 3,
        unit_price_minor: 3000,
        price_minor: 9000,
        total_minor: 9000,
      })
      .execute()
    const { guid } = await trx.selectFrom('invoices').select('guid').where('id', '=', invoice.id).executeTakeFirstOrThrow()
    return { guid: String(guid), number }
  })
}

/** The file behind the page's download link, fetched with the page's cookies (node resolves no *.localhost names, so by Host header). */
async function downloadFrom(page: Page): Promise<{ status: number; type: string; start: string }> {
  const href = (await page.getByRole('link', { name: /^Download invoice-\d{4}\.pdf$/ }).getAttribute('href')) ?? ''
  const url = new URL(page.url())
  const cookies = await page.context().cookies(url.origin)
  const answer = await send(Number(url.port), href, { host: url.host, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') })
  return { status: answer.status, type: String(answer.headers['content-type'] ?? ''), start: answer.body.slice(0, 5) }
}

beforeAll(async () => {
  const url = server().databaseUrl
  if (url) postgres = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 })
})

afterAll(async () => {
  await postgres?.close()
})

describe.skipIf(!process.env.DATABASE_URL)('the invoice PDF — skipped without DATABASE_URL: the test writes its invoices into the server’s database', () => {
  test('the student asks for the PDF of their invoice; the page follows the job and offers the download', { timeout: 120_000 }, async () => {
    const invoice = await insertInvoice()
    const { page } = await signedInPage(browser, server(), { email: DEMO_STUDENT_EMAIL, to: `/invoices/${invoice.guid}/pdf` }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: `Invoice #${invoice.number}` }).waitFor()
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Make the PDF' }).click()
    // Revalidated in place until the job has made it.
    await page.getByRole('link', { name: `Download invoice-${invoice.number}.pdf` }).waitFor({ timeout: 30_000 })
    await checkScreen(page, 'invoice PDF (student)', SCREENSHOTS)
    await expect(downloadFrom(page)).resolves.toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' })
  })

  test('without JavaScript staff ask for it and the page refreshes itself until the download is there', { timeout: 120_000 }, async () => {
    const invoice = await insertInvoice()
    const { page } = await signedInPage(browser, server(), { email: ADMIN, to: `/invoices/${invoice.guid}/pdf` }, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await page.getByText(`The PDF of invoice #${invoice.number} has not been made yet.`).waitFor()
    await page.getByRole('button', { name: 'Make the PDF' }).click()
    // The refresh tag reloads the page every two seconds while the PDF is being made.
    await page.getByRole('link', { name: `Download invoice-${invoice.number}.pdf` }).waitFor({ timeout: 30_000 })
    // No axe here: it runs scripts in the page, which this context does not allow (the student's test checks the same page).
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/invoice-pdf-staff-no-js.png`, fullPage: true })
    await expect(downloadFrom(page)).resolves.toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' })
  })
})
