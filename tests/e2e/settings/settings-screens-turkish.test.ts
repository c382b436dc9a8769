import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.SETTINGS_SCREENSHOTS_DIR

// A form shown again with its messages answers 400, which the browser logs as a failed load.
const refusedForm = /status of 400/

/** Each descriptor screen: its Turkish heading, words it must show, and English it must not. */
const SCREENS = [
  { path: '/settings/account', heading: 'Hesap Ayarları', words: ['Kuruluş Adı', 'Hesap Sahibi', 'Saat Dilimi', 'Kuruluş Kimliği', 'API anahtarı', 'Yeniden oluştur'], english: /Organization Name|Account Owner|Time Zone|Org Id|API key|Regenerate|Submit|Cancel/ },
  { path: '/settings/display', heading: 'Modül Ayarları', words: ['Modüller', 'Etkinlikler', 'Diğer Ayarlar', 'Modülleri özelleştir', 'Diğer Ayarları özelleştir'], english: /Manage Modules|Other Settings|Customise|Save\b|Register Button Label/ },
  { path: '/settings/roles', heading: 'Rol Ayarları', words: ['Dersler veya Programlar', 'Personel', 'Ön Büro', 'Bu ekranı özelleştir'], english: /Classes or Programs|Courses|\bStaff\b|FrontDesk|Customise this screen|Administrators/ },
  { path: '/settings/studentapp', heading: 'Öğrenci Uygulaması', words: ['Kurs Menüsü Adı', 'Ana Renk', 'Birinci kapak görseli'], english: /Course Menu Label|Primary Color|cover image|Submit|Cancel/ },
  { path: '/settings/paccount', heading: 'Ödeme Ayarları', words: ['Varsayılan Para Birimi', 'Desteklenen Para Birimleri', 'Fatura Notu'], english: /Default Currency|Supported Currencies|Invoice Note|Card Fees|Submit|Cancel/ },
  { path: '/settings/website', heading: 'Web Sitesi Ayarları', words: ['Kuruluş Logosu', 'Web Sitesi Alt Bilgisi', 'SEO ayarları'], english: /Organization Logo|Website Footer|Favorite Icon|SEO settings|Submit|Cancel/ },
  { path: '/settings/seosetting', heading: 'SEO ayarları', words: ['SEO Anahtar Kelimeleri', 'API anahtarı', 'Yenile'], english: /SEO Keywords|SEO Description|API key|Refresh|Not generated yet|Submit|Cancel/ },
] as const

async function turkishPage(to: string, allowConsoleErrors: RegExp[] = []): Promise<Page> {
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, allowConsoleErrors })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  return login(checked.context, server(), { email: 'admin@demo.test', to })
}

describe('the settings screens in Turkish', () => {
  test('each descriptor screen reads in Turkish: title, heading, fields, buttons and the back link', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/settings/account')
    for (const screen of SCREENS) {
      await page.goto(demo(screen.path))
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor()
      await page.waitForFunction((title) => document.title.startsWith(title), screen.heading)
      await waitForHydration(page)
      await expect(page.getByRole('link', { name: 'Geri' }).isVisible(), screen.path).resolves.toBe(true)
      const main = await page.locator('main').innerText()
      for (const word of screen.words) expect(main, `${screen.path}: ${word}`).toContain(word)
      expect(main, screen.path).not.toMatch(screen.english)
    }
    await page.context().close()
  })

  test('the main screens fit at 1280 and 360 px and pass axe', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/settings/account')
    for (const [path, heading, name] of [
      ['/settings/account', 'Hesap Ayarları', 'settings-account-tr'],
      ['/settings/display', 'Modül Ayarları', 'settings-display-tr'],
      ['/settings/paccount', 'Ödeme Ayarları', 'settings-paccount-tr'],
      ['/settings/roles', 'Rol Ayarları', 'settings-roles-tr'],
    ] as const) {
      await page.goto(demo(path))
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await waitForHydration(page)
      await checkScreen(page, name, SCREENSHOTS)
    }
    await page.context().close()
  })

  test('a required field left empty is refused in Turkish, in the browser and by the server', { timeout: 180_000 }, async () => {
    const page = await turkishPage('/settings/studentapp', [refusedForm])
    await page.getByRole('heading', { level: 1, name: 'Öğrenci Uygulaması' }).waitFor()
    await waitForHydration(page)
    await page.getByLabel('Kurs Menüsü Adı').fill('')
    // Leaving the field shows its message first, so the button has stopped moving when pressed.
    await page.getByLabel('Kurs Menüsü Adı').blur()
    await page.getByText('Kurs Menüsü Adı zorunludur!').waitFor()
    await page.getByRole('button', { name: 'Gönder' }).click()
    await page.getByRole('alert').filter({ hasText: 'Geçersiz form!' }).waitFor()
    await page.context().close()

    // Without JavaScript the server answers with the same Turkish words.
    const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false, allowConsoleErrors: [refusedForm] })
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
    const plain = await login(checked.context, server(), { email: 'admin@demo.test', to: '/settings/account' })
    await plain.getByRole('heading', { level: 1, name: 'Hesap Ayarları' }).waitFor()
    await plain.getByLabel('Kuruluş Adı').fill('')
    await plain.getByRole('button', { name: 'Gönder' }).click()
    await plain.getByText('Kuruluş Adı zorunludur!').waitFor()
    await expect(plain.getByText('Geçersiz form!').isVisible()).resolves.toBe(true)
    await plain.context().close()
  })

  test("the rich-text toolbar, drawn once the editor has loaded, names its controls in Turkish", { timeout: 120_000 }, async () => {
    const page = await turkishPage('/settings/templates/add')
    await page.getByRole('heading', { level: 1, name: 'Şablon Ayrıntıları' }).waitFor()
    await waitForHydration(page)
    const toolbar = page.getByRole('toolbar', { name: 'Mesaj: biçimlendirme' })
    await toolbar.waitFor()
    for (const name of ['Kalın', 'İtalik', 'Numaralı liste', 'Girintiyi artır', 'Bağlantı', 'Biçimlendirmeyi temizle', 'Başlık', 'Yazı boyutu', 'Hizalama']) {
      await expect(toolbar.getByRole('button', { name, exact: true }).count(), name).resolves.toBe(1)
    }
    await expect(toolbar.getByRole('button', { name: /^(Bold|Italic|Heading|Link|Alignment)$/ }).count()).resolves.toBe(0)
    // Quill's stylesheet shows a heading choice's data-label: the page's words, not its English.
    await expect(toolbar.locator('.ql-header .ql-picker-item[data-value="1"]').getAttribute('data-label')).resolves.toBe('Başlık 1')
    await page.context().close()
  })
})
