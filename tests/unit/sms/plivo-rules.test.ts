import { describe, expect, it } from 'vitest'
import { parseAreaCode, parseNumberToBuy, plivoAccountErrors, PLIVO_MESSAGES as M } from '#server/sms/plivo-form'
import { availableNumberOf, isMessagingApproved } from '#server/sms/plivo-number-status'

describe('the Plivo page rules', () => {
  it.each([
    ['415', { ok: true, value: '415' }],
    [' 212 ', { ok: true, value: '212' }],
    ['', { ok: false, message: M.areaCodeRequired }],
    [undefined, { ok: false, message: M.areaCodeRequired }],
    ['41', { ok: false, message: M.areaCodeShape }],
    ['4155', { ok: false, message: M.areaCodeShape }],
    ['115', { ok: false, message: M.areaCodeShape }],
    ['015', { ok: false, message: M.areaCodeShape }],
    ['4e2', { ok: false, message: M.areaCodeShape }],
    ['-41', { ok: false, message: M.areaCodeShape }],
  ])('reads the area code %j (spec: a number input)', (raw, expected) => {
    expect(parseAreaCode(raw)).toMatchObject(expected)
  })

  it.each([
    ['14155550100', true],
    ['+14155550100', true],
    ['4155550100', false],
    ['141555501000', false],
    ['1415555010a', false],
    ['10155550100', false],
    [null, false],
  ])('takes %j as a number to buy only as the search lists it', (raw, fine) => {
    expect(parseNumberToBuy(raw).ok).toBe(fine)
  })

  it('asks the terms only until agreed, and the token only until one is kept', () => {
    const values = { agree: false, authId: 'MA123', authToken: '' }
    expect(plivoAccountErrors(values, false, true)).toEqual({ agree: M.termsRequired, authToken: M.tokenRequired })
    expect(plivoAccountErrors({ ...values, agree: true, authToken: 'tok' }, false, true)).toEqual({})
    expect(plivoAccountErrors(values, true, false)).toEqual({})
    expect(plivoAccountErrors({ agree: true, authId: '', authToken: 'a b' }, false, true)).toEqual({ authId: M.authIdRequired, authToken: M.tokenShape })
  })

  const owned = { sms_enabled: true, country: 'United States', number_type: 'local', tendlc_registration_status: '', toll_free_sms_verification: '' }
  it.each([
    ['a US local number linked to a registered campaign', { tendlc_registration_status: 'COMPLETED' }, true],
    ['a US local number registered (filter spelling)', { tendlc_registration_status: 'registered' }, true],
    ['a US local number still in registration', { tendlc_registration_status: 'PROCESSING' }, false],
    ['a US local number never registered', {}, false],
    ['a US toll-free number verified', { number_type: 'tollfree', toll_free_sms_verification: 'verified' }, true],
    ['a US toll-free number pending verification', { number_type: 'tollfree', toll_free_sms_verification: 'pending_verification' }, false],
    ['a number outside the US', { country: 'India' }, true],
    ['a number that cannot text', { sms_enabled: false, tendlc_registration_status: 'COMPLETED' }, false],
  ])('approves (spec isMessagingApproved) %s: %j', (_case, change, approved) => {
    expect(isMessagingApproved({ ...owned, ...change })).toBe(approved)
  })

  it('lists an offered number as the spec names it (number, region, country, smsEnabled, mmsEnabled)', () => {
    expect(availableNumberOf({ number: '14155550100', region: 'California, UNITED STATES', country: 'UNITED STATES', sms_enabled: true, mms_enabled: false, monthly_rental_rate: '0.50000' })).toEqual({
      number: '14155550100',
      display: '+14155550100',
      region: 'California, UNITED STATES',
      country: 'UNITED STATES',
      smsEnabled: true,
      mmsEnabled: false,
      monthlyRent: '$0.50',
    })
    expect(availableNumberOf({ number: '14155550100', region: '', country: '', sms_enabled: true, mms_enabled: true, monthly_rental_rate: '' }).monthlyRent).toBe('')
  })
})
