import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

/** A small export from another system: its own header words, a semicolon, accents, a quoted cell with a comma, a bad row. */
function sampleFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-e2e-'))
  const path = join(dir, 'studio-members.csv')
  const lines = [
    'Given name;Surname;E-mail;Mobile;Labels;Town',
    'Inès;Moreau;ines.moreau@import.test;555-010-0301;"Yoga, Morning";Lyon',
    'Kwame;Mensah;kwame@import.test;555-010-0302;Pilates;Accra',
    'Li;Wei;li.wei@import.test;;;Suzhou',
    'Broken;Row;not-an-email;;;',
  ]
  writeFileSync(path, `\uFEFF${lines.join('\r\n')}\r\n`)
  return path
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}

describe('importing contacts from a CSV file', () => {
  test('upload, map with suggestions, preview, import, watch it finish, find the people in the list', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' })
    // A click while React takes the page over can be lost: wait until it has.
    await waitForHydration(page)
    // On a loaded machine a click can land while the list is still settling and lead nowhere:
    // press again until the import page's address is reached (a few tries).
    const importLink = page.getByRole('link', { name: 'Import contacts' })
    const onImport = (url: URL) => url.pathname === '/contacts/import'
    for (let attempt = 1; !onImport(new URL(page.url())); attempt++) {
      await importLink.click()
      const arrived = await page.waitForURL(onImport, { timeout: 20_000 }).then(
        () => true,
        () => false,
      )
      if (!arrived && attempt === 3) throw new Error(`the import page did not open after ${attempt} presses; the page is at ${page.url()}`)
    }
    await page.getByRole('heading', { level: 1, name: 'Import contacts' }).waitFor({ timeout: 60_000 })
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('CSV file').setInputFiles(sampleFile())
    await page.getByRole('button', { name: 'Upload and map columns' }).click()
    await page.getByRole('heading', { level: 1, name: 'Map columns' }).waitFor()
    await waitForHydration(page)
    // The separator and the columns were recognised from the header.
    await expect(page.getByLabel('Values are separated by').inputValue()).resolves.toBe(';')
    await expect(page.getByLabel('Given name', { exact: true }).inputValue()).resolves.toBe('firstName')
    await expect(page.getByLabel('E-mail', { exact: true }).inputValue()).resolves.toBe('email')
    await expect(page.getByLabel('Labels', { exact: true }).inputValue()).resolves.toBe('tags')
    const preview = page.getByRole('table', { name: /Preview of the first rows/ })
    await expect(preview.getByRole('row').count()).resolves.toBe(5)
    await expect(preview.getByText('Email: Please enter a valid email address.').isVisible()).resolves.toBe(true)
    // 'Town' is not suggested: choosing City updates the preview by itself.
    await page.getByLabel('Town', { exact: true }).selectOption('city')
    await preview.getByRole('columnheader', { name: 'City' }).waitFor()
    await expect(preview.getByRole('cell', { name: 'Lyon' }).isVisible()).resolves.toBe(true)
    await shoot(page, 'import-mapping-desktop')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Import 4 rows' }).click()
    await page.getByRole('heading', { level: 1, name: 'Import progress' }).waitFor()
    // The page looks again by itself until the job is done.
    await page.getByRole('heading', { name: 'Done' }).waitFor({ timeout: 60_000 })
    const progress = page.getByRole('progressbar', { name: 'Rows imported' })
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('4')
    await expect(page.getByRole('link', { name: 'Download errors (CSV)' }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('table', { name: 'Rows not imported' }).getByText('Email: Please enter a valid email address.').isVisible()).resolves.toBe(true)
    await shoot(page, 'import-status-desktop')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Open the contacts list' }).click()
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await page.getByLabel('Search', { exact: true }).fill('mensah')
    await page.waitForURL(/q=mensah/)
    await expect.poll(() => page.locator('tbody th[scope="row"]').allInnerTexts()).toEqual([expect.stringContaining('Kwame Mensah')])
    checked.expectNoConsoleErrors()
  })

  test('works without JavaScript, and reads well at 360 px', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts/import' }, { javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
    await page.getByLabel('CSV file').setInputFiles(sampleFile())
    await page.getByRole('button', { name: 'Upload and map columns' }).click()
    await page.getByRole('heading', { level: 1, name: 'Map columns' }).waitFor()
    await page.getByLabel('Town', { exact: true }).selectOption('city')
    await page.getByLabel('Update', { exact: false }).check()
    await page.getByRole('button', { name: 'Update preview' }).click()
    await page.getByRole('table', { name: /Preview of the first rows/ }).getByRole('columnheader', { name: 'City' }).waitFor()
    await expect(page.getByRole('table', { name: /Preview of the first rows/ }).getByRole('cell', { name: 'Lyon' }).isVisible()).resolves.toBe(true)
    await expect.poll(() => page.getByLabel('Update', { exact: false }).isChecked()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shoot(page, 'import-mapping-360')
    await page.getByRole('button', { name: 'Import 4 rows' }).click()
    await page.getByRole('heading', { level: 1, name: 'Import progress' }).waitFor()
    // Without scripts the page refreshes itself (a refresh tag inside noscript) until it is done.
    await page.getByRole('heading', { name: 'Done' }).waitFor({ timeout: 60_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shoot(page, 'import-status-360')
  })
})
