import { creditsText } from '#server/catalog/bookings/student-classes-page'
import { savedMethodLabel } from '#server/payments/saved-payment-methods'

describe('texts the portal makes on the server, in English and Turkish', () => {
  it('names a kept card or account by brand, last digits and expiry', () => {
    const visa = { kind: 'card' as const, brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2028 }
    expect(savedMethodLabel(visa)).toBe('Visa ending 4242, expires 08/2028')
    expect(savedMethodLabel(visa, 'tr')).toBe('4242 ile biten Visa, son kullanma 08/2028')
    expect(savedMethodLabel({ ...visa, brand: 'unionpay', exp_month: null })).toBe('UnionPay ending 4242')
    expect(savedMethodLabel({ ...visa, brand: 'unknown', exp_month: null })).toBe('Card ending 4242')
    expect(savedMethodLabel({ ...visa, brand: 'unknown', exp_month: null }, 'tr')).toBe('4242 ile biten Kart')
    expect(savedMethodLabel({ ...visa, kind: 'bank' }, 'tr')).toBe('4242 ile biten banka hesabı')
  })

  it("counts a class card's credits by its total, and says nothing for other memberships", () => {
    expect(creditsText({ membershipType: 'card', creditsLeft: 0, creditsTotal: 1 })).toBe('0 of 1 credit left')
    expect(creditsText({ membershipType: 'card', creditsLeft: 3, creditsTotal: 10 })).toBe('3 of 10 credits left')
    expect(creditsText({ membershipType: 'card', creditsLeft: 3, creditsTotal: 10 }, 'tr')).toBe('10 krediden 3 kaldı')
    expect(creditsText({ membershipType: 'unlimited', creditsLeft: null, creditsTotal: null }, 'tr')).toBeNull()
  })
})
