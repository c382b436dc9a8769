import { smsNumberOf } from '#server/sms/sms-number'

describe("the number a text goes to (E.164, read in the studio's country)", () => {
  it.each([
    ['555-010-0201', 'United States', '+15550100201'],
    ['(212) 555-0123', 'United States', '+12125550123'],
    ['+1 555 010 7777', 'India', '+15550107777'],
    ['98765 43210', 'India', '+919876543210'],
    ['+44 20 7946 0958', 'United States', '+442079460958'],
    ['555-010-0201', 'Atlantis', '+15550100201'],
    ['call me', 'United States', null],
    ['123', 'United States', null],
    ['   ', 'United States', null],
    [null, 'United States', null],
  ])('%s in %s is %s', (phone, country, expected) => {
    expect(smsNumberOf(phone, country)).toBe(expected)
  })
})
