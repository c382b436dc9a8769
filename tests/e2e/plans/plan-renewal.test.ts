import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServerWithFakeStripe } from '#tests/e2e/support/fake-stripe-server'
import { PLATFORM_ACCOUNT } from '#tests/fakes/stripe'

const SCREENSHOTS = process.env.PLANS_SCREENSHOTS_DIR
const DAY_MS = 24 * 60 * 60 * 1000
/** Kept without trouble; every charge on it is declined. */
const DECLINING_CARD = '4000000000000341'

const { server, stripe } = useServerWithFakeStripe()
const browser = useBrowser()
let postgres: DatabaseHandle | null = null
let paymentMethod = ''

beforeAll(async () => {
  // Without DATABASE_URL the server's database is its own PGlite, which this file cannot seed.
  if (!server().databaseUrl) return
  postgres = await openDatabase({ databaseUrl: server().databaseUrl ?? '', dataDir: 'memory://', poolSize: 1 })
  const kept = stripe().keepCard(PLATFORM_ACCOUNT, { number: DECLINING_CARD, email: 'admin@demo.test' })
  paymentMethod = kept.paymentMethod
  const now = Date.now()
  // The demo studio on Organize monthly: its period ended two hours ago and the renewal was refused once.
  await asSystem(postgres, 'test: a refused plan renewal', async (trx) => {
    const demo = await trx.selectFrom('tenants').select('id').where('org_id', '=', 'demo').executeTakeFirstOrThrow()
    await trx
      .updateTable('tenant_plans')
      .set({
        plan_id: 'organize_monthly_plan',
        period: 'monthly',
        contact_limit: 2000,
        renews_at: new Date(now - 2 * 60 * 60 * 1000),
        stripe_customer: kept.customer,
        stripe_payment_method: kept.paymentMethod,
        card_brand: 'visa',
        card_last4: '0341',
        card_exp_month: 12,
        card_exp_year: 2030,
        renewal_failures: 1,
        renewal_retry_at: new Date(now + DAY_MS),
        renewal_error: 'Your card was declined.',
      })
      .where('tenant_id', '=', demo.id)
      .execute()
  })
})

afterAll(async () => {
  await postgres?.close()
})

describe.skipIf(!process.env.DATABASE_URL)('a refused plan renewal on the plan page — skipped without DATABASE_URL: the file seeds a refused renewal into the server’s database', () => {
  test('the notice says when the card is tried again; Pay now is refused with the bank words, then pays once the card is fixed', { timeout: 180_000 }, async () => {
    const { page, checked } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/plan' }, { viewport: { width: 1280, height: 900 } })
    const notice = page.locator('[data-renewal-refused]')
    await notice.getByRole('heading', { name: 'Your plan could not be renewed' }).waitFor()
    await waitForHydration(page)
    await expect(notice.innerText()).resolves.toMatch(/Your card was declined\. The card will be tried again on .+\./)
    await expect(page.locator('[data-renewal-card]').innerText()).resolves.toBe('Visa ending 0341')
    await expect(notice.getByRole('link', { name: 'Pay with another card' }).getAttribute('href')).resolves.toBe('/settings/plan/upgrade?period=monthly&choose=organize_monthly_plan')
    await checkScreen(page, 'plan-renewal-refused', SCREENSHOTS)

    // The refusal answers 400 with the form's message, which the browser logs.
    checked.allowConsoleErrors(/status of 400 \(Bad Request\).*\/settings\/plan\.data/)
    await notice.getByRole('button', { name: 'Pay now' }).click()
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()
    // The refused try is on the payments table; the retry day stays as it was.
    await page.reload()
    await page.locator('[data-plan-payment]').filter({ hasText: 'Failed' }).waitFor()
    await expect(page.locator('[data-renewal-refused]').innerText()).resolves.toContain('The card will be tried again on')
    checked.expectNoConsoleErrors()
  })

  test('without JavaScript Pay now charges the fixed card: the notice goes, the payment shows, the period moves on', { timeout: 180_000 }, async () => {
    stripe().changeCardNumber(paymentMethod, '4242424242424242')
    const { page } = await signedInPage(browser, server(), { orgId: 'demo', email: 'admin@demo.test', to: '/settings/plan' }, { javaScriptEnabled: false, viewport: { width: 360, height: 900 } })
    const before = await page.locator('[data-next-renewal]').innerText()
    await page.locator('[data-renewal-refused]').getByRole('button', { name: 'Pay now' }).click()
    await page.locator('[data-renewal-refused]').waitFor({ state: 'detached' })
    await expect(page.locator('[data-next-renewal]').innerText()).resolves.not.toBe(before)
    const row = page.locator('[data-plan-payment]').first()
    await expect(row.innerText()).resolves.toContain('Completed')
    await expect(row.innerText()).resolves.toContain('$25')
    expect(stripe().intents().filter((intent) => intent.payment_method === paymentMethod && intent.status === 'succeeded')).toHaveLength(1)
  })
})
