import { afterAll, beforeAll, describe, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const SCREENSHOTS = process.env.ONBOARDING_SCREENSHOTS_DIR
const STUDENT = 'ada.okafor@example.test'

const server = useServer()
const browser = useBrowser()
let postgres: DatabaseHandle | null = null

beforeAll(async () => {
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})
afterAll(async () => {
  await postgres?.close()
})

/** Marks the demo student's address as the link in their email would, in the server's own database. */
async function setVerified(verified: boolean): Promise<void> {
  if (!postgres) throw new Error('no database')
  await asSystem(postgres, 'test: the email link was opened', (trx) => trx.updateTable('contacts').set({ is_email_verified: verified }).where('email', '=', STUDENT).execute())
}

// Only Postgres lets the test change the server's database while it runs.
describe.runIf(process.env.DATABASE_URL)('an unverified student waits for the link', () => {
  test('the page asks for the link, checks again on its own and moves on to the classes once the address is verified', { timeout: 90_000 }, async () => {
    await setVerified(false)
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: STUDENT, to: '/profile' })
    await page.getByText('Not verified').waitFor()
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Verify my email' }).click()
    await page.waitForURL((url) => url.pathname === '/onboarding')
    await page.getByRole('alert').filter({ hasText: 'Sent verification email' }).waitFor()
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor()
    await page.getByText('Checking every 10 seconds…').waitFor()
    await checkScreen(page, 'student-verification', SCREENSHOTS)

    await setVerified(true)
    // The next look, at most 10 seconds on, sends the student to their classes.
    await page.waitForURL((url) => url.pathname === '/classes', { timeout: 30_000 })
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript the page reloads itself and moves on too', { timeout: 90_000 }, async () => {
    await setVerified(false)
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: STUDENT, to: '/onboarding' }, { javaScriptEnabled: false })
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor()
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await page.getByText('Sent verification email').waitFor()
    await setVerified(true)
    await page.waitForURL((url) => url.pathname === '/classes', { timeout: 30_000 })
  })
})
