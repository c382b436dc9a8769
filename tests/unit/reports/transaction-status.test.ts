import { describe, expect, it } from 'vitest'
import { methodText, paymentChannel, transactionStatusText } from '#server/reports/sales-words'

describe('transactionStatusText: spec 001, "SETTLED shows Completed; anything else shows Failed"', () => {
  it.each([
    ['SETTLED', 'Completed'],
    ['REFUNDED', 'Refunded'],
    ['FAILED', 'Failed'],
    // Anything else, as the spec says.
    ['settled', 'Failed'],
    ['PENDING', 'Failed'],
    ['DECLINED', 'Failed'],
    ['', 'Failed'],
    [null, 'Failed'],
    [undefined, 'Failed'],
  ] as const)('%j shows %s', (status, words) => {
    expect(transactionStatusText(status)).toBe(words)
  })
})

describe('how money was paid, as the report groups and shows it', () => {
  it.each([
    ['card', 'STRIPE', 'STRIPE', 'Stripe', 'Card · Stripe'],
    ['card', 'PSPRING', 'PSPRING', 'PaymentSpring', 'Card · PaymentSpring'],
    ['card', 'RAZORPAY', 'RAZORPAY', 'Razorpay', 'Card · Razorpay'],
    ['card', 'PHONEPE', 'PHONEPE', 'PhonePe', 'Card · PhonePe'],
    ['card', null, 'card', 'Card', 'Card'],
    ['cash', null, 'cash', 'Cash', 'Cash'],
    ['other', null, 'other', 'Other', 'Other'],
    ['account', null, 'account', 'Account', 'Account'],
  ] as const)('%s through %s: channel %s (%s), shown %j', (method, provider, key, label, text) => {
    expect(paymentChannel(method, provider)).toEqual({ key, label })
    expect(methodText(method, provider)).toBe(text)
  })
})
