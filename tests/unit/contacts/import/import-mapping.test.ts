import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import { foldHeader, suggestMapping } from '#server/contacts/import/import-targets'
import { MAPPING_MESSAGES, mappingProblems, readMappingForm } from '#server/contacts/import/import-mapping'

const field = (name: string, type: CustomFieldView['type'] = 'text'): CustomFieldView => ({
  id: `id-${name}`, guId: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`, name, tag: null, type, placeholder: '', helpText: '', isMandatory: false, isPhoneNumber: false, options: [],
})

describe('column suggestions from the header', () => {
  it.each([
    ['First Name', 'firstName'], ['firstname', 'firstName'], ['first_name', 'firstName'], ['Given name', 'firstName'], ['Prénom', 'firstName'],
    ['Last Name', 'lastName'], ['Surname', 'lastName'], ['Family-Name', 'lastName'],
    ['Name', 'fullName'], ['Full name', 'fullName'],
    ['E-mail', 'email'], ['Email Address', 'email'], ['EMAIL', 'email'], ['Mail', 'email'],
    ['Mobile', 'phone'], ['Phone Number', 'phone'], ['Cell', 'phone'], ['Tel.', 'phone'],
    ['Zip Code', 'zip'], ['Postcode', 'zip'], ['Date of Birth', 'dateOfBirth'], ['DOB', 'dateOfBirth'], ['Birthday', 'dateOfBirth'],
    ['Tags', 'tags'], ['Labels', 'tags'], ['Company', 'company'], ['Organisation', 'company'],
    ['Alternate Email', 'altEmail1'], ['Emergency contact phone', 'emergencyContactPhone'],
  ])('"%s" suggests %s', (header, target) => {
    expect(suggestMapping([header], [])).toEqual({ '0': target })
  })

  it('folds case, spaces, punctuation and accents', () => {
    expect(foldHeader('  Prénom / Vorname ')).toBe('prenomvorname')
    expect(foldHeader('E-MAIL')).toBe('email')
  })

  it('gives each field to the first column that asks for it, leaves unknown columns out, and prefers a custom field of the same name', () => {
    const belt = field('Belt Colour')
    const source = field('Source')
    expect(suggestMapping(['Email', 'E-mail', 'Shoe size', 'belt colour', 'Source'], [belt, source])).toEqual({
      '0': 'email',
      '3': `field:${belt.guId}`,
      '4': `field:${source.guId}`,
    })
    expect(suggestMapping(['Section'], [field('Section', 'header')])).toEqual({})
  })
})

describe('mapping rules', () => {
  it('needs an email, or first and last names, or a full name', () => {
    expect(mappingProblems({ '0': 'phone' }, []).form).toBe(MAPPING_MESSAGES.needsKey)
    expect(mappingProblems({ '0': 'firstName' }, []).form).toBe(MAPPING_MESSAGES.needsKey)
    expect(mappingProblems({ '0': 'email' }, []).form).toBeNull()
    expect(mappingProblems({ '0': 'fullName' }, []).form).toBeNull()
    expect(mappingProblems({ '0': 'firstName', '1': 'lastName' }, []).form).toBeNull()
  })

  it('names a field chosen for two columns on the later column', () => {
    const problems = mappingProblems({ '0': 'email', '2': 'phone', '10': 'phone' }, [])
    expect(problems.columns).toEqual({ '10': MAPPING_MESSAGES.chosenTwice('Phone') })
    expect(problems.form).toBe(MAPPING_MESSAGES.invalid)
  })

  it('reads the posted form: unknown targets are refused, a bad separator or rule falls back', () => {
    const form = new FormData()
    form.set('column-0', 'email')
    form.set('column-1', 'passwordHash')
    form.set('column-2', '')
    form.set('column-9', 'phone')
    form.set('delimiter', '|')
    form.set('onDuplicate', 'merge')
    const { choice, problems } = readMappingForm(form, ['a', 'b', 'c'], [])
    expect(choice).toEqual({ mapping: { '0': 'email' }, delimiter: ',', onDuplicate: 'skip' })
    expect(problems).toEqual({ form: MAPPING_MESSAGES.invalid, columns: { '1': MAPPING_MESSAGES.unknownTarget } })
  })
})
