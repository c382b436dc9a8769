import { describe, expect, it } from 'vitest'
import { customFieldFilterKind, customFieldMatchFor, resolveCustomFieldFilter, yesNoValue, type CustomFieldFilterField } from '#server/contacts/custom-field-filter'

const TENANT = '11111111-1111-4111-8111-111111111111'
let made = 0
const field = (name: string, type: CustomFieldFilterField['type'], options: string[] = []): CustomFieldFilterField => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  guId: `aaaaaaaa-0000-4000-8000-${String(made).padStart(12, '0')}`,
  name,
  type,
  options,
})
const NOTES = field('Notes', 'textarea')
const LEVEL = field('Level', 'dropdown', ['Beginner', 'Advanced'])
const SHIRT = field('Shirt size', 'radio', ['S', 'M', 'L'])
const WAIVER = field('Waiver signed', 'checkbox')
const AGE = field('Age', 'number')
const EMAIL = field('Work email', 'email')
const FIELDS = [NOTES, LEVEL, SHIRT, WAIVER, AGE, EMAIL]
const key = (of: CustomFieldFilterField) => ({ tenantId: TENANT, fieldId: of.id })

describe('a custom field condition, by the field type', () => {
  it.each([
    ['text', 'text'],
    ['email', 'text'],
    ['textarea', 'text'],
    ['dropdown', 'choice'],
    ['radio', 'choice'],
    ['checkbox', 'yesNo'],
    ['number', 'number'],
  ] as const)('asks a %s field for a %s value', (type, kind) => {
    expect(customFieldFilterKind(type)).toBe(kind)
  })

  it.each([
    [NOTES, '  knee ', { kind: 'contains', text: 'knee' }],
    [EMAIL, '@Studio.test', { kind: 'contains', text: '@Studio.test' }],
    // A choice is its option exactly, however the option was typed.
    [LEVEL, 'beginner', { kind: 'option', option: 'Beginner' }],
    [SHIRT, ' m ', { kind: 'option', option: 'M' }],
    [WAIVER, 'Yes', { kind: 'ticked', ticked: true }],
    [WAIVER, 'true', { kind: 'ticked', ticked: true }],
    [WAIVER, 'no', { kind: 'ticked', ticked: false }],
    [WAIVER, '0', { kind: 'ticked', ticked: false }],
    [AGE, '12', { kind: 'number', number: '12' }],
    [AGE, '+3.50', { kind: 'number', number: '3.50' }],
    [AGE, '-.5', { kind: 'number', number: '-.5' }],
  ] as const)('matches %o with %j', (of, value, expected) => {
    expect(customFieldMatchFor(of, TENANT, value)).toEqual({ match: { ...key(of), ...expected }, problem: null })
  })

  it.each([
    [LEVEL, 'Expert', '“Expert” is not an option of Level, so this filter is not applied. Choose one of: Beginner, Advanced.'],
    [field('Empty list', 'dropdown'), 'x', '“x” is not an option of Empty list, so this filter is not applied.'],
    [WAIVER, 'maybe', 'Waiver signed is a tick box: choose Yes or No. This filter is not applied.'],
    [AGE, 'abc', 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.'],
    [AGE, '12 years', 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.'],
    [AGE, '1e5', 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.'],
  ] as const)('says why %o cannot be %j', (of, value, problem) => {
    expect(customFieldMatchFor(of, TENANT, value)).toEqual({ match: null, problem })
  })

  it('reads tick box words', () => {
    expect(['yes', 'Y', ' on ', 'checked'].map(yesNoValue)).toEqual(['yes', 'yes', 'yes', 'yes'])
    expect(['no', 'N', 'off', 'false'].map(yesNoValue)).toEqual(['no', 'no', 'no', 'no'])
    expect(yesNoValue('perhaps')).toBeNull()
  })
})

describe('reading the condition against the studio’s fields', () => {
  const none = { field: null, match: null, problem: null, unknownField: false }

  it('is no condition when the URL names none', () => {
    expect(resolveCustomFieldFilter(FIELDS, TENANT, null)).toEqual(none)
  })

  it('finds the field by guId or by id, in any case', () => {
    for (const ref of [AGE.guId, AGE.id, AGE.guId.toUpperCase()]) {
      expect(resolveCustomFieldFilter(FIELDS, TENANT, { field: ref, value: '40' })).toEqual({ ...none, field: AGE, match: { ...key(AGE), kind: 'number', number: '40' } })
    }
  })

  it('keeps a field chosen without a value, applying nothing', () => {
    expect(resolveCustomFieldFilter(FIELDS, TENANT, { field: LEVEL.guId, value: '' })).toEqual({ ...none, field: LEVEL })
  })

  it('leaves out a field the studio does not have (deleted, or another studio’s) without a message', () => {
    expect(resolveCustomFieldFilter(FIELDS, TENANT, { field: 'bbbbbbbb-0000-4000-8000-000000000001', value: 'x' })).toEqual({ ...none, unknownField: true })
  })

  it('says a value that does not fit its field, and applies nothing', () => {
    expect(resolveCustomFieldFilter(FIELDS, TENANT, { field: AGE.guId, value: 'abc' })).toEqual({
      ...none,
      field: AGE,
      problem: 'Age holds numbers: enter a number such as 12 or 3.5. This filter is not applied.',
    })
  })

  it('says a value given without a field', () => {
    expect(resolveCustomFieldFilter(FIELDS, TENANT, { field: null, value: 'yes' })).toEqual({ ...none, problem: 'Choose a custom field to look for “yes” in; this filter is not applied.' })
  })
})
