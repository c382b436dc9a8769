import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_STUDENT_EMAIL } from '#db/seed-catalog-data'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { send, type Answer } from '#tests/e2e/support/http'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()

/** A GET with the page's cookies, from the test (node resolves no *.localhost names, so by Host header). */
async function getAsPage(page: Page, path: string): Promise<Answer> {
  const url = new URL(page.url())
  const cookies = await page.context().cookies(url.origin)
  return send(Number(url.port), path, { host: url.host, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') })
}

describe('files staff share with students', () => {
  test('staff upload and share a file; the student downloads it from My Files', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/files' }, { viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 .*\/files\.data/] })
    await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor()
    await page.getByText('No files yet').waitFor()
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)

    // A page in disguise is refused with a message, and nothing is kept.
    await page.getByLabel(/^Files \(up to 4/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('alert').filter({ hasText: 'looks like a web page' }).waitFor()

    await page.getByLabel(/^Files \(up to 4/).setInputFiles({ name: 'Timetable.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 timetable') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('heading', { level: 1, name: 'Timetable.pdf' }).waitFor()
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Share with all students' }).click()
    await page.getByText('All students', { exact: true }).waitFor()

    const student = await signedInPage(browser, server(), { email: DEMO_STUDENT_EMAIL, to: '/myfiles' }, { viewport: { width: 360, height: 800 } })
    await student.page.getByRole('heading', { level: 1, name: 'My Files' }).waitFor()
    const link = student.page.getByRole('link', { name: 'Download Timetable.pdf' })
    await link.waitFor()
    await waitForHydration(student.page)
    await expectNoSeriousA11yViolations(student.page)
    const download = await getAsPage(student.page, (await link.getAttribute('href')) ?? '')
    expect(download.status).toBe(200)
    expect(download.headers['content-disposition']).toMatch(/^attachment/)
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.body).toContain('%PDF-1.7 timetable')
  })
})
