import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser, waitForHydration } from '#tests/e2e/support/browser'
import { login } from '#tests/e2e/support/login'
import { checkScreen } from '#tests/e2e/support/screen-check'
import { useServer } from '#tests/e2e/support/server'

const server = useServer()
const browser = useBrowser()
const demo = (path: string) => `${server().url('demo')}${path}`
const SCREENSHOTS = process.env.INTEGRATIONS_SCREENSHOTS_DIR
const PROVIDERS = '/settings/integrations/paymentprovider'

/** English words of the integrations home that a Turkish page must not show. */
const ENGLISH_HUB_WORDS = /Third Party Settings|SMS Marketing|Email Campaigns|Online Meeting|Connect email|\bIntegrated\b|Not available here yet|Text messages|class reminders|card fees/
/** English words of the payment providers page and its key forms. */
const ENGLISH_PROVIDER_WORDS = /Payment providers|Checkout takes|No payment provider|Used by checkout|Set up (Nelnet|PaymentSpring|Razorpay|PhonePe)|Edit \w+ keys|Connect with Stripe|USD only|from 2%|Live keys|Test keys|Test mode|Key Id|Key Secret|\bCancel\b|\bSave\b|is required/
/** English words of the email campaign sender. */
const ENGLISH_SENDER_WORDS = /Email Campaign|Set up your sender|Edit sender info|Sender name|Sender email|DNS records for|Verification status|Check Again|Account Connectivity|Domain verification|Not connected|Create campaign|\bNext\b|\bCancel\b/
/** A refused Save answers 400, which the browser reports as a console error. */
const refusedPost = /status of 400/

async function turkishPage(to: string): Promise<Page> {
  const checked = await browser.newContext({ viewport: { width: 1280, height: 900 }, allowConsoleErrors: [refusedPost] })
  await checked.context.addCookies([{ name: 'lng', value: 'tr', url: demo('/') }])
  return login(checked.context, server(), { email: 'admin@demo.test', to })
}

describe('the integrations screens in Turkish', () => {
  test('the integrations home reads in Turkish: title, groups and cards', { timeout: 180_000 }, async () => {
    const page = await turkishPage('/settings/integrations')
    await page.getByRole('heading', { level: 1, name: 'Üçüncü Taraf Ayarları' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Üçüncü Taraf Ayarları'))
    for (const group of ['Ödemeler', 'SMS Pazarlama', 'Kampanya', 'İletişim', 'E-posta']) {
      await expect(page.getByRole('heading', { level: 2, name: group, exact: true }).isVisible()).resolves.toBe(true)
    }
    const main = await page.locator('main').innerText()
    expect(main).toContain('E-posta Kampanyaları')
    expect(main).toContain('Çevrimiçi Toplantı')
    expect(main).toContain('Dersler ve etkinlikler için Zoom ya da Google Meet bağlantıları')
    expect(main).toContain('Yalnızca USD; ACH %0,80; kart %2,9 artı 30 sent')
    expect(main).not.toMatch(ENGLISH_HUB_WORDS)
    await waitForHydration(page)
    await checkScreen(page, 'integrations-tr', SCREENSHOTS)
  })

  test('the email campaign sender reads in Turkish at whichever step the studio is', { timeout: 120_000 }, async () => {
    const page = await turkishPage('/settings/integrations/ses')
    await page.getByRole('heading', { level: 1, name: 'E-posta Kampanyası' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('E-posta Kampanyası'))
    const main = await page.locator('main').innerText()
    expect(main).toMatch(/Gönderen bilgilerinizi ayarlayın|Gönderen bilgilerini düzenle|için DNS kayıtları|Hesap Bağlantısı/)
    expect(main).not.toMatch(ENGLISH_SENDER_WORDS)
    await waitForHydration(page)
    await checkScreen(page, 'email-sender-tr', SCREENSHOTS)
  })

  test('the payment providers page and a key form read in Turkish; a refused Save answers in Turkish', { timeout: 180_000 }, async () => {
    const page = await turkishPage(PROVIDERS)
    await page.getByRole('heading', { level: 1, name: 'Ödeme sağlayıcıları' }).waitFor()
    await page.waitForFunction(() => document.title.startsWith('Ödeme sağlayıcıları'))
    const chooser = await page.locator('main').innerText()
    expect(chooser).toMatch(/Ödeme sayfası ödemeleri \S+ üzerinden alıyor\.|Kurulu bir ödeme sağlayıcısı yok/)
    expect(chooser).toContain('INR, %2\'den başlar')
    expect(chooser).not.toMatch(ENGLISH_PROVIDER_WORDS)
    await waitForHydration(page)
    await checkScreen(page, 'payment-providers-tr', SCREENSHOTS)

    await page.goto(demo(`${PROVIDERS}?provider=3`))
    await page.getByRole('heading', { level: 1, name: 'Razorpay' }).waitFor()
    await waitForHydration(page)
    const form = page.locator('[data-key-form="RAZORPAY"]')
    await expect(form.getByRole('group', { name: 'Canlı anahtarlar' }).isVisible()).resolves.toBe(true)
    await expect(form.getByRole('group', { name: 'Test anahtarları' }).isVisible()).resolves.toBe(true)
    await expect(form.getByRole('checkbox', { name: /^Test modu/ }).isVisible()).resolves.toBe(true)
    const keyForm = await page.locator('main').innerText()
    expect(keyForm).toContain('Anahtar Kimliği')
    expect(keyForm).not.toMatch(ENGLISH_PROVIDER_WORDS)
    await checkScreen(page, 'payment-provider-keys-tr', SCREENSHOTS)

    // Test mode on with no test keys: the server refuses in Turkish. The page is read again
    // first: a signed-in POST that falls due the session's once-a-minute idle slide is refused
    // by the write audit (a slow machine takes that long to get here).
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Razorpay' }).waitFor()
    await waitForHydration(page)
    const testMode = form.getByRole('checkbox', { name: /^Test modu/ })
    if (!(await testMode.isChecked())) await testMode.check()
    await form.getByLabel(/^Test Anahtar Kimliği\*?$/).fill('')
    await form.getByRole('button', { name: 'Kaydet', exact: true }).click()
    await page.getByText('Test Anahtar Kimliği zorunludur.', { exact: true }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_PROVIDER_WORDS)
  })
})
