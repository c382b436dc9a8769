import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.I18N_SCREENSHOTS_DIR

const STUDENT = { orgId: 'demo', email: 'student@demo.test' }

describe('the student portal in Turkish', () => {
  test('a student chooses Türkçe on My Profile and a new browser signed in again shows the portal in Turkish', async () => {
    // An English browser: only the choice kept on the profile can make the pages Turkish.
    const first = await signedInPage(browser, server(), { ...STUDENT, to: '/profile' }, { locale: 'en-US' })
    const profile = first.page
    await profile.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor()
    await waitForHydration(profile)
    await profile.getByLabel('Language', { exact: true }).selectOption('tr')
    await profile.getByRole('button', { name: 'Save language' }).click()
    await profile.getByRole('heading', { level: 1, name: 'Profilim' }).waitFor()
    await expect.poll(() => profile.locator('html').getAttribute('lang')).toBe('tr')
    await expect.poll(() => profile.getByLabel('Dil', { exact: true }).inputValue()).toBe('tr')
    await profile.getByText('Dil kaydedildi.').waitFor()

    // Another browser, no language cookie, English Accept-Language, a new session.
    const second = await signedInPage(browser, server(), { ...STUDENT, to: '/student-assessments' }, { locale: 'en-US' })
    const page = second.page
    await page.getByRole('heading', { level: 1, name: 'Değerlendirmeler' }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('tr')
    await page.getByText('Henüz değerlendirme yok.').waitFor()
    expect(await second.checked.context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'lng' }))
    await waitForHydration(page)
    // Hydrated with the same words: the toolbar's switcher marks Türkçe as the page's language.
    await expect.poll(() => page.getByRole('button', { name: 'Türkçe' }).getAttribute('aria-pressed')).toBe('true')
    await checkScreen(page, 'student-assessments-tr', SCREENSHOTS)

    // The switcher in the portal's toolbar goes back to English and keeps that on the profile.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
  })

  test('My Store, My Invoices, the calendar and My Profile read in Turkish, the profile checks too; axe and widths pass', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { ...STUDENT, to: '/profile' })
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: server().url('demo') }])
    await page.goto(`${server().url('demo')}/store`)
    await page.getByRole('heading', { level: 1, name: 'Mağazam' }).waitFor()
    await page.getByRole('heading', { name: 'Üyeliklerim' }).waitFor()
    await checkScreen(page, 'my-store-tr', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/invoices`)
    await page.getByRole('heading', { level: 1, name: 'Faturalarım' }).waitFor()
    await expect.poll(() => page.title()).toMatch(/^Faturalarım/)
    await checkScreen(page, 'my-invoices-tr', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/classes?date=2026-11-30`)
    await page.getByText('29 Kas - 5 Ara 2026').waitFor()
    await page.getByText('Pzt 30 Kas 2026').first().waitFor()
    await checkScreen(page, 'classes-tr', SCREENSHOTS)

    await page.goto(`${server().url('demo')}/profile`)
    await page.getByRole('heading', { level: 1, name: 'Profilim' }).waitFor()
    await waitForHydration(page)
    // The browser's own check, before anything is sent, in Turkish.
    await page.getByLabel('Ad', { exact: true }).fill('')
    await page.getByLabel('Soyad', { exact: true }).focus()
    await page.getByText('Ad zorunludur.').waitFor()
    await checkScreen(page, 'profile-tr', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })
})
