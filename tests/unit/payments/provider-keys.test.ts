import { createHash, createHmac } from 'node:crypto'
import { paymentPageOrigins, stripeScriptOrigins } from '#server/payments/payment-page-origins'
import { providerOfCode } from '#server/payments/payment-providers'
import { isPhonePeChecksumValid, phonePeChecksum } from '#server/payments/phonepe-client'
import { parseKeyForm } from '#server/payments/provider-key-form'
import { isRazorpayReturn } from '#server/payments/razorpay-checkout'
import { isRazorpaySignatureValid } from '#server/payments/razorpay-client'

const nothingKept = { hasSecretKey: false, hasTestSecretKey: false }
const posted = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('the key forms (spec 001)', () => {
  const cases: Array<{ rule: string; provider: 'PSPRING' | 'RAZORPAY' | 'PHONEPE'; fields: Record<string, string>; kept?: typeof nothingKept; formError?: string; errors?: Record<string, string> }> = [
    { rule: 'live keys empty, both test keys filled, test mode off', provider: 'PSPRING', fields: { testApiKey: 'pub_t', testSecretKey: 'prv_t' }, formError: 'Test mode should be on' },
    { rule: 'the same for Razorpay', provider: 'RAZORPAY', fields: { testApiKey: 'rzp_test_1', testSecretKey: 's' }, formError: 'Test mode should be on' },
    { rule: 'a kept test secret counts as filled', provider: 'RAZORPAY', fields: { testApiKey: 'rzp_test_1' }, kept: { hasSecretKey: false, hasTestSecretKey: true }, formError: 'Test mode should be on' },
    { rule: 'live mode needs the live pair', provider: 'PSPRING', fields: {}, errors: { apiKey: 'Public Key is required.', secretKey: 'Private Key is required.' } },
    { rule: 'test mode needs the test pair', provider: 'RAZORPAY', fields: { isTestMode: 'on' }, errors: { testApiKey: 'Test Key Id is required.', testSecretKey: 'Test Key Secret is required.' } },
    { rule: "PhonePe's three messages", provider: 'PHONEPE', fields: {}, errors: { merchantId: 'Merchant Id is required.', saltKey: 'Salt Key is required.', saltIndex: 'Salt Index is required.' } },
    { rule: 'a salt index is a number', provider: 'PHONEPE', fields: { merchantId: 'M', saltKey: 'k', saltIndex: '1a' }, errors: { saltIndex: 'Salt Index is a whole number, such as 1.' } },
    { rule: 'keys have no spaces', provider: 'RAZORPAY', fields: { apiKey: 'rzp live', secretKey: 's' }, errors: { apiKey: 'Keys have no spaces: copy the key exactly as your provider shows it.' } },
  ]
  it.each(cases)('refuses: $rule', ({ provider, fields, kept, formError, errors }) => {
    const parsed = parseKeyForm(provider, posted(fields), kept ?? nothingKept)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.details.formError).toBe(formError ?? null)
    expect(parsed.details.errors).toEqual(errors ?? {})
    // Nothing secret goes back into the page.
    expect(parsed.details.values.secretKey + parsed.details.values.testSecretKey + parsed.details.values.saltKey).toBe('')
  })

  it('takes live keys, and keeps a saved secret when its field is blank', () => {
    expect(parseKeyForm('PSPRING', posted({ apiKey: 'pub_1', secretKey: 'prv_1' }), nothingKept)).toEqual({
      ok: true,
      value: { isTestMode: false, apiKey: 'pub_1', testApiKey: '', secretKey: 'prv_1', testSecretKey: null, saltIndex: '' },
    })
    const kept = parseKeyForm('RAZORPAY', posted({ apiKey: 'rzp_live_1', secretKey: '' }), { hasSecretKey: true, hasTestSecretKey: false })
    expect(kept.ok && kept.value.secretKey).toBeNull()
  })

  it("stores PhonePe's merchant id and salt key as the key pair, with its salt index", () => {
    expect(parseKeyForm('PHONEPE', posted({ merchantId: 'MERCHANT1', saltKey: 'salt', saltIndex: '2', isTestMode: 'on' }), nothingKept)).toEqual({
      ok: true,
      value: { isTestMode: true, apiKey: 'MERCHANT1', testApiKey: '', secretKey: 'salt', testSecretKey: null, saltIndex: '2' },
    })
  })

  it('reads the chooser codes 1 to 4, and names', () => {
    expect([providerOfCode('1'), providerOfCode('2'), providerOfCode('3'), providerOfCode('4'), providerOfCode('stripe'), providerOfCode('9'), providerOfCode(null)]).toEqual([
      'PSPRING', 'STRIPE', 'RAZORPAY', 'PHONEPE', 'STRIPE', null, null,
    ])
  })
})

describe("the providers' proofs", () => {
  it("checks Razorpay's signature of order|payment under the key secret", () => {
    const signature = createHmac('sha256', 'secret').update('order_1|pay_1').digest('hex')
    expect(isRazorpaySignatureValid({ orderId: 'order_1', paymentId: 'pay_1', signature }, 'secret')).toBe(true)
    expect(isRazorpaySignatureValid({ orderId: 'order_2', paymentId: 'pay_1', signature }, 'secret')).toBe(false)
    expect(isRazorpaySignatureValid({ orderId: 'order_1', paymentId: 'pay_1', signature: 'short' }, 'secret')).toBe(false)
  })

  it("makes and checks PhonePe's X-VERIFY: sha256 of what is signed and the salt key, '###', the salt index", () => {
    const credentials = { secretKey: 'salt-key', saltIndex: '1' }
    const expected = `${createHash('sha256').update('payload/pg/v1/paysalt-key').digest('hex')}###1`
    expect(phonePeChecksum('payload/pg/v1/pay', credentials)).toBe(expected)
    expect(isPhonePeChecksumValid('payload/pg/v1/pay', expected, credentials)).toBe(true)
    expect(isPhonePeChecksumValid('payload/pg/v1/pay', expected, { ...credentials, saltIndex: '2' })).toBe(false)
  })

  it("lets only Razorpay's return address past the same-origin check", () => {
    expect(isRazorpayReturn('/checkout/orders/2eae0e23-485c-4fe4-85b4-e362e96b14a9/razorpay')).toBe(true)
    expect(isRazorpayReturn('/checkout/orders/2eae0e23-485c-4fe4-85b4-e362e96b14a9')).toBe(false)
    expect(isRazorpayReturn('/checkout/orders/x/razorpay/more')).toBe(false)
    expect(isRazorpayReturn('/settings/integrations/paymentprovider')).toBe(false)
  })

  it("lets forms end on the providers' pages: their own hosts, or the stand-ins' when set", () => {
    expect(paymentPageOrigins({ STRIPE_PLATFORM_FEE_PERCENT: 0 } as Parameters<typeof paymentPageOrigins>[0])).toEqual(['https://api.razorpay.com', 'https://*.phonepe.com'])
    const local = { STRIPE_SECRET_KEY: 'sk', STRIPE_CONNECT_CLIENT_ID: 'ca', STRIPE_API_URL: 'http://127.0.0.1:1', RAZORPAY_API_URL: 'http://127.0.0.1:2', PHONEPE_API_URL: 'http://127.0.0.1:3/x', PHONEPE_SANDBOX_API_URL: 'http://127.0.0.1:3/y' }
    expect(paymentPageOrigins(local as Parameters<typeof paymentPageOrigins>[0])).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:3'])
  })

  it("names Stripe.js's script, API and frames while the platform takes Stripe payments, or the stand-in's origin", () => {
    type StripeEnv = Parameters<typeof stripeScriptOrigins>[0]
    const keys = { STRIPE_SECRET_KEY: 'sk', STRIPE_CONNECT_CLIENT_ID: 'ca', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_PLATFORM_FEE_PERCENT: 0 }
    expect(stripeScriptOrigins({ STRIPE_PLATFORM_FEE_PERCENT: 0 } as StripeEnv)).toBeNull()
    expect(stripeScriptOrigins({ ...keys, STRIPE_PUBLISHABLE_KEY: undefined } as StripeEnv)).toBeNull()
    expect(stripeScriptOrigins(keys as StripeEnv)).toEqual({ scripts: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frames: ['https://js.stripe.com', 'https://hooks.stripe.com'] })
    expect(stripeScriptOrigins({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:9', STRIPE_JS_URL: 'http://127.0.0.1:9/v3/' } as StripeEnv)).toEqual({
      scripts: ['http://127.0.0.1:9'],
      connect: ['http://127.0.0.1:9'],
      frames: ['http://127.0.0.1:9'],
    })
  })
})
