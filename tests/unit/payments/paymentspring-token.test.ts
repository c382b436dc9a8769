import { paymentScriptOriginsFor } from '#server/payments/payment-page-origins'
import { readPostedToken } from '#server/payments/paymentspring-checkout'
import { bankTokenBody, cardTokenBody, PAYMENTSPRING_TOKEN_MESSAGES, readTokenAnswer, requestBrowserToken } from '#server/payments/paymentspring-token'

const posted = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe("PaymentSpring's token request, the same from our server and from the buyer's browser", () => {
  it('writes the card and bank bodies in the API names, the ZIP only when given', () => {
    expect(cardTokenBody({ cardOwnerName: 'Ada Lovelace', cardNumber: '4111111111111111', cardExpMonth: 8, cardExpYear: 2030, csc: '123', zip: '' })).toEqual({
      card_owner_name: 'Ada Lovelace',
      card_number: '4111111111111111',
      card_exp_month: 8,
      card_exp_year: 2030,
      csc: '123',
    })
    expect(bankTokenBody({ firstName: 'Ada', lastName: 'Lovelace', accountNumber: '000123456789', routingNumber: '011000015', accountType: 'savings' })).toEqual({
      token_type: 'bank_account',
      bank_account_number: '000123456789',
      bank_routing_number: '011000015',
      bank_account_holder_first_name: 'Ada',
      bank_account_holder_last_name: 'Lovelace',
      bank_account_type: 'savings',
    })
  })

  it("reads a token's id, last 4 and brand; a refusal's first message; anything else as 'try again'", () => {
    expect(readTokenAnswer(200, { id: 'abcdef0123456789', last_4: '1111', card_type: 'visa' })).toEqual({ ok: true, value: { id: 'abcdef0123456789', last4: '1111', brand: 'visa' } })
    expect(readTokenAnswer(200, { id: 'abcdef0123456789', last_4: '6789', card_type: null })).toEqual({ ok: true, value: { id: 'abcdef0123456789', last4: '6789', brand: '' } })
    expect(readTokenAnswer(422, { errors: [{ code: '1', message: 'Card number is invalid' }, { message: 'other' }] })).toEqual({ ok: false, error: 'invalid_input', message: 'Card number is invalid' })
    // A 401 is the studio's keys: the buyer cannot fix it, so it reads as the general words.
    expect(readTokenAnswer(401, { errors: [{ message: 'Invalid API key' }] })).toEqual({ ok: false, error: 'unavailable', message: PAYMENTSPRING_TOKEN_MESSAGES.unreachable })
    expect(readTokenAnswer(502, null)).toEqual({ ok: false, error: 'unavailable', message: PAYMENTSPRING_TOKEN_MESSAGES.unreachable })
    expect(readTokenAnswer(200, { id: '<script>' })).toEqual({ ok: false, error: 'unavailable', message: PAYMENTSPRING_TOKEN_MESSAGES.unreachable })
  })

  it('calls the token endpoint with the public key as the Basic user name, and sends no cookies', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = []
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init })
      return new Response(JSON.stringify({ id: 'abcdef0123456789', last_4: '1111', card_type: 'visa' }), { status: 200 })
    }) as typeof fetch
    await expect(requestBrowserToken('https://api.example.test/', 'pub_key', { card_number: '4111111111111111' }, fetcher)).resolves.toMatchObject({ ok: true, value: { id: 'abcdef0123456789' } })
    expect(calls[0]?.url).toBe('https://api.example.test/api/v1/tokens')
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe(`Basic ${btoa('pub_key:')}`)
    expect(calls[0]?.init?.credentials).toBe('omit')
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    await expect(requestBrowserToken('https://api.example.test', 'pub_key', {}, unreachable)).resolves.toEqual({ ok: false, error: 'unavailable', message: PAYMENTSPRING_TOKEN_MESSAGES.unreachable })
  })
})

describe('a token posted to the pay form', () => {
  it('is taken with its display fields; a post without one is the server-side path', () => {
    expect(readPostedToken(posted({ intent: 'card', paymentToken: 'abcdef0123456789', last4: '1111', brand: 'Visa', cardOwnerName: 'Ada' }))).toEqual({ kind: 'token', id: 'abcdef0123456789', last4: '1111', brand: 'visa' })
    expect(readPostedToken(posted({ intent: 'card', cardNumber: '4111111111111111' }))).toEqual({ kind: 'none' })
  })

  it('is refused beside a filled card or bank field', () => {
    for (const field of ['cardNumber', 'csc', 'cardExpMonth', 'bankAccountNumber', 'bankRoutingNumber']) {
      expect(readPostedToken(posted({ paymentToken: 'abcdef0123456789', [field]: '4111' }))).toEqual({ kind: 'refused', message: PAYMENTSPRING_TOKEN_MESSAGES.tokenWithCard })
    }
    // Empty fields carry no card: a plain form's blanks beside a token are not refused for them.
    expect(readPostedToken(posted({ paymentToken: 'abcdef0123456789', cardNumber: '', csc: ' ' }))).toMatchObject({ kind: 'token' })
  })

  it('is refused when malformed: too short, too long, odd characters, or odd display fields', () => {
    for (const fields of [{ paymentToken: '' }, { paymentToken: 'short' }, { paymentToken: 'a'.repeat(256) }, { paymentToken: 'abc def 0123456789' }, { paymentToken: 'abcdef0123456789', last4: '12345' }, { paymentToken: 'abcdef0123456789', brand: '<b>' }] as Record<string, string>[]) {
      expect(readPostedToken(posted(fields))).toEqual({ kind: 'refused', message: PAYMENTSPRING_TOKEN_MESSAGES.badToken })
    }
  })
})

describe("the pay page's Content Security Policy", () => {
  it("lets only PaymentSpring's pay form reach PaymentSpring's API", () => {
    const stripe = { scripts: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frames: ['https://js.stripe.com'] }
    const of = paymentScriptOriginsFor({ PAYMENTSPRING_API_URL: 'http://127.0.0.1:4555/' }, stripe)
    expect(of('/checkout/orders/0b6b1f5e-8f6a-4d8e-9c51-3f1a2b3c4d5e/pay')?.connect).toEqual(['https://api.stripe.com', 'http://127.0.0.1:4555'])
    expect(of('/checkout/orders/0b6b1f5e-8f6a-4d8e-9c51-3f1a2b3c4d5e')).toBe(stripe)
    expect(of('/checkout')).toBe(stripe)
    expect(paymentScriptOriginsFor({}, null)('/checkout/orders/x/pay')).toEqual({ scripts: [], connect: ['https://api.paymentspring.com'], frames: [] })
    expect(paymentScriptOriginsFor({}, null)('/')).toBeNull()
  })
})
