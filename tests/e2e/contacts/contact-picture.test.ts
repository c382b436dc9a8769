import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

const SCREENSHOTS = process.env.CONTACTS_SCREENSHOTS_DIR

async function photo(width: number, height: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer()
  return { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer }
}

async function openProfile(page: Page, search: string, name: string): Promise<void> {
  await page.goto(`${server().url('demo')}/contacts?q=${encodeURIComponent(search)}`)
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

/** The picture in the profile header, once the browser has decoded it: its natural width. */
async function loadedWidth(image: Locator): Promise<number> {
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth)
}

const headerPicture = (page: Page) => page.locator('header img[src^="/uploads/"]')

describe("a contact's picture", () => {
  test('staff upload a picture with a preview, see it on the profile and the list, then remove it', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { allowConsoleErrors: [/status of 415/] })
    await openProfile(page, 'mei chen', 'Mei Chen')
    await waitForHydration(page)
    await expect(headerPicture(page).count()).resolves.toBe(0)

    await page.getByText('Add a picture').click()
    // A file that is not a picture is refused in place, the input marked invalid.
    await page.getByLabel('Picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await page.getByRole('button', { name: 'Upload picture' }).click()
    await page.getByText('Only PNG, JPEG, GIF or WebP images can be uploaded.').waitFor()
    await expect(page.getByLabel('Picture').getAttribute('aria-invalid')).resolves.toBe('true')
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Picture').setInputFiles(await photo(900, 600))
    await page.getByRole('img', { name: 'Preview of the chosen picture' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Upload picture' }).click()
    await page.getByText('Picture updated successfully').waitFor()
    await expect(headerPicture(page).getAttribute('src')).resolves.toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}-profile\.webp$/)
    await expect(loadedWidth(headerPicture(page))).resolves.toBe(256)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contact-picture-profile.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // The list's avatar is the small square: lazy, sized, and decorative beside the name.
    await page.goto(`${server().url('demo')}/contacts?q=${encodeURIComponent('mei chen')}`)
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Mei Chen', exact: true }) })
    const avatar = row.locator('img')
    await expect(avatar.getAttribute('src')).resolves.toMatch(/-list\.webp$/)
    await expect(avatar.evaluate((element: HTMLImageElement) => [element.loading, element.getAttribute('width'), element.getAttribute('height'), element.alt])).resolves.toEqual(['lazy', '32', '32', ''])
    await expect(loadedWidth(avatar)).resolves.toBe(64)
    await expectNoSeriousA11yViolations(page)

    await row.getByRole('link', { name: 'Mei Chen', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Mei Chen' }).waitFor()
    await page.getByText('Change picture').click()
    await page.getByRole('button', { name: 'Remove picture' }).click()
    await page.getByText('Picture removed successfully').waitFor()
    await expect.poll(() => headerPicture(page).count()).toBe(0)
  })

  test('without JavaScript a refused file says why on the profile, and a picture uploads', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/contacts' }, { javaScriptEnabled: false, allowConsoleErrors: [/status of 415/] })
    await openProfile(page, 'kenji', 'Kenji Watanabe')
    await page.getByText('Add a picture').click()
    await page.getByLabel('Picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await page.getByRole('button', { name: 'Upload picture' }).click()
    await page.getByText('Only PNG, JPEG, GIF or WebP images can be uploaded.').waitFor()
    await expect(page.getByLabel('Picture').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(headerPicture(page).count()).resolves.toBe(0)

    await page.getByLabel('Picture').setInputFiles(await photo(400, 800))
    await page.getByRole('button', { name: 'Upload picture' }).click()
    await page.getByText('Picture updated successfully').waitFor()
    await expect(loadedWidth(headerPicture(page))).resolves.toBe(256)
  })

  test('a student sets their own picture on My Profile', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'student@demo.test', to: '/profile' })
    await page.getByRole('heading', { name: 'My Profile' }).waitFor()
    await waitForHydration(page)
    await page.getByText('Add a picture').click()
    await page.getByLabel('Picture').setInputFiles(await photo(300, 300))
    await page.getByRole('button', { name: 'Upload picture' }).click()
    await page.getByText('Picture updated successfully').waitFor()
    const picture = page.getByRole('region', { name: 'Account' }).locator('img[src^="/uploads/"]')
    await expect(loadedWidth(picture)).resolves.toBe(256)
    await expectNoSeriousA11yViolations(page)
  })
})
