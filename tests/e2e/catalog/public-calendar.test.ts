import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser } from '#tests/e2e/support/browser'
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
})
