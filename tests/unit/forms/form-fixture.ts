import type { FormDefinition, FormFieldDefinition } from '#server/forms/form-definition'

let next = 0

export function fieldFixture(input: Partial<FormFieldDefinition> & Pick<FormFieldDefinition, 'name' | 'type'>): FormFieldDefinition {
  next += 1
  const hex = next.toString(16).padStart(12, '0')
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    guId: `11111111-1111-4111-8111-${hex}`,
    sequence: next,
    isMandatory: false,
    placeholder: '',
    helpText: '',
    isPhoneNumber: false,
    options: [],
    ...input,
  }
}

/** The seed's 'Trial Class Registration' shape: Name, Email, Phone, a dropdown, a checkbox, a text area, signature. */
export function formFixture(input: Partial<FormDefinition> = {}): FormDefinition {
  const fields = input.fields ?? [
    fieldFixture({ name: 'Experience', type: 'dropdown', options: ['Beginner', 'Intermediate', 'Advanced'], isMandatory: true }),
    fieldFixture({ name: 'I agree to the studio rules', type: 'checkbox', isMandatory: true }),
    fieldFixture({ name: 'Injuries or health notes', type: 'textarea' }),
  ]
  return {
    id: '22222222-2222-4222-8222-222222222222',
    guId: '33333333-3333-4333-8333-333333333333',
    name: 'Trial Class Registration',
    formType: 'STUDENT_REGISTRATION',
    isName: true,
    isEmail: true,
    isPhone: true,
    isShowEmergencyContact: false,
    isShowBirthdate: false,
    isShowGuardian: false,
    isSignRequired: true,
    isAskedAtCheckout: false,
    beforeFormHtml: '',
    subHeaderHtml: '',
    afterFormHtml: '',
    isPublished: true,
    version: 3,
    ...input,
    fields: fields.map((field, index) => ({ ...field, sequence: index + 1 })),
  }
}
