import { CONTACT_FORM_MESSAGES as M, contactFormSchema } from '#server/contacts/contact-form-schema'
import { COUNTRIES } from '#server/shell/dial-codes'

const usPhone = { country: COUNTRIES[0]!, multiCountry: false }
const phoneMessage = `${M.phoneInvalid} (000-000-0000)`
import { parseContactGuid } from '#server/contacts/contact-guid'
import { containsPattern } from '#server/text/like-pattern'

const base = { firstName: 'Nia', lastName: 'New', email: 'nia@example.test' }
const messagesOf = (input: Record<string, unknown>, supportsGrn = false) => {
  const result = contactFormSchema({ supportsGrn, phone: usPhone }).safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('Create Contact form rules', () => {
  it.each([
    [{}, ['firstName: ' + M.firstNameRequired, 'lastName: ' + M.lastNameRequired, 'email: ' + M.emailRequired]],
    [{ ...base, firstName: '  ' }, ['firstName: ' + M.firstNameRequired]],
    [{ ...base, email: 'nope' }, ['email: ' + M.emailInvalid]],
    [{ ...base, phone: '555' }, ['phone: ' + phoneMessage]],
    [{ ...base, phone: '+1 (555) 010-0199' }, []],
    [{ ...base, phone: '1234567890123456' }, ['phone: ' + phoneMessage]],
    [{ ...base, lastName: 'a\u0000b' }, ['lastName: ' + M.badCharacters]],
    [{ ...base, firstName: 'é'.repeat(100) }, []],
  ])('%j gives %j', (input, expected) => {
    expect(messagesOf(input)).toEqual(expected)
  })

  it('lower-cases the email, trims names, and turns empty optionals into null', () => {
    expect(contactFormSchema({ supportsGrn: true, phone: usPhone }).parse({ ...base, firstName: ' Nia ', email: 'Nia@Example.TEST', phone: '', grnNumber: '' })).toEqual({
      firstName: 'Nia',
      lastName: 'New',
      email: 'nia@example.test',
      phone: null,
      grnNumber: null,
      hasSignedWaiverForm: false,
      subscribeToMailingList: false,
    })
  })

  it('ignores a GRN number when the organisation does not support GRN', () => {
    expect(contactFormSchema({ supportsGrn: false, phone: usPhone }).parse({ ...base, grnNumber: 'G-1' }).grnNumber).toBeNull()
    expect(contactFormSchema({ supportsGrn: true, phone: usPhone }).parse({ ...base, grnNumber: 'G-1' }).grnNumber).toBe('G-1')
  })
})

describe('contact ids and search patterns', () => {
  it.each([
    ['6F9619FF-8B86-4011-B42D-00C04FC964FF', '6f9619ff-8b86-4011-b42d-00c04fc964ff'],
    ['not-a-guid', null],
    ['', null],
    [42, null],
    [null, null],
  ])('guid %j reads %j', (input, expected) => {
    expect(parseContactGuid(input)).toBe(expected)
  })

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
