import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

/**
 * The media gallery end to end: staff upload two images with JavaScript (each with its own
 * progress), give one alt text, and a visitor sees both on the website's Media Gallery page with
 * responsive, lazy images; without JavaScript the same form uploads and a delete is confirmed.
 */

const SCREENSHOTS = process.env.MEDIA_SCREENSHOTS_DIR
const ADMIN = 'admin@demo.test'
const viewport = { width: 1280, height: 900 }
const ALT = 'Students stretching in the morning sun'

const server = useServer()
const browser = useBrowser()

async function photo(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
/** Error toasts stay until closed and are announced at once. */
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const card = (page: Page, name: string) => page.locator('[data-media-item]').filter({ hasText: name })

describe('the media gallery', () => {
  test('staff upload two images with JavaScript, set alt text, and a visitor sees the gallery; axe and widths pass', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: ADMIN, to: '/website/media' }, { viewport, allowConsoleErrors: [/status of 415/] })
    page.setDefaultTimeout(30_000)
    await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor()
    await page.getByText('No images or videos yet').waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'media-empty', SCREENSHOTS)

    // A file that is no image or video is refused on its own line; nothing is added.
    await page.getByLabel('Images and videos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.locator('[data-upload-state="failed"]').filter({ hasText: 'notes.txt' }).getByText('Only images and videos can be uploaded', { exact: false }).waitFor()
    await errorToast(page, '1 of 1 files could not be uploaded.').waitFor()

    await page
      .getByLabel('Images and videos')
      .setInputFiles([await photo('studio-morning.jpg', 2400, 1600, { r: 230, g: 160, b: 60 }), await photo('studio-evening.jpg', 900, 1200, { r: 40, g: 70, b: 160 })])
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => page.locator('[data-upload-state="uploaded"]').count(), { timeout: 30_000 }).toBe(2)
    await toast(page, '2 files uploaded.').waitFor()
    await card(page, 'studio-morning.jpg').waitFor()
    await card(page, 'studio-evening.jpg').waitFor()
    await expect(card(page, 'studio-morning.jpg').locator('img').getAttribute('srcset')).resolves.toMatch(/-w480\.webp 480w, .+-w960\.webp 960w, .+-w1600\.webp 1600w$/)
    await expect(card(page, 'studio-evening.jpg').locator('img').getAttribute('srcset')).resolves.toMatch(/-w480\.webp 480w, .+-w900\.webp 900w$/)
    await checkScreen(page, 'media-grid', SCREENSHOTS)

    await page.getByRole('link', { name: 'Edit studio-morning.jpg' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Image' })
    await dialog.waitFor()
    await checkScreen(page, 'media-edit', SCREENSHOTS)
    await dialog.getByLabel('Alt text').fill(ALT)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Alt text saved.').waitFor()
    await card(page, 'studio-morning.jpg').getByText(ALT).waitFor()

    // The delete confirmation, looked at and left with No.
    await page.getByRole('link', { name: 'Delete studio-evening.jpg' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Image' })
    await confirm.waitFor()
    await checkScreen(page, 'media-delete', SCREENSHOTS)
    await confirm.getByRole('link', { name: 'No' }).click()
    await page.waitForURL((url) => url.pathname === '/website/media')
    await expect(card(page, 'studio-evening.jpg').count()).resolves.toBe(1)
    checked.expectNoConsoleErrors()

    // A visitor: the page is in the menu, the images come in every width, lazily but the first.
    const { page: visitor, checked: visitorChecked } = await browser.newPage({ viewport })
    await visitor.goto(`${server().url('demo')}/home`)
    await visitor.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Media Gallery' }).click()
    await visitor.waitForURL((url) => url.pathname === '/mediagallery')
    await visitor.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor()
    const images = visitor.locator('[data-gallery] img')
    await expect(images.count()).resolves.toBe(2)
    const attributes = await images.evaluateAll((found) =>
      (found as HTMLImageElement[]).map((image) => ({
        alt: image.alt,
        loading: image.loading,
        decoding: image.decoding,
        srcset: image.srcset,
        sizes: image.sizes,
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
      })),
    )
    // Newest first: the evening photo was chosen last.
    expect(attributes[0]).toMatchObject({ alt: '', loading: 'eager', decoding: 'async', width: '480', height: '640' })
    expect(attributes[1]).toMatchObject({ alt: ALT, loading: 'lazy', decoding: 'async', width: '480', height: '320' })
    for (const image of attributes) {
      expect(image.srcset).toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}-w480\.webp 480w, /)
      expect(image.sizes).toBe('(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw')
    }
    await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0)
    await expect(visitor.getByRole('link', { name: `${ALT} (full size)` }).getAttribute('href')).resolves.toMatch(/-w1600\.webp$/)
    await checkScreen(visitor, 'gallery-public', SCREENSHOTS)
    visitorChecked.expectNoConsoleErrors()

    // The site's sitemap names the gallery, and robots.txt names the sitemap, on the tenant's own host.
    const origin = server().url('demo')
    const sitemap = await visitor.goto(`${origin}/sitemap.xml`)
    expect(sitemap?.status()).toBe(200)
    expect(sitemap?.headers()['content-type']).toBe('application/xml; charset=utf-8')
    expect(await sitemap?.text()).toContain(`<loc>${origin}/mediagallery</loc>`)
    const robots = await visitor.goto(`${origin}/robots.txt`)
    expect(robots?.status()).toBe(200)
    expect(await robots?.text()).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })

  test('without JavaScript the form uploads, says why it refuses a file, and deletes after its confirmation', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { email: ADMIN, to: '/website/media' }, { viewport, javaScriptEnabled: false, allowConsoleErrors: [/status of 415/] })
    page.setDefaultTimeout(30_000)
    await page.getByLabel('Images and videos').setInputFiles({ name: 'clip.mov', mimeType: 'video/quicktime', buffer: Buffer.from('not really a movie') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByText('Only images and videos can be uploaded', { exact: false }).first().waitFor()
    await expect(page.getByLabel('Images and videos').getAttribute('aria-invalid')).resolves.toBe('true')

    await page.getByLabel('Images and videos').setInputFiles(await photo('no-script.jpg', 700, 500, { r: 90, g: 160, b: 90 }))
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.waitForURL((url) => url.pathname === '/website/media')
    await toast(page, '1 file uploaded.').waitFor()
    await card(page, 'no-script.jpg').waitFor()

    await page.getByRole('link', { name: 'Delete no-script.jpg' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Image' })
    await dialog.waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/media-delete-no-js.png`, fullPage: true })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Image deleted.').waitFor()
    await expect(card(page, 'no-script.jpg').count()).resolves.toBe(0)
    checked.expectNoConsoleErrors()
  })
})
