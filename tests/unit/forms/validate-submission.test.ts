import { describe, expect, it } from 'vitest'
import { countryFor } from '#server/shell/dial-codes'
import { customFieldKey } from '#server/forms/form-inputs'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { validateSubmission, type ValidationContext } from '#server/forms/validate-submission'
import { fieldFixture, formFixture } from './form-fixture'

const usa = countryFor('USA')!
const visitor: ValidationContext = { country: usa, multiCountry: false, student: null, today: new Date('2026-11-22T00:00:00Z') }
const form = formFixture()
const [experience, rules, notes] = form.fields
const valid = {
  fullName: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '(555) 010-0000',
  [customFieldKey(experience.guId)]: 'Beginner',
  [customFieldKey(rules.guId)]: 'on',
  [customFieldKey(notes.guId)]: 'Sore knee\nfrom running',
}

describe('validateSubmission (spec 002 section 5)', () => {
  it('accepts a complete post and returns the payload values', () => {
    const result = validateSubmission(form, valid, visitor)
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        fullName: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '555-010-0000',
        customField: [
          { guId: experience.guId, sequence: 1, type: 'dropdown', name: 'Experience', value: 'Beginner' },
          { guId: rules.guId, sequence: 2, type: 'checkbox', name: 'I agree to the studio rules', value: true },
          { guId: notes.guId, sequence: 3, type: 'textarea', name: 'Injuries or health notes', value: 'Sore knee\nfrom running' },
        ],
      }),
    })
  })

  it('ignores fields the form does not have', () => {
    const result = validateSubmission(form, { ...valid, isAdmin: 'true', tenant: 'other', cf_deadbeef: 'x' }, visitor)
    expect(result.ok).toBe(true)
  })

  it.each([
    { change: { fullName: '' }, key: 'fullName', message: FORM_MESSAGES.nameRequired },
    { change: { fullName: 'Ada' }, key: 'fullName', message: FORM_MESSAGES.nameRequired },
    { change: { email: '' }, key: 'email', message: FORM_MESSAGES.emailRequired },
    { change: { email: 'ada@example' }, key: 'email', message: FORM_MESSAGES.emailInvalid },
    { change: { phone: '555-0100' }, key: 'phone', message: FORM_MESSAGES.phoneRequired },
    { change: { phone: '' }, key: 'phone', message: FORM_MESSAGES.phoneRequired },
    { change: { [customFieldKey(experience.guId)]: 'Expert' }, key: customFieldKey(experience.guId), message: 'Please choose one of the options for Experience.' },
    { change: { [customFieldKey(rules.guId)]: '' }, key: customFieldKey(rules.guId), message: 'I agree to the studio rules is required!' },
    { change: { [customFieldKey(notes.guId)]: 'x'.repeat(5001) }, key: customFieldKey(notes.guId), message: 'Injuries or health notes must be at most 5000 characters.' },
    { change: { fullName: `Ada ${'L'.repeat(300)}` }, key: 'fullName', message: 'Name must be at most 255 characters.' },
  ])('refuses $change', ({ change, key, message }) => {
    const result = validateSubmission(form, { ...valid, ...change }, visitor)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.details.errors[key]).toBe(message)
  })

  it('says "First name and Last name required!" for the whole form when the name is missing', () => {
    const result = validateSubmission(form, { ...valid, fullName: 'Cher' }, visitor)
    expect(result).toMatchObject({ ok: false, error: 'invalid_input', message: FORM_MESSAGES.nameRequired })
  })

  it('lets a signed-in student leave name, email and phone to the profile', () => {
    const student = { firstName: 'Stella', lastName: 'Student', email: 'student@demo.test', phone: '555-010-0004' }
    const result = validateSubmission(form, { ...valid, fullName: '', email: '', phone: '' }, { ...visitor, student })
    expect(result).toMatchObject({
      ok: true,
      value: { firstName: 'Stella', lastName: 'Student', fullName: 'Stella Student', email: 'student@demo.test', phone: '555-010-0004' },
    })
  })

  it('requires mandatory custom fields and checks numbers', () => {
    const age = fieldFixture({ name: 'Age', type: 'number', isMandatory: true })
    const withAge = formFixture({ fields: [age] })
    const base = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '5550100000' }
    expect(validateSubmission(withAge, base, visitor)).toMatchObject({ ok: false, details: { errors: { [customFieldKey(age.guId)]: 'Age is required!' } } })
    expect(validateSubmission(withAge, { ...base, [customFieldKey(age.guId)]: 'ten' }, visitor)).toMatchObject({
      ok: false,
      details: { errors: { [customFieldKey(age.guId)]: 'Age must be a number.' } },
    })
    expect(validateSubmission(withAge, { ...base, [customFieldKey(age.guId)]: '10' }, visitor)).toMatchObject({
      ok: true,
      value: { customField: [expect.objectContaining({ value: 10 })] },
    })
  })

  it('applies the email pattern to a field named Email and to guardian emails', () => {
    const email = fieldFixture({ name: 'Email', type: 'text' })
    const guardianForm = formFixture({ isEmail: false, isShowGuardian: true, fields: [email] })
    const base = { fullName: 'Ada Lovelace', phone: '5550100000' }
    const result = validateSubmission(guardianForm, { ...base, [customFieldKey(email.guId)]: 'nope', motherEmail: 'mum@', fatherEmail: 'dad@example.com' }, visitor)
    expect(result).toMatchObject({
      ok: false,
      details: { errors: { [customFieldKey(email.guId)]: FORM_MESSAGES.emailInvalid, motherEmail: FORM_MESSAGES.emailInvalid } },
    })
    if (!result.ok) expect(result.details.errors.fatherEmail).toBeUndefined()
  })

  it('limits the emergency contact name to 255 characters', () => {
    const emergency = formFixture({ isShowEmergencyContact: true, fields: [] })
    const base = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '5550100000' }
    expect(validateSubmission(emergency, { ...base, emergencyContactName: 'E'.repeat(255) }, visitor).ok).toBe(true)
    expect(validateSubmission(emergency, { ...base, emergencyContactName: 'E'.repeat(256) }, visitor)).toMatchObject({
      ok: false,
      details: { errors: { emergencyContactName: 'Emergency Contact Name must be at most 255 characters.' } },
    })
  })

  it('writes the multi-country phone as dial code, hyphen, number', () => {
    const result = validateSubmission(form, { ...valid, phoneCountry: 'IND', phone: '98765 43210' }, { ...visitor, multiCountry: true })
    expect(result).toMatchObject({ ok: true, value: { phone: '+91-98765-43210' } })
  })

  it('asks a visitor for a name even on a form without a Name field', () => {
    const nameless = formFixture({ isName: false, fields: [] })
    const base = { email: 'ada@example.com', phone: '5550100000' }
    expect(validateSubmission(nameless, base, visitor)).toMatchObject({ ok: false, error: 'invalid_input', message: FORM_MESSAGES.nameRequired })
    const named = fieldFixture({ name: 'Name', type: 'text' })
    const withNamedField = formFixture({ isName: false, fields: [named] })
    expect(validateSubmission(withNamedField, { ...base, [customFieldKey(named.guId)]: 'Ada Lovelace' }, visitor)).toMatchObject({
      ok: true,
      value: { firstName: 'Ada', lastName: 'Lovelace' },
    })
  })

  it('checks birth dates', () => {
    const dobForm = formFixture({ isShowBirthdate: true, fields: [] })
    const base = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '5550100000' }
    expect(validateSubmission(dobForm, { ...base, dob: '2010-02-28' }, visitor).ok).toBe(true)
    expect(validateSubmission(dobForm, { ...base, dob: '2010-02-30' }, visitor).ok).toBe(false)
    expect(validateSubmission(dobForm, { ...base, dob: '2030-01-01' }, visitor).ok).toBe(false)
  })
})
