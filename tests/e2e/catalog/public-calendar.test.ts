import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CALENDAR_SCREENSHOTS_DIR

const calendarUrl = (search = '') => `${server().url('demo')}/calendar${search}`
const occurrences = (page: Page) => page.locator('[data-occurrence]')
const rangeTitle = (page: Page) => page.locator('#calendar-range').innerText()

describe('the public calendar', () => {
  test('a visitor without JavaScript browses the month and the week, filters by teacher and follows next week', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await page.goto(`${server().url('demo')}/home`)
    // The public menu leads there; the demo's 'Calendar Website view' is Monthly View.
    await page.getByRole('navigation').getByRole('link', { name: 'Calendar', exact: true }).first().click()
    await page.waitForURL((url) => url.pathname === '/calendar')
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor()
    expect(await page.locator('[data-calendar-view]').getAttribute('data-calendar-view')).toBe('month')
    expect(await occurrences(page).count()).toBeGreaterThan(30)

    await page.getByRole('link', { name: 'Week', exact: true }).click()
    await page.waitForURL(/view=week/)
    expect(await page.locator('[data-calendar-view]').getAttribute('data-calendar-view')).toBe('week')
    const weekCount = await occurrences(page).count()
    expect(weekCount).toBeGreaterThan(5)

    // Filter by teacher with the plain GET form.
    await page.getByLabel('Teacher').selectOption({ label: 'Yuki Tanaka' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/teacher=/)
    const filtered = await occurrences(page).allInnerTexts()
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.length).toBeLessThan(weekCount)
    for (const text of filtered) expect(text).toContain('Yuki Tanaka')

    // Next week keeps the filter and moves the range on by seven days.
    const before = await rangeTitle(page)
    const dateBefore = new URL(page.url()).searchParams.get('date') ?? ''
    await page.getByRole('link', { name: 'Next week' }).click()
    await page.waitForURL((url) => url.searchParams.get('date') !== dateBefore)
    const url = new URL(page.url())
    expect(url.searchParams.get('teacher')).not.toBeNull()
    expect(new Date(`${url.searchParams.get('date')}T00:00:00Z`).getTime() - new Date(`${dateBefore}T00:00:00Z`).getTime()).toBe(7 * 86_400_000)
    expect(await rangeTitle(page)).not.toBe(before)
    for (const text of await occurrences(page).allInnerTexts()) expect(text).toContain('Yuki Tanaka')
    // Upcoming classes offer the tenant's register button, leading to the sign-up address.
    const register = page.getByRole('link', { name: /^Register:/ }).first()
    expect(await register.getAttribute('href')).toMatch(/^\/signup\/[0-9a-f-]{36}\/\d{8}T\d{6}\?scheduleId=/)
  })

  test('week and month at 1280 px have no serious accessibility problem; past classes are greyed without a button', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(calendarUrl('?view=week'))
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-week-1280.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    await page.goto(calendarUrl('?view=month'))
    await page.locator('[data-calendar-view="month"]').waitFor()
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-month-1280.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    // The previous week has passed: every class there is greyed and none can be booked.
    await page.goto(calendarUrl('?view=week'))
    const thisWeek = await rangeTitle(page)
    await page.getByRole('link', { name: 'Previous week' }).click()
    await page.waitForURL(/view=week&date=/)
    await expect.poll(() => rangeTitle(page)).not.toBe(thisWeek)
    await page.locator('[data-occurrence]').first().waitFor()
    expect(await page.locator('[data-occurrence]:not([data-past])').count()).toBe(0)
    expect(await page.getByRole('link', { name: /^Register:/ }).count()).toBe(0)
  })

  test('on a 360 px phone the week is a list by day without empty days', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })
    await page.goto(calendarUrl('?view=week'))
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor()
    const days = page.locator('[data-day]')
    expect(await days.count()).toBe(7)
    let shown = 0
    for (let index = 0; index < 7; index++) {
      const day = days.nth(index)
      const hasClasses = (await day.locator('[data-occurrence]').count()) > 0
      expect(await day.isVisible()).toBe(hasClasses)
      if (!hasClasses) continue
      shown += 1
      // A list: each day takes the whole width, one under the other.
      const box = await day.boundingBox()
      expect(box?.width ?? 0).toBeGreaterThan(300)
    }
    expect(shown).toBeGreaterThan(3)
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-week-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)

    await page.goto(calendarUrl('?view=month'))
    await page.locator('[data-calendar-view="month"]').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-month-360.png`, fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })

  test('in Turkish: the week, the month, the filter, the footer and a class sign-up; axe and 360 px pass', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(30_000)
    await page.goto(calendarUrl('?view=week'))
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Türkçe' }).click()
    await page.locator('html[lang="tr"]').waitFor({ state: 'attached' })
    await page.getByRole('link', { name: 'Önceki hafta' }).waitFor()
    await waitForHydration(page)
    for (const words of ['Sonraki hafta', 'Bugün', 'Hafta', 'Ay']) await page.getByRole('link', { name: words, exact: true }).waitFor()
    await page.getByRole('button', { name: 'Filtrele' }).waitFor()
    const main = await page.locator('main').innerText()
    expect(main).toContain('Tüm eğitmenler')
    expect(main).toMatch(/Saatler .+ saatine göre gösterilir\./)
    expect(main).not.toMatch(/\b(Previous|Next) (week|month)\b|All teachers|Times are shown/)
    // Day names and 24-hour times as Turkish writes them.
    expect(await page.locator('[data-day] h3').first().innerText()).toMatch(/^(Paz|Pzt|Sal|Çar|Per|Cum|Cmt) /)
    expect(await page.locator('[data-occurrence] time').first().innerText()).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/)
    expect(await page.locator('footer').innerText()).not.toMatch(/\b(Explore|Get in touch)\b/)
    await expectNoSeriousA11yViolations(page)
    await screenshotAtWidths(page, SCREENSHOTS, 'calendar-week-turkish')

    await page.getByRole('link', { name: 'Ay', exact: true }).click()
    await page.locator('[data-calendar-view="month"]').waitFor()
    expect(await page.locator('[data-calendar-view="month"] [aria-hidden] > div').allTextContents()).toEqual(['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'])
    await page.getByRole('link', { name: 'Sonraki ay' }).waitFor()

    // An upcoming class's sign-up page, for a visitor, in Turkish.
    // Next week has classes still to come whatever day today is.
    await page.goto(calendarUrl('?view=week'))
    await page.getByRole('link', { name: 'Sonraki hafta' }).click()
    await page.waitForURL(/view=week&date=/)
    const register = page.locator('[data-occurrence]:not([data-past]) a[href^="/signup/"]').first()
    await register.click()
    await page.waitForURL((url) => url.pathname.startsWith('/signup/'))
    await page.getByText('Ders kaydı').waitFor()
    await page.getByRole('link', { name: 'Rezerve etmek için giriş yapın' }).waitFor()
    expect(await page.title()).toMatch(/^Kayıt: /)
    expect(await page.locator('main').innerText()).not.toMatch(/Sign in to book|Class sign-up|spots? left/)
    await expectNoSeriousA11yViolations(page)
    await page.setViewportSize({ width: 360, height: 780 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await screenshotAtWidths(page, SCREENSHOTS, 'class-signup-turkish')
  })
})
