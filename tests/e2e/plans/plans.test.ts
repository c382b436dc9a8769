import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login, signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'

const SCREENSHOTS = process.env.PLANS_SCREENSHOTS_DIR

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()

describe('studio plans', () => {
  test('an admin upgrades to a paid plan on the platform Stripe page and sees it on the plan page', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings' }, { viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: /Plans/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan')
    await page.locator('[data-plan-name]').filter({ hasText: 'leap yearly plan' }).waitFor()
    await checkScreen(page, 'plan-page', SCREENSHOTS)

    await page.getByRole('link', { name: 'Upgrade' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan/upgrade')
    await page.getByRole('heading', { name: 'Upgrade plan' }).waitFor()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Monthly' }).click()
    await page.waitForURL((url) => url.searchParams.get('period') === 'monthly')
    await page.locator('[data-plan-option="organize_monthly_plan"]').getByText('$25').waitFor()
    await checkScreen(page, 'plan-upgrade', SCREENSHOTS)

    await page.getByRole('link', { name: 'Choose Organize' }).click()
    await page.getByRole('button', { name: 'Pay by card' }).waitFor()
    await page.getByRole('button', { name: 'Pay by card' }).click()
    await page.waitForURL((url) => url.origin === stripe().url && url.pathname.startsWith('/pay/cs_'))
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan')
    await page.getByText('Plan updated').first().waitFor()
    await page.locator('[data-plan-name]').filter({ hasText: 'organize monthly plan' }).waitFor()
    const row = page.locator('[data-plan-payment]').first()
    await expect(row.innerText()).resolves.toContain('Completed')
    await expect(row.innerText()).resolves.toContain('$25')
    checked.expectNoConsoleErrors()
  })

  test('in Turkish the settings home, the plan page and the upgrade chooser read in Turkish, fit both widths and pass axe', { timeout: 180_000 }, async () => {
    const checked = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await checked.context.addCookies([{ name: 'lng', value: 'tr', url: server().url('demo') }])
    const page = await login(checked.context, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings' })
    await page.getByRole('heading', { level: 1, name: 'Ayarlar' }).waitFor()
    await page.getByText('Mevcut planınız, ödemeleriniz ve yükseltmeler.').waitFor()
    await checkScreen(page, 'settings-home-turkish', SCREENSHOTS)
    await waitForHydration(page)
    await page.getByRole('link', { name: /Planlar/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan')
    await page.getByRole('region', { name: 'Mevcut plan' }).or(page.getByText('Mevcut plan').first()).first().waitFor()
    await page.getByText('Sonraki yenileme').waitFor()
    await page.getByRole('heading', { name: 'Ödemeler' }).waitFor()
    await checkScreen(page, 'plan-page-turkish', SCREENSHOTS)
    await page.getByRole('link', { name: 'Yükselt' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan/upgrade')
    await page.getByRole('heading', { name: 'Planı yükselt' }).waitFor()
    await page.getByText('10 aktif üye').first().waitFor()
    await checkScreen(page, 'plan-upgrade-turkish', SCREENSHOTS)
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript the free plan asks first, then records itself', { timeout: 180_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/plan/upgrade?period=monthly' }, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    await page.getByRole('heading', { name: 'Upgrade plan' }).waitFor()
    await page.getByRole('link', { name: 'Choose Free' }).click()
    await page.getByText('You miss the valuable features, Are you sure you want free plan?').waitFor()
    await page.getByRole('button', { name: 'Yes' }).click()
    await page.waitForURL((url) => url.pathname === '/settings/plan')
    await page.locator('[data-plan-name]').filter({ hasText: 'free plan' }).waitFor()
    await expect(page.locator('[data-plan-payment]').count()).resolves.toBe(2)
  })
})
