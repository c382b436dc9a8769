import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.BILLING_SCREENSHOTS_DIR
/** The demo seed's student (db/seed-data.ts). */
const STUDENT = { name: 'Stella Student', search: 'student' }

/** English words of the invoice screens that a Turkish page must not show. */
const ENGLISH_REPORT_WORDS = /Every sale|New invoice|All statuses|Per page|Show archived|Upcoming membership|No recurring|\bInvoiced\b|\bOwed\b|\bBalance\b|\bStatus\b/
const ENGLISH_FORM_WORDS = /Invoice to|Change contact|Described below|Description|Taxable|Charge card fees|More lines|Due date|Sales person|Nobody|Create invoice|\bCancel\b|\bLines\b|\bDetails\b/
const ENGLISH_INVOICE_WORDS = /Billed to|Subtotal|\bPaid\b|Payments|No payments yet|Record a payment|Paid with|\bCash\b|Record payment|\bManage\b|Void invoice|\bArchive\b|Written by staff|Nothing owed|\bEdit\b/

async function turkishPage(to: string): Promise<Page> {
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  // The refused invoice and payment posts answer 400 on purpose: the browser logs them.
  checked.allowConsoleErrors(/status of 400 \(Bad Request\).*\/invoices\/[^ ]*\.data/)
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  const page = await login(checked.context, server(), { email: 'admin@demo.test', to })
  page.setDefaultTimeout(20_000)
  return page
}

const toast = (page: Page, text: RegExp) => page.getByRole('status').filter({ hasText: text })

describe('the staff invoice screens in Turkish', () => {
  test('the report, a new invoice refused then created, the invoice and its payment form read in Turkish; widths and axe pass', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/invoices')
    await page.getByRole('heading', { level: 1, name: 'Faturalar' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Faturalar'))
    await waitForHydration(page)
    // Read as written: the labels are drawn in capitals.
    const totals = (await page.locator('[data-invoice-totals]').textContent()) ?? ''
    expect(totals).toContain('Faturalanan')
    expect(totals).toContain('Tahsil edilen')
    await expect(page.getByLabel('Durum').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('Sayfa başına').isVisible()).resolves.toBe(true)
    await page.getByRole('region', { name: 'Yaklaşan üyelik ödemeleri' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_REPORT_WORDS)
    await checkScreen(page, 'invoices-tr', SCREENSHOTS)

    // A new invoice for the student: a line with no price is refused in Turkish.
    await page.goto(demo(`/invoices/new?q=${STUDENT.search}`))
    await page.getByRole('heading', { level: 1, name: 'Yeni fatura' }).waitFor()
    await page.getByRole('link', { name: `${STUDENT.name} kişisini seç` }).click()
    await page.locator('[data-invoice-contact]').waitFor()
    await waitForHydration(page)
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_FORM_WORDS)
    const first = page.locator('[data-invoice-line="1"]')
    await first.getByLabel('Açıklama (kalem 1)').fill('Özel ders')
    await checkScreen(page, 'invoice-new-tr', SCREENSHOTS)
    await page.getByRole('button', { name: 'Fatura oluştur' }).click()
    await first.getByText('Fiyat zorunludur!').waitFor()
    await expect(page.title()).resolves.toMatch(/^Yeni fatura/)

    await first.getByLabel('Fiyat (USD) (kalem 1)').fill('40.00')
    await page.getByRole('button', { name: 'Fatura oluştur' }).click()
    await page.waitForURL((url) => /^\/invoices\/[0-9a-f-]{36}$/.test(url.pathname))
    await toast(page, /^#\d{4} numaralı fatura oluşturuldu\.$/).waitFor()
    await page.getByRole('heading', { level: 1, name: /^Fatura #\d{4}$/ }).waitFor()
    await page.getByText('Beklemede', { exact: true }).waitFor()
    await page.getByRole('region', { name: 'Ödemeler', exact: true }).getByText('Henüz ödeme yok.').waitFor()
    const main = await page.locator('main').innerText()
    expect(main).toContain('Personel tarafından yazıldı')
    // An amount in Turkish writes its decimals after a comma.
    expect(main).toMatch(/40,00/)
    expect(main).not.toMatch(ENGLISH_INVOICE_WORDS)
    await waitForHydration(page)

    // A payment with no amount is refused in Turkish.
    const payment = page.getByRole('region', { name: 'Ödeme kaydet', exact: true })
    await payment.getByRole('button', { name: 'Ödemeyi kaydet' }).click()
    await payment.getByText('Tutar gerekli!').waitFor()
    await checkScreen(page, 'invoice-tr', SCREENSHOTS)

    // The void confirmation asks in Turkish.
    await page.getByRole('link', { name: 'Faturayı iptal et' }).click()
    const dialog = page.getByRole('dialog', { name: 'Faturayı iptal et' })
    await dialog.getByText('Bu fatura iptal edilsin mi?', { exact: false }).waitFor()

    // The edit form is Turkish too.
    await page.goto(`${page.url().split('?')[0] ?? ''}/edit`)
    await page.getByRole('heading', { level: 1, name: /^#\d{4} numaralı faturayı düzenle$/ }).waitFor()
    await page.getByRole('button', { name: 'Faturayı kaydet' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_FORM_WORDS)
    await page.context().close()
  })
})
