import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** English words of the import and Files screens that a Turkish page must not show. */
const ENGLISH_IMPORT_WORDS =
  /Import contacts|Upload a file|CSV file\b|Upload and map|Recent imports|No imports yet|Map columns|Values are separated|Column in the file|Import as|Do not import|When the email|Preview of the first|Update preview|Import progress|Rows not imported|Import another file|Open the contacts list|Download errors|Please enter a valid|New contact|\bCreated\b|\bSkipped\b|\bof \d+ rows/
const ENGLISH_FILES_WORDS = /\bFiles shared with|No files are shared|Share a file|\bUnshare\b/

function sampleFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-tr-e2e-'))
  const path = join(dir, 'uyeler.csv')
  const lines = ['Given name;Surname;E-mail;Town', 'Ayşe;Yılmaz;ayse.yilmaz@import-tr.test;İzmir', 'Mehmet;Öztürk;mehmet.ozturk@import-tr.test;Muğla', 'Bozuk;Satır;not-an-email;']
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}

async function turkishPage(to: string): Promise<Page> {
  // The upload with a mistake is answered 400 on purpose.
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 .*\/contacts\/import/] })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  return login(checked.context, server(), { email: 'admin@demo.test', to })
}

describe('the contact import and a contact\'s Files page in Turkish', () => {
  test('upload, map, preview, import and the result read in Turkish', { timeout: 240_000 }, async () => {
    const page = await turkishPage('/contacts/import')
    await page.getByRole('heading', { level: 1, name: 'Kişileri içe aktar' }).waitFor({ timeout: 60_000 })
    await page.waitForFunction(() => document.title.startsWith('Kişileri içe aktar'))
    await waitForHydration(page)
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_IMPORT_WORDS)
    await checkScreen(page, 'contact-import-upload-tr', SCREENSHOTS)

    // A mistake: no file. The browser's required check is bypassed so the server answers.
    await page.locator('form[enctype="multipart/form-data"]').evaluate((form) => form.setAttribute('novalidate', ''))
    await page.getByRole('button', { name: 'Yükle ve sütunları eşleştir' }).click()
    await page.getByText(/Yüklenecek bir CSV dosyası seçin\.|Dosya boş\./).waitFor()

    await page.getByLabel('CSV dosyası').setInputFiles(sampleFile())
    await page.getByRole('button', { name: 'Yükle ve sütunları eşleştir' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sütunları eşleştir' }).waitFor()
    await waitForHydration(page)
    await page.waitForFunction(() => document.title.startsWith('Sütunları eşleştir'))
    await page.getByLabel('Town', { exact: true }).selectOption('city')
    const preview = page.getByRole('table', { name: /İlk satırların kaydedilecekleri/ })
    await preview.getByRole('columnheader', { name: 'Şehir' }).waitFor()
    await expect(preview.getByText('Yeni kişi').first().isVisible()).resolves.toBe(true)
    await expect(preview.getByText('E-posta: Lütfen geçerli bir e-posta adresi girin.').isVisible()).resolves.toBe(true)
    const mapping = await page.locator('main').innerText()
    expect(mapping).toContain('E-posta zaten kayıtlıysa')
    expect(mapping).not.toMatch(ENGLISH_IMPORT_WORDS)
    await checkScreen(page, 'contact-import-mapping-tr', SCREENSHOTS)

    await page.getByRole('button', { name: 'İçe aktar (3 satır)' }).click()
    await page.getByRole('heading', { level: 1, name: 'İçe aktarma durumu' }).waitFor()
    await page.getByRole('heading', { name: 'Tamamlandı' }).waitFor({ timeout: 60_000 })
    await expect(page.getByRole('progressbar', { name: 'İçe aktarılan satırlar' }).getAttribute('aria-valuetext')).resolves.toBe('3 / 3 satır (%100)')
    await expect(page.getByRole('table', { name: 'İçe aktarılmayan satırlar' }).getByText('E-posta: Lütfen geçerli bir e-posta adresi girin.').isVisible()).resolves.toBe(true)
    // textContent: the counts' names are shown in capitals by their style.
    const result = (await page.locator('main').textContent()) ?? ''
    expect(result).toContain('Oluşturulan')
    expect(result).toContain('Hataları indir (CSV)')
    expect(result).not.toMatch(ENGLISH_IMPORT_WORDS)
    await checkScreen(page, 'contact-import-result-tr', SCREENSHOTS)

    await page.getByRole('link', { name: 'Başka bir dosya içe aktar' }).click()
    await page.getByRole('table', { name: 'Son içe aktarmalar' }).getByRole('link', { name: 'uyeler.csv' }).first().waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_IMPORT_WORDS)
    await page.context().close()
  })

  test("a contact's Files page reads in Turkish", { timeout: 120_000 }, async () => {
    const page = await turkishPage('/contacts')
    await page.getByRole('heading', { level: 1, name: 'Kişiler' }).waitFor({ timeout: 60_000 })
    const href = (await page.locator('tbody th[scope="row"] a').first().getAttribute('href')) ?? ''
    const guId = /^\/contacts\/([0-9a-f-]{36})/.exec(href)?.[1]
    expect(guId).toBeDefined()
    await page.goto(demo(`/contacts/${guId ?? ''}/files`))
    await page.getByRole('heading', { level: 1, name: 'Dosyalar' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Dosyalar'))
    const main = await page.locator('main').innerText()
    expect(main).toContain('Bu kişiyle paylaşılan dosyalar.')
    expect(main).not.toMatch(ENGLISH_FILES_WORDS)
    await checkScreen(page, 'contact-files-tr', SCREENSHOTS)
    await page.context().close()
  })
})
