import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.CATALOG_SCREENSHOTS_DIR

/** English words of the item lists and editors that a Turkish page must not show. */
const ENGLISH_ITEM_WORDS =
  /Search by name|Show archived|\bAdd (Course|Product|Event|Membership|Donation campaign|Product bundle)\b|\bPublished\b|\bPrivate\b|\bPrice options?\b|Cover image|SEO URL needs|Quantity choices|Charge card fees|Membership type|Number of credits|Billing day of month|Trial period|Add price option|Payment type|Stock quantity|Supplier|Suggested amounts|Registration closes|\bCancel\b|\bSave\b|\bArchive\b/

/** English words of the class screens that a Turkish page must not show. */
const ENGLISH_CLASS_WORDS =
  /\bClasses\b|Add class|Show archived|Next session|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|\b(AM|PM)\b|Upcoming sessions|Save class|Days of the week|Number of weeks|Add room|\d+ booked|Roster|Check in|Cancel session|This session|Save session/

async function turkishPage(to: string): Promise<Page> {
  // The forms' refusals answer 400, which the browser logs.
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 \(Bad Request\)/] })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  return login(checked.context, server(), { email: 'admin@demo.test', to })
}

async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText()
}

describe('the staff catalog screens in Turkish', () => {
  test('each kind’s list reads in Turkish, with its title, columns and statuses', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/services')
    const lists: Array<[path: string, heading: string, column: string | null]> = [
      ['/services', 'Kurslar', 'Ödeme'],
      ['/products', 'Mağaza Ürünleri', 'Stokta'],
      ['/product-bundle', 'Ürün paketleri', 'İçerik'],
      ['/donation', 'Bağışlar', 'Hedef'],
      ['/memberships', 'Üyelikler', null],
      ['/rules', 'Etkinlikler', null],
    ]
    for (const [path, heading, column] of lists) {
      await page.goto(demo(path))
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await page.waitForFunction((title) => document.title.startsWith(title), heading)
      await page.getByRole('search').getByLabel('Ada göre ara').waitFor()
      await expect(page.getByRole('columnheader', { name: 'Durum' }).isVisible()).resolves.toBe(true)
      if (column) await expect(page.getByRole('columnheader', { name: column }).isVisible()).resolves.toBe(true)
      const main = await mainText(page)
      expect(main).toMatch(/Yayında|Gizli/)
      expect(main, path).not.toMatch(ENGLISH_ITEM_WORDS)
      if (path === '/services' || path === '/memberships') await checkScreen(page, `catalog-tr-${path.slice(1)}`, SCREENSHOTS)
    }
    // Prices in Turkish write their decimals after a comma.
    await page.goto(demo('/memberships'))
    await page.getByRole('heading', { level: 1, name: 'Üyelikler' }).waitFor()
    expect(await mainText(page)).toMatch(/\d,\d{2}/)
    await page.context().close()
  })

  test('the editors read in Turkish; a mistake comes back in Turkish beside its field', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/memberships')
    await page.getByRole('heading', { level: 1, name: 'Üyelikler' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Üyelik ekle' }).click()
    await page.getByRole('heading', { level: 1, name: 'Üyelik ekle' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Üyelik ekle'))
    await waitForHydration(page)
    await expect(page.getByRole('region', { name: 'Ayrıntılar' }).isVisible()).resolves.toBe(true)
    const option = page.getByRole('group', { name: 'Fiyat seçeneği 1' })
    await option.getByLabel('Üyelik türü').selectOption('recurring')
    await option.getByLabel('Sıklık').waitFor()
    await expect(option.getByLabel('Sıklık').locator('option').allInnerTexts()).resolves.toEqual(['Seçin', 'Günlük', 'Haftalık', 'Aylık', 'Üç aylık', 'Altı aylık', 'Yıllık'])
    expect(await mainText(page)).not.toMatch(ENGLISH_ITEM_WORDS)
    await checkScreen(page, 'catalog-tr-membership-new', SCREENSHOTS)

    // Saved with a price that is not an amount (the browser lets it through): the server's messages are Turkish.
    await page.getByRole('region', { name: 'Ayrıntılar' }).getByLabel(/^Ad(\s|\*|$)/).fill('Aylık Sınırsız')
    await option.getByLabel(/^Ad(\s|\*|$)/).fill('Aylık')
    await option.getByLabel(/^Fiyat \(/).fill('on iki')
    await option.getByLabel('Sıklık').selectOption('monthly')
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
    await page.getByText('Lütfen aşağıda işaretlenen alanları düzeltin.').waitFor()
    await page.getByText('Lütfen 25 ya da 25.50 gibi bir tutar girin.').waitFor()
    expect(await mainText(page)).not.toMatch(/is required!|Please correct|Please enter an amount/)
    await expectNoSeriousA11yViolations(page)

    // A course and a product open in Turkish with their own cards.
    await page.goto(demo('/services'))
    await page.getByRole('heading', { level: 1, name: 'Kurslar' }).waitFor()
    await page.getByRole('link', { name: 'Introductory Session' }).click()
    await page.getByRole('heading', { level: 1, name: 'Introductory Session' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Kursu düzenle'))
    const course = await mainText(page)
    expect(course).toContain('Ödeme türü')
    expect(course).toContain('Kurs içeriği')
    expect(course).toContain('Arşivle')
    expect(course).not.toMatch(ENGLISH_ITEM_WORDS)
    await checkScreen(page, 'catalog-tr-course-edit', SCREENSHOTS)

    // Its content: sections (kısım) and chapters (bölüm).
    await page.getByRole('link', { name: 'Kurs içeriği' }).click()
    await page.getByRole('heading', { level: 1, name: 'Kurs içeriği' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Kurs içeriği: Introductory Session'))
    const content = await mainText(page)
    for (const words of ['Kısımlar ve bölümler', 'Yeni kısım başlığı', 'Kısım ekle', 'Kurs ayrıntıları']) expect(content).toContain(words)
    expect(content).not.toMatch(/Sections and chapters|Add section|Add chapter|Rename section|Delete section|Course details/)
    await checkScreen(page, 'catalog-tr-course-content', SCREENSHOTS)

    await page.goto(demo('/products/new'))
    await page.getByRole('heading', { level: 1, name: 'Ürün ekle' }).waitFor()
    const product = await mainText(page)
    expect(product).toContain('Stok ve tedarikçi')
    expect(product).toContain('Diğer resimler')
    expect(product).not.toMatch(ENGLISH_ITEM_WORDS)

    await page.goto(demo('/donation/new'))
    await page.getByRole('heading', { level: 1, name: 'Bağış kampanyası ekle' }).waitFor()
    const donation = await mainText(page)
    expect(donation).toContain('Bağışçıların verdikleri')
    expect(donation).not.toMatch(ENGLISH_ITEM_WORDS)

    await page.goto(demo('/rules/new'))
    await page.getByRole('heading', { level: 1, name: 'Etkinlik ekle' }).waitFor()
    const event = await mainText(page)
    expect(event).toContain('Ne zaman ve nerede')
    expect(event).not.toMatch(ENGLISH_ITEM_WORDS)
    await page.context().close()
  })

  test('the class list, a class and one of its sessions read in Turkish; a mistake in Add class comes back in Turkish', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/schedule')
    await page.getByRole('heading', { level: 1, name: 'Dersler' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Dersler'))
    await expect(page.getByRole('columnheader', { name: 'Sonraki oturum' }).isVisible()).resolves.toBe(true)
    const list = await mainText(page)
    // A weekly rule reads in Turkish days and a 24-hour clock.
    expect(list).toMatch(/(Pzt|Sal|Çar|Per|Cum|Cmt|Paz)[^\n]* \d{2}:\d{2}/)
    expect(list).not.toMatch(ENGLISH_CLASS_WORDS)
    await checkScreen(page, 'catalog-tr-schedule', SCREENSHOTS)

    // A class: its upcoming sessions, its fields and its rules.
    await page.locator('[data-class-row]').first().getByRole('link').first().click()
    await page.getByRole('region', { name: 'Yaklaşan oturumlar' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Dersi düzenle'))
    const editor = await mainText(page)
    for (const words of ['Ders adı', 'Eğitmen', 'Salon', 'Dersi kaydet', 'Program', 'Salonlar']) expect(editor).toContain(words)
    expect(editor).not.toMatch(ENGLISH_CLASS_WORDS)
    await checkScreen(page, 'catalog-tr-class-edit', SCREENSHOTS)

    // One of its sessions: when it is, the change form and the roster.
    const session = page.getByRole('region', { name: 'Yaklaşan oturumlar' }).getByRole('link').first()
    await session.click()
    await page.getByRole('region', { name: 'Bu oturum' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Ders oturumu'))
    const occurrence = await mainText(page)
    for (const words of ['Oturumu kaydet', 'Katılımcı listesi', 'Oturumu iptal et']) expect(occurrence).toContain(words)
    expect(occurrence).not.toMatch(ENGLISH_CLASS_WORDS)
    await checkScreen(page, 'catalog-tr-session', SCREENSHOTS)

    // Add class, saved with nothing filled in: the server's messages are Turkish.
    await page.goto(demo('/schedule/new'))
    await page.getByRole('heading', { level: 1, name: 'Ders ekle' }).waitFor()
    await waitForHydration(page)
    const form = await mainText(page)
    for (const words of ['Haftanın günleri (haftalık)', 'Hafta sayısı', 'Herkese açık takvimde göster']) expect(form).toContain(words)
    expect(form).not.toMatch(ENGLISH_CLASS_WORDS)
    await page.getByRole('button', { name: 'Dersi kaydet' }).click()
    await page.getByText('Ders adı zorunludur.').waitFor()
    await page.getByText('Haftanın en az bir gününü seçin.').waitFor()
    expect(await mainText(page)).not.toMatch(/is required|Choose at least|Enter a start/)
    await expectNoSeriousA11yViolations(page)
    await page.context().close()
  })
})
