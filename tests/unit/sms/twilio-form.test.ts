import { isNumericPhone, parseTwilioForm, senderOf, twilioErrors } from '#server/sms/twilio-form'

const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

describe('the Twilio sender rule (spec: a non-numeric sender is the messaging id and the phone is cleared)', () => {
  it.each([
    ['+15551234567', { phone: '+15551234567', messagingId: null }],
    ['15551234567', { phone: '15551234567', messagingId: null }],
    [' +1 (555) 123-4567 ', { phone: '+15551234567', messagingId: null }],
    ['+44 20 7946 0958', { phone: '+442079460958', messagingId: null }],
    ['MG0123456789abcdef0123456789abcdef', { phone: null, messagingId: 'MG0123456789abcdef0123456789abcdef' }],
    ['Studio', { phone: null, messagingId: 'Studio' }],
    ['12ab34', { phone: null, messagingId: '12ab34' }],
    ['+', { phone: null, messagingId: '+' }],
  ])('%s', (value, expected) => {
    expect(senderOf(value)).toEqual(expected)
  })

  it('counts a phone as 4 to 15 digits after an optional +', () => {
    expect(isNumericPhone('123')).toBe(false)
    expect(isNumericPhone('1234')).toBe(true)
    expect(isNumericPhone('+1234567890123456')).toBe(false)
  })
})

describe('the Twilio form rules', () => {
  const values = { sender: '+15551234567', sid: 'AC1', token: 'secret', adminPhone: '', pageSize: '', pageWaitMinutes: '' }

  it('requires sid, token and sender; the token only while none is saved', () => {
    expect(twilioErrors({ ...values, sender: '', sid: ' ', token: '' }, false, false)).toEqual({
      sender: 'Phone or Messaging Service ID is required',
      sid: 'Account SID is required',
      token: 'Auth Token is required',
    })
    expect(twilioErrors({ ...values, token: '' }, true, false)).toEqual({})
  })

  it('checks the advanced fields only when they were posted, and keeps the saved pace otherwise', () => {
    expect(twilioErrors({ ...values, pageSize: '0', pageWaitMinutes: '1441' }, false, true)).toEqual({
      pageSize: 'Page Size is a whole number from 1 to 10000',
      pageWaitMinutes: 'Page Timer is a whole number of minutes from 0 to 1440',
    })
    const closed = parseTwilioForm(formOf({ sender: 'MGabc', sid: 'AC1', token: '' }), true)
    expect(closed.ok && closed.value).toEqual({ sid: 'AC1', token: null, phone: null, messagingId: 'MGabc', adminPhone: null, pageSize: null, pageWaitMinutes: null })
    const open = parseTwilioForm(formOf({ sender: '+1 555 123 4567', sid: 'AC1', token: 't', pageSize: '250', pageWaitMinutes: '0' }), false)
    expect(open.ok && open.value).toMatchObject({ phone: '+15551234567', messagingId: null, token: 't', pageSize: 250, pageWaitMinutes: 0 })
  })

  it('never echoes the token in a refusal', () => {
    const refused = parseTwilioForm(formOf({ sender: '', sid: 'AC1', token: 'hush' }), false)
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.details.values.token).toBe('')
  })
})
