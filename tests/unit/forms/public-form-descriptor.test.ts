import { describe, expect, it } from 'vitest'
import { checkAgainstSchema, type SubsetSchema } from '#server/screens/check-against-schema'
import { countryFor } from '#server/shell/dial-codes'
import { customFieldKey } from '#server/forms/form-inputs'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { publicFormDescriptor } from '#server/forms/public-form-descriptor'
import { fieldFixture, formFixture } from './form-fixture'

const usa = countryFor('USA')!

describe('the descriptor generated from a custom form', () => {
  const header = fieldFixture({ name: 'About you', type: 'header' })
  const age = fieldFixture({ name: 'Age', type: 'number', isMandatory: true, helpText: 'In years' })
  const size = fieldFixture({ name: 'Size', type: 'radio', options: ['S', 'M', 'L'] })
  const waiver = fieldFixture({ name: 'I accept', type: 'checkbox', isMandatory: true })
  const form = formFixture({ fields: [header, age, size, waiver], isShowEmergencyContact: true, isShowGuardian: true, isShowBirthdate: true })
  const descriptor = publicFormDescriptor(form, { country: usa, multiCountry: false, isStudent: false })

  it('has the standard fields, then the custom fields in the form’s order, then emergency and guardian details', () => {
    expect(descriptor.uiSchema['ui:order']).toEqual([
      'fullName', 'email', 'phone', 'dob',
      customFieldKey(header.guId), customFieldKey(age.guId), customFieldKey(size.guId), customFieldKey(waiver.guId),
      'emergencyContactName', 'emergencyContactPhone',
      'motherName', 'motherEmail', 'motherPhone', 'fatherName', 'fatherEmail', 'fatherPhone',
    ])
    expect(descriptor).toMatchObject({ key: 'registration-form', version: form.version, title: 'Trial Class Registration' })
    expect(descriptor.schema.required).toEqual(['fullName', 'email', 'phone', customFieldKey(age.guId)])
  })

  it('turns each custom field type into its schema and widget', () => {
    const properties = descriptor.schema.properties
    expect(properties[customFieldKey(header.guId)]).toEqual({ type: 'string', title: 'About you', readOnly: true })
    expect(descriptor.uiSchema[customFieldKey(header.guId)]).toMatchObject({ 'ui:widget': 'heading' })
    expect(properties[customFieldKey(age.guId)]).toEqual({ type: 'number', title: 'Age' })
    expect(descriptor.uiSchema[customFieldKey(age.guId)]).toMatchObject({ 'ui:help': 'In years' })
    expect(properties[customFieldKey(size.guId)]).toEqual({ type: 'string', title: 'Size', enum: ['S', 'M', 'L'] })
    expect(descriptor.uiSchema[customFieldKey(size.guId)]).toMatchObject({ 'ui:widget': 'radio' })
    expect(properties[customFieldKey(waiver.guId)]).toEqual({ type: 'boolean', title: 'I accept', const: true })
    expect(properties.emergencyContactName).toMatchObject({ maxLength: 255 })
    expect(properties.phone).toMatchObject({ pattern: '^\\D*(\\d\\D*){10}$' })
  })

  it('lets the browser find what the server refuses, in the spec’s words', () => {
    const schema = descriptor.schema as SubsetSchema
    const issues = checkAgainstSchema(schema, {
      fullName: 'Ada',
      email: 'ada@example',
      phone: '555-0100',
      motherEmail: 'mum@',
      [customFieldKey(waiver.guId)]: false,
    })
    const byField = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.keyword]))
    expect(byField).toMatchObject({ fullName: 'pattern', email: 'pattern', phone: 'pattern', motherEmail: 'pattern', [customFieldKey(waiver.guId)]: 'const' })
    expect(descriptor.messages.fields.fullName).toMatchObject({ required: FORM_MESSAGES.nameRequired, pattern: FORM_MESSAGES.nameRequired })
    expect(descriptor.messages.fields.phone).toMatchObject({ required: FORM_MESSAGES.phoneRequired })
    expect(descriptor.messages.fields.email).toMatchObject({ pattern: FORM_MESSAGES.emailInvalid, required: FORM_MESSAGES.emailRequired })
    expect(checkAgainstSchema(schema, { fullName: 'Ada Lovelace', email: 'Ada@Example.com', phone: '(555) 010-0100', [customFieldKey(age.guId)]: 30, [customFieldKey(waiver.guId)]: true })).toEqual([])
  })

  it('does not require name, email and phone of a signed-in student, and adds the country code with multi-country support', () => {
    const student = publicFormDescriptor(form, { country: usa, multiCountry: true, isStudent: true })
    expect(student.schema.required).toEqual(['phoneCountry', customFieldKey(age.guId)])
    expect(student.schema.properties.phoneCountry).toMatchObject({ enum: ['USA', 'IND', 'GBR', 'AUS', 'SGP'], default: 'USA' })
    expect(student.schema.properties.phone).not.toHaveProperty('pattern')
  })
})
