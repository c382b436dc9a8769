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
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** English words of the list that a Turkish page must not show. */
const ENGLISH_LIST_WORDS = /All contacts|New this month|Create Contact|Import contacts|Items per page|Email and phone|Clear filters|Search and filter|\bcontacts\b · showing|Page \d+ of/

async function turkishPage(javaScriptEnabled: boolean, to: string, allowConsoleErrors: RegExp[] = []): Promise<Page> {
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled, allowConsoleErrors })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  return login(checked.context, server(), { email: 'admin@demo.test', to })
}

describe('the staff Contacts screens in Turkish', () => {
  test('the list reads in Turkish with and without JavaScript: totals, filters, table, paging and bulk bar', { timeout: 180_000 }, async () => {
    for (const javaScriptEnabled of [false, true]) {
      const page = await turkishPage(javaScriptEnabled, '/contacts')
      await page.getByRole('heading', { level: 1, name: 'Kişiler' }).waitFor()
      await page.waitForFunction(() => document.title.startsWith('Kişiler'))
      if (javaScriptEnabled) await waitForHydration(page)
      const totals = await page.getByRole('region', { name: 'Kişi toplamları' }).innerText()
      expect(totals).toContain('Tüm kişiler')
      expect(totals).toContain('Bu ay yeni')
      expect(totals).toContain('Üye')
      await expect(page.getByRole('search', { name: 'Kişileri ara ve filtrele' }).isVisible()).resolves.toBe(true)
      await expect(page.getByRole('columnheader', { name: /Bakiye/ }).isVisible()).resolves.toBe(true)
      await expect(page.getByLabel('Sayfa başına öğe:').isVisible()).resolves.toBe(true)
      const main = await page.locator('main').innerText()
      expect(main).toMatch(/\d+ kişi · 1–\d+ arası gösteriliyor/)
      expect(main).toMatch(/Sayfa 1 \/ \d+/)
      // A balance in Turkish writes its decimals after a comma; a day is 'Bugün' or 'N gün önce'.
      expect(main).toMatch(/\d,\d{2}/)
      expect(main).toMatch(/Bugün|gün önce|ay önce|yıl önce|dün/)
      expect(main).not.toMatch(ENGLISH_LIST_WORDS)
      if (javaScriptEnabled) {
        // The bulk bar's hint comes with the hydrated page: waited for, not looked at once.
        await page.getByText('Silmek, etiketlemek ya da dışa aktarmak için kişileri işaretleyin.').waitFor()
        await checkScreen(page, 'contacts-tr', SCREENSHOTS)
      } else {
        await expect(page.getByText('İşaretli kişilerle:').isVisible()).resolves.toBe(true)
      }
      await page.context().close()
    }
  })

  test('a language switch shows the other language although the list is kept per user', { timeout: 120_000 }, async () => {
    const checked = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await login(checked.context, server(), { email: 'admin@demo.test', to: '/contacts' })
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Kişiler' }).waitFor()
    await checked.context.addCookies([{ name: 'lng', value: 'en', url: demo('/') }])
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await expect(page.getByRole('region', { name: 'Contact totals' }).getByText('All contacts').isVisible()).resolves.toBe(true)
  })

  test('the Create Contact dialog and a profile read in Turkish; the browser checks the form in Turkish; axe passes', { timeout: 180_000 }, async () => {
    const page = await turkishPage(true, '/contacts')
    await page.getByRole('heading', { level: 1, name: 'Kişiler' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Kişi Oluştur' }).click()
    const dialog = page.getByRole('dialog', { name: 'Kişi Oluştur' })
    await dialog.waitFor()
    const firstName = dialog.getByRole('textbox', { name: /^Ad\b/ })
    await firstName.waitFor()
    await dialog.getByRole('textbox', { name: /^Soyad\b/ }).waitFor()
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Feragat Formu İmzalandı' }).isChecked()).toBe(true)
    await expect.poll(() => dialog.getByRole('button', { name: 'Gönder' }).isDisabled()).toBe(true)
    await dialog.getByRole('textbox', { name: /^E-posta\b/ }).fill('not an email')
    await firstName.focus()
    await dialog.getByText('Lütfen geçerli bir e-posta adresi girin.').waitFor()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'İptal' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // A profile: its header, its tabs and its details.
    await page.goto(demo('/contacts?q=jose'))
    await page.getByRole('link', { name: 'José García', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'José García' }).waitFor()
    await waitForHydration(page)
    const tabs = page.getByRole('navigation', { name: 'Profil bölümleri' })
    await expect(tabs.getByRole('link').allInnerTexts()).resolves.toEqual(['Ayrıntılar', 'Özel alanlar', 'Aile', 'Üyelikler', 'Zaman çizelgesi', 'Notlar', 'Etiketler', 'Dosyalar'])
    const main = await page.locator('main').innerText()
    expect(main).toContain('Bakiye')
    expect(main).toContain('Veli ve diğer bilgiler')
    expect(main).toContain('Oluşturulma')
    expect(main).not.toMatch(/Guardian and other info|Waiver Form Signed|Not given|Date of birth/)
    await expectNoSeriousA11yViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contacts-tr-profile.png`, fullPage: true })
  })
  test("a profile's Family, Notes, Tags and Memberships tabs, its actions menu and actions page read in Turkish", { timeout: 240_000 }, async () => {
    // A refused tag answers 400, which the browser reports.
    const page = await turkishPage(true, '/contacts?q=lucia', [/status of 400/])
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Lucía García', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Lucía García' }).waitFor()
    const profile = new URL(page.url()).pathname

    // Family: the seeded guardians, the emergency contact and a sibling.
    await page.goto(demo(`${profile}?tab=family`))
    const guardians = page.getByRole('region', { name: 'Veliler' })
    await expect.poll(() => guardians.getByRole('link').allInnerTexts()).toEqual(['José García', 'María García'])
    await expect(guardians.getByText('Acil durum kişisi', { exact: true }).count()).resolves.toBe(1)
    await expect(page.getByRole('region', { name: 'Kardeşler' }).getByRole('link').allInnerTexts()).resolves.toEqual(['Mateo García'])
    await page.getByRole('region', { name: 'Aile üyesi bağla' }).getByText('Bağlanacak kişiyi bulun').waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(/Guardians|Siblings|Emergency contact|Link a family member|Unlink/)
    await checkScreen(page, 'contacts-tr-family', SCREENSHOTS)

    // Notes: added with a Turkish toast, counted in Turkish.
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Profil bölümleri' }).getByRole('link', { name: 'Notlar', exact: true }).click()
    await page.waitForURL(/tab=notes/)
    await page.getByLabel('Yeni not').fill('Sabah dersini tercih ediyor.')
    await page.getByRole('button', { name: 'Not ekle' }).click()
    await page.getByText('Not eklendi.').waitFor()
    const notes = page.getByRole('region', { name: 'Notlar (1)' })
    await notes.getByText('Sabah dersini tercih ediyor.').waitFor()
    await expect(notes.getByRole('link', { name: 'Bu notu düzenle' }).isVisible()).resolves.toBe(true)

    // Tags: a tag the contact has already is refused in Turkish.
    await page.getByRole('navigation', { name: 'Profil bölümleri' }).getByRole('link', { name: 'Etiketler', exact: true }).click()
    await page.waitForURL(/tab=tags/)
    await page.getByLabel('Etiket ekle').fill('Çocuk')
    await page.getByRole('button', { name: 'Etiket ekle' }).click()
    await page.getByText(/etiketi oluşturuldu ve eklendi\.|Etiket eklendi\./).first().waitFor()
    await page.getByLabel('Etiket ekle').fill('çocuk')
    await page.getByRole('button', { name: 'Etiket ekle' }).click()
    await page.getByText('Bu kişide bu etiket zaten var.').first().waitFor()
    await expect(page.getByRole('list', { name: 'Bu kişinin etiketleri' }).isVisible()).resolves.toBe(true)

    await page.getByRole('navigation', { name: 'Profil bölümleri' }).getByRole('link', { name: 'Üyelikler', exact: true }).click()
    await page.waitForURL(/tab=memberships/)
    await page.getByRole('region', { name: 'Üyelikler' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(/No memberships|Class cards and memberships/)

    // The actions menu and a confirmation.
    await page.getByText('İşlemler', { exact: true }).click()
    const menu = page.getByRole('list', { name: 'Lucía García için işlemler' })
    await menu.waitFor()
    expect(await menu.innerText()).toMatch(/E-posta gönder[\s\S]*SMS gönder[\s\S]*Giriş bilgilerini gönder[\s\S]*Etkinlik raporu \(PDF\)[\s\S]*Kişiyi sil/)
    await menu.getByRole('link', { name: /^Giriş bilgilerini gönder/ }).click()
    const confirmation = page.getByRole('dialog', { name: 'Giriş bilgilerini gönder' })
    await confirmation.waitFor()
    await expect(confirmation.innerText()).resolves.toMatch(/adresine gönderilsin mi\?/)
    await confirmation.getByRole('button', { name: 'Hayır' }).click()
    await confirmation.waitFor({ state: 'hidden' })

    // The actions page: the email form checks in Turkish.
    await page.goto(demo(profile.replace(/\/detail$/, '/actions')))
    await page.getByRole('region', { name: 'E-posta gönder' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Lucía García: işlemler'))
    await waitForHydration(page)
    await page.getByRole('button', { name: 'E-posta gönder' }).click()
    await page.getByText('Konu zorunludur.').waitFor()
    const actions = await page.locator('main').innerText()
    expect(actions).toContain('Etkinlik raporu')
    expect(actions).not.toMatch(/Subject|Activity report|Create activity report|Contact profile/)
    await checkScreen(page, 'contacts-tr-actions', SCREENSHOTS)
  })
})
