import { describe, expect, test } from 'vitest'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login, signedInPage } from '#tests/e2e/support/login'
import { screenshotAtWidths } from '#tests/e2e/support/screenshots'
import { useServer } from '#tests/e2e/support/server'

/**
 * The notice board, feedback and reviews end to end: the admin sets the Google review link and
 * adds a notice in the manage dialog; a student without JavaScript sees it, sends feedback and
 * leaves a review; staff read both. axe at 1280 and 360 px once per page.
 */
const server = useServer()
const browser = useBrowser()
const SHOTS = process.env.NOTICES_SCREENSHOTS_DIR
const NOTICE = 'Studio closed on Monday for spring cleaning'

async function axeAtBothWidths(page: import('playwright-core').Page) {
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('notice board, feedback and reviews', () => {
  test('staff add a notice, a student sees it, sends feedback and reviews; staff read them', { timeout: 90_000 }, async () => {
    const staff = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/website' }, { viewport: { width: 1280, height: 900 } })
    const admin = staff.page
    admin.setDefaultTimeout(20_000)
    await waitForHydration(admin)
    await admin.getByLabel('Google Review Link').fill('https://g.page/r/demo-studio/review')
    await admin.getByRole('button', { name: 'Submit' }).click()
    await admin.getByText('Successfully updated settings.').waitFor()

    await admin.goto(`${server().url('demo')}/dashboard`)
    await waitForHydration(admin)
    await admin.getByRole('link', { name: 'Manage' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Notice board' })
    await dialog.waitFor()
    await dialog.getByRole('link', { name: 'Add' }).click()
    const add = admin.getByRole('dialog', { name: 'Add notice' })
    await add.locator('.ql-editor').waitFor()
    const submit = add.getByRole('button', { name: 'Submit' })
    expect(await submit.isDisabled()).toBe(true)
    await add.locator('.ql-editor').fill(NOTICE)
    await submit.click()
    await admin.getByRole('status').filter({ hasText: 'Notice added successfully' }).waitFor()
    await admin.getByRole('dialog', { name: 'Notice board' }).getByText(NOTICE).waitFor()
    await waitForHydration(admin)
    await axeAtBothWidths(admin)
    await screenshotAtWidths(admin, SHOTS, 'dashboard-notices')

    // The student, without JavaScript: every dialog is a page of its own.
    // The refused posts answer 400, which the browser logs.
    const { context } = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 \(Bad Request\) \(http:\/\/demo\.localhost:\d+\/classes/] })
    const student = await login(context, server(), { email: 'student@demo.test', to: '/classes' })
    await student.getByTestId('notice-board').getByText(NOTICE).waitFor()
    expect(await student.getByRole('link', { name: 'Manage' }).count()).toBe(0)
    await student.getByRole('link', { name: 'Send feedback' }).click()
    await student.getByRole('button', { name: 'Submit' }).click()
    await student.getByText('Message is required!').waitFor()
    await student.getByLabel('Message').fill('The new evening class is great')
    await student.getByRole('button', { name: 'Submit' }).click()
    await student.getByText('Feedback submited successfully').waitFor()

    await screenshotAtWidths(student, SHOTS, 'student-home')
    await student.getByTestId('rating-bar').getByRole('link', { name: '5 stars' }).click()
    await screenshotAtWidths(student, SHOTS, 'student-review')
    await student.getByRole('textbox', { name: 'Review' }).fill('Too short')
    await student.getByRole('button', { name: 'Submit' }).click()
    await student.getByText('Review is required and must be at least 10 characters long.').waitFor()
    await student.getByRole('textbox', { name: 'Review' }).fill('Friendly teachers and a calm studio')
    await student.getByRole('button', { name: 'Submit' }).click()
    await student.getByRole('button', { name: 'Post on Google' }).waitFor()
    await student.getByRole('link', { name: 'Not now' }).click()
    await student.getByTestId('notice-board').waitFor()
    expect(await student.getByTestId('rating-bar').count()).toBe(0)

    // The student pages with JavaScript, for axe and the screenshots.
    const { page: withJs } = await signedInPage(browser, server(), { email: 'student@demo.test', to: '/classes?feedback' }, { viewport: { width: 1280, height: 900 } })
    await withJs.getByRole('dialog', { name: 'Feedback' }).waitFor()
    await waitForHydration(withJs)
    await axeAtBothWidths(withJs)
    await screenshotAtWidths(withJs, SHOTS, 'student-feedback')

    await admin.goto(`${server().url('demo')}/dashboard?feedback=list`)
    await admin.getByRole('dialog', { name: 'Feedback' }).getByText('The new evening class is great').waitFor()
    await screenshotAtWidths(admin, SHOTS, 'dashboard-feedback')
    await admin.goto(`${server().url('demo')}/reviews`)
    await admin.getByRole('heading', { level: 1, name: 'G-Reviews' }).waitFor()
    await admin.getByText('Friendly teachers and a calm studio').waitFor()
    await waitForHydration(admin)
    await axeAtBothWidths(admin)
    await screenshotAtWidths(admin, SHOTS, 'reviews')
  })
})
