import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { addDays } from '#server/catalog/calendar-date'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { SEED_DEMO_PASSWORD, useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const SCREENSHOTS = process.env.BOOKING_SCREENSHOTS_DIR
// Two weeks on, past the demo student's seeded bookings, so every class there is free to book.
const inTwoWeeks = addDays(new Date().toISOString().slice(0, 10), 14) ?? ''
const student = { email: 'student@demo.test' }

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}

describe('class bookings', () => {
  test('a visitor without JavaScript signs up from the calendar, signs in and is booked', { timeout: 120_000 }, async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await page.goto(`${server().url('demo')}/calendar?view=week&date=${inTwoWeeks}`)
    await page.getByRole('link', { name: /^Register: Evening Hatha/ }).first().click()
    await page.waitForURL((url) => url.pathname.startsWith('/signup/'))
    const signupPath = new URL(page.url()).pathname
    await page.getByRole('heading', { level: 1, name: 'Evening Hatha' }).waitFor()
    await shoot(page, 'signup-visitor-1280')

    await page.getByRole('link', { name: 'Sign in to book' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByLabel('Email').fill(student.email)
    await page.getByLabel('Password', { exact: true }).fill(SEED_DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    // The pending event brings the student back to the same class.
    await page.waitForURL((url) => url.pathname === signupPath)
    await expect.poll(() => page.getByText(/Uses one credit of your/).count()).toBe(1)
    await shoot(page, 'signup-student-1280')

    await page.getByRole('button', { name: 'Book this class' }).click()
    await page.waitForURL((url) => url.pathname === '/classes')
    await page.getByText('Evening Hatha booked successfully').waitFor()
    expect(await page.locator('[data-booked] h4', { hasText: 'Evening Hatha' }).count()).toBe(1)
  })

  test('a student with JavaScript books and cancels on /classes', { timeout: 120_000 }, async () => {
    const { checked } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const page = await login(checked.context, server(), { ...student, to: `/classes?date=${inTwoWeeks}` })
    await waitForHydration(page)
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor()
    await expectNoSeriousA11yViolations(page)

    const row = page.locator('[data-occurrence]:has(button[aria-label^="Book: Morning Vinyasa"])').first()
    const occurrence = (await row.getAttribute('data-occurrence')) ?? ''
    const entry = page.locator(`[data-occurrence="${occurrence}"]`)
    await entry.getByRole('button', { name: /^Book:/ }).click()
    await page.getByText('Morning Vinyasa booked successfully').waitFor()
    await expect.poll(() => entry.getAttribute('data-booked')).toBe('true')
    await shoot(page, 'classes-student-1280')

    await entry.getByRole('link', { name: /^Cancel:/ }).click()
    await page.getByRole('heading', { name: 'Cancel your booking?' }).waitFor()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Yes, cancel booking' }).click()
    await page.getByText('Booking cancelled. The credit is back on your class card.').waitFor()
    await expect.poll(() => entry.getAttribute('data-booked')).toBeNull()
  })

  test('My Store, Assessments, My Forms, My Donations, the staff Store and the sign-up page pass axe at 1280 and 360 px', { timeout: 180_000 }, async () => {
    for (const width of [1280, 360]) {
      const { checked } = await browser.newPage({ viewport: { width, height: 900 } })
      const page = await login(checked.context, server(), { ...student, to: '/store' })
      await waitForHydration(page)
      await page.getByRole('heading', { level: 1, name: 'My Store' }).waitFor()
      await page.getByText(/of 10 credits left/).first().waitFor()
      await shoot(page, `store-student-${width}`)
      await expectNoSeriousA11yViolations(page)

      await page.goto(`${server().url('demo')}/student-assessments`)
      await page.getByText('No assessments yet.').waitFor()
      await expectNoSeriousA11yViolations(page)

      if (width === 1280) {
        // The student's own records are reached from their profile.
        await page.goto(`${server().url('demo')}/profile`)
        await page.getByRole('navigation', { name: 'Your records' }).getByRole('link', { name: 'My Forms' }).click()
        await page.waitForURL((url) => url.pathname === '/myform')
      }
      for (const [path, title] of [['/myform', 'My Forms'], ['/mydonation', 'My Donations']] as const) {
        await page.goto(`${server().url('demo')}${path}`)
        await page.getByRole('heading', { level: 1, name: title }).waitFor()
        await shoot(page, `${path.slice(1)}-student-${width}`)
        await expectNoSeriousA11yViolations(page)
      }

      await page.goto(`${server().url('demo')}/classes?date=${inTwoWeeks}`)
      await waitForHydration(page)
      if (width === 360) await shoot(page, 'classes-student-360')
      // The demo student's card pays, so Book posts straight to the sign-up address.
      const signup = await page.locator('form[action^="/signup/"]').first().getAttribute('action')
      await page.goto(`${server().url('demo')}${signup ?? '/classes'}`)
      await page.getByText('Class sign-up').waitFor()
      await shoot(page, `signup-student-${width}`)
      await expectNoSeriousA11yViolations(page)

      const { checked: staffContext } = await browser.newPage({ viewport: { width, height: 900 } })
      const staff = await login(staffContext.context, server(), { email: 'admin@demo.test', to: '/store' })
      await staff.getByRole('heading', { level: 1, name: 'Store' }).waitFor()
      await staff.getByRole('columnheader', { name: 'Taken' }).waitFor()
      await shoot(staff, `store-staff-${width}`)
      await expectNoSeriousA11yViolations(staff)
    }
  })
})
