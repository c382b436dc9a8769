import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.WEBSITE_BUILDER_SCREENSHOTS_DIR

/** English words of the builder that a Turkish page must not show. */
const ENGLISH_BUILDER_WORDS = /Lets build a website|Add page|Website settings|Internal Page|External Link|View page|What this page lists|This page (has content|is empty)/

describe('the website builder in Turkish', () => {
  test('the page list, a page, its settings dialog, a refused rename and the editor steps read in Turkish', { timeout: 180_000 }, async () => {
    const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400/] })
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
    const page = await login(checked.context, server(), { email: 'admin@demo.test', to: '/website' })
    await page.getByRole('heading', { level: 1, name: 'Web Sitesi - Haydi bir web sitesi kuralım' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Web Sitesi'))
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Web sitesi sayfaları' }).waitFor()
    await expect(page.getByRole('button', { name: 'Sayfa ekle' }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('switch', { name: /Yayında|Gizli/ }).isVisible()).resolves.toBe(true)
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_BUILDER_WORDS)
    await checkScreen(page, 'website-tr', SCREENSHOTS)

    // The settings dialog's switches.
    await page.getByRole('link', { name: 'Web sitesi ayarları' }).click()
    const dialog = page.getByRole('dialog', { name: 'Web Sitesi Ayarları' })
    await dialog.waitFor()
    await expect(dialog.getByRole('switch', { name: /gezinme çubuğunda/ }).isVisible()).resolves.toBe(true)
    await dialog.getByRole('link', { name: 'Kapat' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // A page renamed to nothing is refused in Turkish.
    await page.goto(demo('/website?page=about'))
    await waitForHydration(page)
    await page.getByRole('link', { name: /yeniden adlandır$/ }).click()
    const name = page.getByRole('textbox', { name: 'Sayfa adı' })
    await name.fill('')
    await page.getByRole('button', { name: 'Sayfa adını kaydet' }).click()
    await page.getByText('Sayfa adı zorunludur!').waitFor()

    // The editor's first step: the template gallery.
    await page.goto(demo('/website/edit/about?step=1'))
    await page.getByRole('list', { name: 'Adımlar' }).waitFor()
    await expect(page.getByRole('list', { name: 'Adımlar' }).innerText()).resolves.toMatch(/Şablon Seç[\s\S]*Sayfayı Düzenle[\s\S]*Önizleme/)
    await page.getByRole('list', { name: 'Şablonlar' }).getByText('Boş Şablon').waitFor()
    await page.waitForFunction(() => document.title.startsWith('Sayfayı düzenle'))
  })

  test("the visual editor's panels, blocks and style manager read in Turkish", { timeout: 120_000 }, async () => {
    const checked = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
    const page = await login(checked.context, server(), { email: 'admin@demo.test', to: '/website/edit/about?step=2&template=master-class-studio' })
    const editor = page.locator('[data-testid="visual-editor"]')
    await editor.locator('.gjs-block').first().waitFor()
    const panels = () => editor.innerText()
    for (const words of ['Bloklar', 'Stiller', 'Katmanlar', 'Ayarlar', 'Çerçeveler', 'Temel', 'Stüdyonuz', 'İki sütun', 'Ders programı']) await expect(panels()).resolves.toContain(words)
    await editor.locator('.gjs-pn-btn', { hasText: 'Stiller' }).click()
    await editor.getByText('Stilini düzenlemek için bir öğe seçin').waitFor()
    await page.frameLocator('[data-testid="visual-editor"] iframe.gjs-frame').locator('h1, h2').first().click()
    await editor.getByText('Tipografi').waitFor()
    for (const words of ['Genel', 'Boyut', 'Dekorasyon', 'Sınıflar']) await expect(panels()).resolves.toContain(words)
    await editor.getByText('Tipografi').click()
    await editor.getByText('Yazı boyutu').waitFor()
    await expect(panels()).resolves.toContain('Yarı kalın')
    // GrapesJS's own English (its older Turkish file lacks these) and ours; CSS values stay as CSS writes them.
    expect(await panels()).not.toMatch(/\b(Blocks|Styles|Layers|Outlines|Basic|Your studio|Two columns|Desktop|General|Dimension|Typography|Decorations|Classes|Selected|Font size|Margin|Semi-Bold)\b/)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-tr.png`, animations: 'disabled' })
    checked.expectNoConsoleErrors()
  })
})
