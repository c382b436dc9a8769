import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send } from '#tests/e2e/support/http'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.I18N_SCREENSHOTS_DIR

const BOOKMARK = 'Lotus Bookmark'
const BOOKMARK_PAGE = '/merchandise/details/lotus-bookmark'
/** A refused Place order answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

const site = (path: string) => `${server().url('demo')}${path}`
const isCheckout = (url: URL) => url.pathname === '/checkout'
const isOrder = (url: URL) => /^\/checkout\/orders\/[0-9a-f-]{36}$/.test(url.pathname)

/**
 * A free bookmark, so the order completes without a payment page; added through the staff
 * editor's own post by an administrator whose session is inserted.
 */
beforeAll(async () => {
  const adminCookie = `${SESSION_COOKIE}=${await server().sessionTokenFor({ orgId: 'demo', email: 'admin@demo.test' })}`
  const body = new URLSearchParams({
    name: BOOKMARK,
    slug: 'lotus-bookmark',
    summary: 'A paper bookmark with a lotus on it.',
    isPublished: 'on',
    stockQuantity: '20',
    'priceOptions[0].guId': '',
    'priceOptions[0].name': 'One bookmark',
    'priceOptions[0].price': '0',
    'priceOptions[0].qty': '3',
  }).toString()
  const saved = await send(server().port, '/products/new', { host: `demo.localhost:${server().port}`, method: 'POST', cookie: adminCookie, body })
  if (saved.status !== 302) throw new Error(`adding the free bookmark answered ${saved.status}\n${saved.body.slice(0, 2000)}`)
})

async function putBookmarkInCart(page: Page, options: { hydrate: boolean }): Promise<void> {
  await page.goto(site(BOOKMARK_PAGE))
  await page.getByRole('heading', { level: 1, name: BOOKMARK }).waitFor()
  if (options.hydrate) await waitForHydration(page)
  await page.locator('form[data-buy-form]').getByRole('button', { name: `Buy: ${BOOKMARK}` }).click()
  await page.waitForURL(isCheckout)
  await page.locator(`[data-cart-line="${BOOKMARK}"]`).waitFor()
}

/** Presses Türkçe in the toolbar; resolves when the page is drawn again in Turkish. */
async function switchToTurkish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Türkçe' }).click()
  await page.locator('html[lang="tr"]').waitFor({ state: 'attached' })
  await page.getByRole('heading', { level: 1, name: 'Ödeme' }).waitFor()
}

describe('the checkout in Turkish', () => {
  test('without JavaScript a visitor switches to Türkçe, is refused in Turkish and places the order', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await putBookmarkInCart(page, { hydrate: false })
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor()
    await switchToTurkish(page)
    await page.getByRole('heading', { level: 2, name: 'Bilgileriniz' }).waitFor()
    await expect(page.getByRole('button', { name: 'Türkçe' }).getAttribute('aria-pressed')).resolves.toBe('true')
    await expect(page.locator('[data-cart-total]').innerText()).resolves.toBe('$0,00')

    await page.locator('#buyer-first-name').fill('   ')
    await page.getByLabel('Soyad').fill('Yılmaz')
    await page.getByLabel('E-posta').fill('ayse.yilmaz@example.test')
    await page.getByRole('button', { name: 'Siparişi ver' }).click()
    await page.getByText('Ad zorunludur!').waitFor()
    await page.locator('[data-checkout-error]').filter({ hasText: 'Lütfen işaretli alanları düzeltin.' }).waitFor()

    await page.locator('#buyer-first-name').fill('Ayşe')
    await page.getByRole('button', { name: 'Siparişi ver' }).click()
    await page.waitForURL(isOrder)
    // The order page thanks in Turkish too.
    await page.getByRole('heading', { level: 1, name: 'Teşekkürler, siparişiniz alındı' }).waitFor()
    await expect(page.locator('[data-order-status]').innerText()).resolves.toBe('Tamamlandı')
    // The choice stays for the next visit.
    expect((await page.context().cookies(site('/'))).find((cookie) => cookie.name === 'lng')?.value).toBe('tr')
  })

  test('with JavaScript the Turkish checkout hydrates, answers in Turkish, passes axe and fits 360 px', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
    page.setDefaultTimeout(30_000)
    await page.goto(site(BOOKMARK_PAGE))
    await page.getByRole('button', { name: 'Türkçe' }).click()
    await page.locator('html[lang="tr"]').waitFor({ state: 'attached' })
    await page.getByRole('heading', { level: 1, name: BOOKMARK }).waitFor()
    await waitForHydration(page)
    // The checkout's page brings its own words: none is fetched (none could be, such requests
    // are refused here) and no key shows.
    await page.route('**/locales/**', (route) => route.abort())
    // The item page is in Turkish too: its price, and the Buy button the studio left at its default.
    await expect(page.locator('[data-price-option]').first().innerText()).resolves.toContain('Ücretsiz')
    await page.locator('form[data-buy-form]').getByRole('button', { name: `Satın al: ${BOOKMARK}` }).click()
    await page.waitForURL(isCheckout)
    await page.getByRole('heading', { level: 1, name: 'Ödeme' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Bilgileriniz' }).waitFor({ timeout: 5_000 })
    const drawn = await page.locator('main').innerText()
    expect(drawn).not.toMatch(/\b(yourDetails|placeOrder|offerCode)\b/)
    await waitForHydration(page)
    await page.getByRole('textbox', { name: 'İndirim kodu' }).fill('NOSUCHCODE')
    await page.getByRole('button', { name: 'Uygula' }).click()
    await page.locator('[data-offer-error]').filter({ hasText: "'NOSUCHCODE' indirim kodu geçerli değil." }).waitFor()
    // A quantity change after hydration is drawn by the browser's own i18next: still Turkish.
    await page.getByRole('button', { name: `${BOOKMARK} adedini güncelle` }).waitFor()
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width)
      await expectNoSeriousA11yViolations(page)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshotAtWidths(page, SCREENSHOTS, 'checkout-turkish')
  })
})
