import { COUNTRIES } from '#server/shell/dial-codes'
import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import { parseImportDate } from '#server/contacts/import/import-date'
import { cellText, importPlan, readImportRow, ROW_MESSAGES } from '#server/contacts/import/import-row'

const today = new Date('2026-11-24T00:00:00Z')
const field = (name: string, type: CustomFieldView['type'], options: string[] = []): CustomFieldView => ({
  id: `id-${name}`, guId: `00000000-0000-4000-8000-00000000000${name.length % 10}`, name, tag: null, type, placeholder: '', helpText: '', isMandatory: true, isPhoneNumber: false, options,
})
const level = field('Level', 'dropdown', ['Beginner', 'Advanced'])
const shoe = field('Shoe size', 'number')
const consent = field('Consent', 'checkbox')
const header = ['Name', 'Email', 'Phone', 'Birthday', 'Tags', 'Level', 'Shoe size', 'Consent', 'City']
const plan = importPlan({
  header,
  mapping: { '0': 'fullName', '1': 'email', '2': 'phone', '3': 'dateOfBirth', '4': 'tags', '5': `field:${level.guId}`, '6': `field:${shoe.guId}`, '7': `field:${consent.guId}`, '8': 'city' },
  fields: [level, shoe, consent],
  country: COUNTRIES[0],
  dateFormat: 'MM/dd/YYYY',
  today,
})
const read = (fields: string[]) => readImportRow({ fields, unclosedQuote: false }, plan)

describe('reading a row through the mapping', () => {
  it('keeps the values as they will be saved: split name, lower-case email, dates as YYYY-MM-DD, tags and typed custom values', () => {
    const result = read(['Mary Ann Smith', 'Mary@Example.COM', '+1 (555) 010-0100', '04/05/1990', 'Yoga; kids,Yoga', 'Advanced', '38.5', 'Yes', '  Porto '])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toMatchObject({ firstName: 'Mary', lastName: 'Ann Smith', email: 'mary@example.com', tags: ['Yoga', 'kids'] })
    expect(result.value.values).toEqual({ phone: '555-010-0100', date_of_birth: '1990-04-05', city: 'Porto' })
    expect(Object.fromEntries(result.value.fields)).toEqual({ [level.id]: { text: 'Advanced' }, [shoe.id]: { number: 38.5 }, [consent.id]: { bool: true } })
  })

  it('leaves blank cells out, mandatory custom fields included (an import fills in what it has)', () => {
    const result = read(['Ann Lee', '', '', '', '', '', '', '', ''])
    expect(result.ok && result.value).toMatchObject({ email: null, values: {}, tags: [], fields: new Map() })
  })

  it('gives every problem of a row in one message', () => {
    const result = read(['Ann Lee', 'not-an-email', '12', '31/31/1990', '', 'Expert', 'many', 'maybe', ''])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toBe(
      [
        'Email: Please enter a valid email address.',
        'Phone: Please enter a valid phone number. (000-000-0000)',
        ROW_MESSAGES.dateInvalid('Date of birth', 'MM/dd/YYYY'),
        'Please choose one of the options for Level.',
        'Shoe size must be a number.',
        ROW_MESSAGES.checkboxWord('Consent'),
      ].join(' '),
    )
  })

  it('refuses a ragged row and an unclosed quote', () => {
    expect(read(['only', 'two'])).toMatchObject({ ok: false, message: ROW_MESSAGES.ragged(2, 9) })
    expect(readImportRow({ fields: header.map(() => ''), unclosedQuote: true }, plan)).toMatchObject({ ok: false, message: ROW_MESSAGES.unclosedQuote })
  })

  it('takes off the apostrophe our error files put before a formula sign', () => {
    expect(cellText("'+1 555 010 0100")).toBe('+1 555 010 0100')
    expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)')
    expect(cellText("O'Brien")).toBe("O'Brien")
  })
})

describe('dates of birth', () => {
  it.each([
    ['1990-04-23', 'MM/dd/YYYY', '1990-04-23'],
    ['04/05/1990', 'MM/dd/YYYY', '1990-04-05'],
    ['04/05/1990', 'dd/MM/YYYY', '1990-05-04'],
    ['4.5.1990', 'dd-MM-YYYY', '1990-05-04'],
    ['Apr 23 1990', 'MMM dd YYYY', '1990-04-23'],
    ['April 23, 1990', 'MM/dd/YYYY', '1990-04-23'],
    ['1990-02-30', 'MM/dd/YYYY', null],
    ['1899-12-31', 'MM/dd/YYYY', null],
    ['2030-01-01', 'MM/dd/YYYY', null],
    ['soon', 'MM/dd/YYYY', null],
  ] as const)('%s in %s is %s', (text, format, expected) => {
    expect(parseImportDate(text, format, today)).toBe(expected)
  })
})
