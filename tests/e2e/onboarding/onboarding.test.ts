import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { clearTenantCaches } from '#tests/e2e/support/cache'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const SCREENSHOTS = process.env.ONBOARDING_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()
let postgres: DatabaseHandle | null = null

beforeAll(async () => {
  if (server().databaseUrl) postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
})
afterAll(async () => {
  await postgres?.close()
})

// The demo studio is set up already; the test makes it new again in the server's own database,
// which only Postgres lets a second process open (PGlite belongs to the server alone).
describe.runIf(process.env.DATABASE_URL)('onboarding a new studio', () => {
  test('staff of a new studio go through the three steps and land on the dashboard with the chosen products', { timeout: 180_000 }, async () => {
    if (!postgres) throw new Error('no database')
    await asSystem(postgres, 'test: a new studio', (trx) =>
      trx.updateTable('tenants').set({ settings: sql`settings || '{"isNewTenant": true, "onBoardingStep": 0}'::jsonb` }).where('org_id', '=', 'demo').execute(),
    )
    await clearTenantCaches(server(), new URL(server().url('demo')).host)

    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/dashboard' }, { viewport: { width: 1280, height: 900 } })
    await page.waitForURL((url) => url.pathname === '/onboarding')
    await page.getByRole('heading', { name: "Let's get Started" }).waitFor()
    await waitForHydration(page)
    await checkScreen(page, 'onboarding-step-1', SCREENSHOTS)
    await page.getByRole('radio', { name: 'Coach' }).check()
    await page.getByRole('radio', { name: '5', exact: true }).check()
    await page.getByLabel('How did you hear about us?').fill('A friend')
    await page.getByRole('button', { name: 'Next' }).click()

    await page.getByRole('heading', { name: 'Business Information' }).waitFor()
    await waitForHydration(page)
    await page.getByLabel('Business name').fill('Lotus Yoga')
    await page.getByLabel('Phone').fill('')
    // Changing the country picks its first time zone.
    await page.getByLabel('Country').selectOption('IND')
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Asia/Kolkata')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Phone number is required.').waitFor()
    await page.getByText('Please fill in the required fields, including the phone number.').waitFor()
    await checkScreen(page, 'onboarding-step-2', SCREENSHOTS)
    await page.getByLabel('Phone').fill('98765 43210')
    await page.getByRole('button', { name: 'Next' }).click()

    await page.getByRole('heading', { name: 'Select The Products You Offer' }).waitFor()
    await waitForHydration(page)
    await expect.poll(() => page.getByRole('switch', { name: 'Courses' }).isDisabled()).toBe(true)
    await checkScreen(page, 'onboarding-step-3', SCREENSHOTS)
    const events = page.getByRole('switch', { name: 'Events' })
    const eventsBefore = await events.isChecked()
    await page.getByText('Events', { exact: true }).click()
    await expect.poll(() => events.isChecked()).toBe(!eventsBefore)
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByRole('navigation').first().waitFor()
    const settings = await asSystem(postgres, 'test: the set-up studio', (trx) => trx.selectFrom('tenants').select(['name', 'settings']).where('org_id', '=', 'demo').executeTakeFirstOrThrow())
    expect(settings.name).toBe('Lotus Yoga')
    expect(settings.settings).toMatchObject({ isNewTenant: false, isShowEventsMenu: !eventsBefore, businessType: 'coach', businessSize: '5', phone: '98765-43210', timezone: 'Asia/Kolkata' })
    checked.expectNoConsoleErrors()
  })
})
