import { describe, expect, test } from 'vitest'
import { masterAdminEmail } from '#db/seed-data'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const SCREENSHOTS = process.env.TENANTS_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()

describe("the platform owner's Tenants screen", () => {
  test('lists the organisations, searches them, and asks before suspending one', { timeout: 120_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'master', email: masterAdminEmail, to: '/tenant' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { level: 1, name: 'Tenants' }).waitFor()
    await waitForHydration(page)
    await page.locator('[data-tenant-row^="demo ("]').waitFor()
    await checkScreen(page, 'tenants', SCREENSHOTS)
    await page.getByLabel('Search organisations by name or org id').fill('demo')
    await page.waitForURL((url) => url.searchParams.get('q') === 'demo')
    await expect(page.locator('[data-tenant-row]').count()).resolves.toBeGreaterThan(0)
    await page.locator('[data-tenant-row^="demo ("]').getByRole('link', { name: /Suspend/ }).click()
    await page.getByRole('dialog', { name: 'Suspend organisation' }).waitFor()
    await checkScreen(page, 'tenants-suspend', SCREENSHOTS)
    await page.getByRole('dialog').getByRole('link', { name: 'No' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    checked.expectNoConsoleErrors()
  })
})
