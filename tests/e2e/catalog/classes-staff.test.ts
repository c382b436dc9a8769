import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_TIME_ZONE } from '#db/seed-catalog-data'
import { addDays } from '#server/catalog/calendar-date'
import { dateInputValue } from '#server/dates/local-time'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.CLASSES_SCREENSHOTS_DIR

const shoot = (page: Page, name: string) => screenshotAtWidths(page, SCREENSHOTS, name)

describe('staff classes', () => {
  test('staff add a weekly class, see it on /schedule and on the calendar, open a session and cancel it', { timeout: 180_000 }, async () => {
    const start = addDays(dateInputValue(new Date(), DEMO_TIME_ZONE), 2) ?? ''
    const { page } = await signedInPage(browser, server(), { email: 'staff@demo.test', to: '/schedule' }, { viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(20_000)
    await page.getByRole('heading', { level: 1, name: 'Classes' }).waitFor()
    expect(await page.locator('[data-class-row]').count()).toBeGreaterThanOrEqual(6)
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'classes-list')

    await page.getByRole('link', { name: 'Add class' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add class' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Class name').fill('Dawn Stretch')
    await page.getByLabel('Summary').fill('Twenty minutes to wake up')
    await page.locator('#class-teacher').selectOption({ index: 1 })
    await page.locator('#class-room').selectOption({ index: 1 })
    await page.getByLabel('Capacity').fill('15')
    await page.getByLabel('Duration (minutes)').fill('30')
    await page.getByLabel(/Drop-in price/).fill('12.00')
    await page.getByLabel('Start date').fill(start)
    await page.getByLabel('Start time').fill('06:15')
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await page.getByLabel(day, { exact: true }).check()
    await page.getByLabel('Number of weeks', { exact: true }).fill('2')
    await page.getByRole('button', { name: 'Save class' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dawn Stretch' }).waitFor()
    await page.getByText('Mon, Tue, Wed, Thu, Fri, Sat, Sun at 6:15 AM').first().waitFor()
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'classes-edit')

    await page.goto(`${server().url('demo')}/schedule`)
    const row = page.locator('[data-class-row="Dawn Stretch"]')
    await row.waitFor()
    expect(await row.innerText()).toContain('Mon, Tue, Wed, Thu, Fri, Sat, Sun at 6:15 AM')

    // The calendar shows the new class in the week it starts.
    await page.goto(`${server().url('demo')}/calendar?view=week&date=${start}`)
    await page.locator('[data-occurrence]').first().waitFor()
    expect(await page.locator('[data-occurrence]', { hasText: 'Dawn Stretch' }).count()).toBeGreaterThan(0)

    // Its first session, from the class's upcoming sessions.
    await page.goto(`${server().url('demo')}/schedule`)
    await row.getByRole('link', { name: 'Dawn Stretch' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dawn Stretch' }).waitFor()
    await page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('link').first().click()
    await page.getByRole('heading', { level: 1, name: 'Dawn Stretch' }).waitFor()
    await page.getByRole('heading', { name: /^Roster/ }).waitFor()
    expect(page.url()).toMatch(/\/schedule\/[0-9a-f-]{36}\/\d{8}T061500$/)
    await expectNoSeriousA11yViolations(page)
    await shoot(page, 'classes-occurrence')

    await page.getByRole('link', { name: 'Cancel session' }).click()
    await page.getByRole('heading', { name: 'Cancel this session?' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Message to students (optional)').fill('The studio is closed for repairs.')
    await page.getByRole('button', { name: 'Yes, cancel session' }).click()
    await page.locator('header [data-status="cancelled"]').waitFor()
    expect(await page.getByRole('link', { name: 'Cancel session' }).count()).toBe(0)
    await page.getByText('The studio is closed for repairs.').waitFor()
    // Cancelled by mistake: restored, it can be cancelled again.
    await page.getByRole('button', { name: 'Restore session' }).click()
    await page.getByText('Session restored.', { exact: false }).first().waitFor()
    await page.getByRole('link', { name: 'Cancel session' }).waitFor()
    expect(await page.locator('header [data-status="cancelled"]').count()).toBe(0)
  })
})
