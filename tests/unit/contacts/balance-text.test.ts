import { describe, expect, it } from 'vitest'
import { balanceText } from '#server/contacts/balance-text'

describe('a balance in the contacts list: sign and two decimals', () => {
  it.each([
    [2000, 'USD', '+$20.00'],
    [-4500, 'USD', '-$45.00'],
    [0, 'USD', '$0.00'],
    [1, 'USD', '+$0.01'],
    [-123456789, 'USD', '-$1,234,567.89'],
    [1050, 'EUR', '+€10.50'],
    [-99, 'GBP', '-£0.99'],
    [500, 'ZZZ', '+ZZZ 5.00'],
  ])('%i minor units of %s reads %s', (minor, currency, expected) => {
    expect(balanceText(minor, currency).replace(/\u00a0/g, ' ')).toBe(expected)
  })
})
