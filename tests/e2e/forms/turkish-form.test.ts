import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = () => server().url('demo')
const SCREENSHOTS = process.env.FORMS_SCREENSHOTS_DIR
// The studio's own fields keep the words the studio wrote.
const RULES = 'I have read the studio rules'

const widgetState = (page: Page) => page.locator('altcha-widget').evaluate((el) => (el as HTMLElement & { getState(): string }).getState())

describe('a public registration form in Turkish', () => {
  test('a visitor switches the page to Türkçe, is told what is missing in Turkish, signs and submits', { timeout: 180_000 }, async () => {
    const { page } = await browser.newPage()
    await page.goto(`${demo()}/home`)
    const href = await page.locator('a[href^="/pforms/"]').first().getAttribute('href')
    await page.goto(`${demo()}${href}`)
    await page.getByRole('heading', { level: 1, name: 'Trial Class Registration' }).waitFor()

    // The switcher is a plain form: the page comes back drawn in the chosen language.
    await page.getByRole('button', { name: 'Türkçe' }).click()
    await page.waitForFunction(() => document.documentElement.lang === 'tr')
    expect(new URL(page.url()).pathname).toBe(href)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Gönder' }).waitFor()
    await expect(page.getByText(/^İmza tarihi: \d{2} \S+ \d{4}$/).isVisible()).resolves.toBe(true)
    await expectNoSeriousA11yViolations(page)

    // Focusing a field hands the page to the live form; its bot check solves itself.
    await page.getByRole('combobox', { name: 'Experience' }).focus()
    await page.waitForFunction(() => document.querySelector('altcha-widget') !== null && document.activeElement?.tagName === 'SELECT')
    await expect.poll(() => widgetState(page), { timeout: 60_000 }).toBe('verified')
    await expect(page.locator('altcha-widget').innerText()).resolves.toContain('Doğrulandı')

    // Sent empty: the browser's own checks answer in Turkish.
    await page.getByRole('button', { name: 'Gönder' }).click()
    await page.getByRole('alert').filter({ hasText: 'Ad ve Soyad zorunludur!' }).first().waitFor()
    await page.getByText('E-posta zorunludur!').waitFor()
    await page.getByText('İmza zorunludur!').waitFor()
    await screenshotAtWidths(page, SCREENSHOTS, 'form-tr-refused')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('combobox', { name: 'Experience' }).selectOption('Some classes')
    // The standard inputs are the product's, named in Turkish; the studio's own fields are as it wrote them.
    await page.getByRole('textbox', { name: 'Ad Soyad' }).fill('Ayşe Yılmaz')
    await page.getByRole('textbox', { name: 'E-posta' }).fill('ayse.yilmaz@example.com')
    await page.getByRole('textbox', { name: 'Telefon' }).fill('5550100123')
    await page.getByRole('checkbox', { name: RULES }).check()
    await page.getByRole('button', { name: 'Bunun yerine adınızı yazın' }).click()
    await page.getByLabel('İmzalamak için adınızı ve soyadınızı yazın').fill('Ayşe Yılmaz')
    await page.getByLabel('Adımı yazmamın bu formdaki elektronik imzam olduğunu kabul ediyorum.').check()
    await page.getByRole('button', { name: 'Bunun yerine imzanızı çizin' }).waitFor()
    await screenshotAtWidths(page, SCREENSHOTS, 'form-tr-filled')
    await expectNoSeriousA11yViolations(page)

    await expect.poll(() => widgetState(page), { timeout: 60_000 }).toBe('verified')
    await page.getByRole('button', { name: 'Gönder' }).click()
    await page.waitForURL(/\/submitted\//)
    await page.getByRole('heading', { name: 'Trial Class Registration başarıyla gönderildi.' }).waitFor()
    await page.getByText('Kayıt başarıyla tamamlandı').waitFor()
    await page.getByRole('link', { name: 'Kopyanızı indirin (PDF)' }).waitFor({ timeout: 60_000 })
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr')
    await screenshotAtWidths(page, SCREENSHOTS, 'form-tr-submitted')
    await expectNoSeriousA11yViolations(page)
  })
})
