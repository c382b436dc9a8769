import { afterAll, describe, expect, test } from 'vitest'
import { startFakeDnsServer } from '#tests/fakes/dns-server'
import { expectNoSeriousA11yViolations } from '#tests/e2e/support/axe'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'

/**
 * The email campaign sender wizard end to end: the admin enters the sender, sees the DNS
 * records, Check Again says pending, the records are published on a local DNS server, Check
 * Again verifies, and Account Connectivity shows Connected. axe at 1280 and 360 px.
 */
const dns = await startFakeDnsServer()
const server = useServer({ env: { DNS_RESOLVER: dns.address } })
const browser = useBrowser()

afterAll(async () => {
  await dns.close()
})

describe('email campaign sender', () => {
  test('the admin sets up a sender and verifies its domain through DNS; axe passes at 1280 and 360 px', { timeout: 240_000 }, async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/integrations/ses' }, { viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(20_000)
    await page.getByRole('heading', { level: 1, name: 'Email Campaign' }).waitFor()
    await waitForHydration(page)
    const next = page.getByRole('button', { name: 'Next' })
    // Held back once the page's script has checked the empty form.
    await expect.poll(() => next.isDisabled()).toBe(true)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Sender name').fill('Sunrise Yoga')
    await page.getByLabel('Sender email').fill('hello@sunrise.test')
    expect(await next.isDisabled()).toBe(false)
    await next.click()

    await page.getByRole('table').waitFor()
    await page.getByRole('status').filter({ hasText: 'Domain updated successfully' }).waitFor()
    await page.getByText('DNS verification is still in progress').waitFor()
    const rows = await page.locator('[data-dns-records] tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('code')).map((code) => code.textContent ?? '')))
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(['_studio-verification.sunrise.test', '_dmarc.sunrise.test']))
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoSeriousA11yViolations(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('button', { name: 'Check Again' }).click()
    // A refusal toast is an alert, not a status.
    await page.getByRole('alert').filter({ hasText: 'Verification is pending. Make sure DNS details are updated.' }).waitFor()

    for (const [name, , value] of rows) {
      if (name && value && (name.startsWith('_studio-verification.') || name.includes('._domainkey.'))) dns.setTxt(name, [value])
    }
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Check Again' }).click()
    await page.getByRole('heading', { name: 'Account Connectivity' }).waitFor()
    await page.getByText('Connected', { exact: true }).waitFor()
    expect(await page.locator('[data-verification-status="verified"]').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Edit sender info' }).isDisabled()).toBe(true)
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page)
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoSeriousA11yViolations(page)
  })
})
