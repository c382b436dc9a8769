import { describe, expect, test } from 'vitest'
import { masterAdminEmail } from '#db/seed-data'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { loginThroughForm, signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const SCREENSHOTS = process.env.TENANTS_SCREENSHOTS_DIR

const server = useServer()
const browser = useBrowser()

describe('a new organisation signs up on the platform site and is taken to onboarding', () => {
  test('without JavaScript: the sign-up form, its refusal, the new address and the first sign-in', { timeout: 120_000 }, async () => {
    // A refused form answers 400, which the browser logs as a failed load.
    const { page, checked } = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, allowConsoleErrors: [/status of 400 .*\/getstarted/] })
    await page.goto(`${server().url('master')}/login`)
    await page.getByRole('link', { name: 'Get started' }).click()
    await page.getByRole('heading', { name: 'Get started' }).waitFor()
    await page.getByLabel('Business name').fill('Harbor Pilates')
    await page.getByLabel('Org Id').fill('demo')
    await page.getByLabel('First name').fill('Hana')
    await page.getByLabel('Last name').fill('Harbor')
    await page.getByLabel('Email').fill('hana@harbor.test')
    await page.getByLabel('Password').fill('a-long-password')
    await page.getByRole('button', { name: 'Create my organisation' }).click()
    await page.locator('#getstarted-orgId-error').getByText('This Org Id is already in use. Choose another.').waitFor()
    await page.getByLabel('Org Id').fill('harbor-pilates')
    await page.getByLabel('Password').fill('a-long-password')
    await page.getByRole('button', { name: 'Create my organisation' }).click()
    await page.getByRole('heading', { name: 'Your organisation is ready' }).waitFor()
    await expect(page.getByRole('link', { name: 'Sign in to Harbor Pilates' }).getAttribute('href')).resolves.toBe(`${server().url('harbor-pilates')}/login`)
    const signedIn = await loginThroughForm(checked.context, server(), { orgId: 'harbor-pilates', email: 'hana@harbor.test', password: 'a-long-password' })
    await signedIn.waitForURL((url) => url.pathname === '/onboarding')
    await signedIn.getByRole('heading', { name: "Let's get Started" }).waitFor()
    await signedIn.getByText('Verify your email').waitFor()
  })
})

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
    await page.getByRole('link', { name: 'Master Plans' }).click()
    await page.getByRole('heading', { level: 1, name: 'Master Plans' }).waitFor()
    await page.locator('[data-plan-tier="organize"]').getByText('$25').waitFor()
    await checkScreen(page, 'master-plans', SCREENSHOTS)
    // The sign-up page of the platform's site, as a visitor with JavaScript sees it.
    const { page: visitor } = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await visitor.goto(`${server().url('master')}/getstarted`)
    await visitor.getByRole('heading', { name: 'Get started' }).waitFor()
    await waitForHydration(visitor)
    await checkScreen(visitor, 'getstarted', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })
})
