import { describe, expect, it } from 'vitest'
import { countryFor } from '#server/shell/dial-codes'
import { customFieldKey } from '#server/forms/form-inputs'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { publicFormDescriptor } from '#server/forms/public-form-descriptor'
import { descriptorIn, refusalIn } from '#server/forms/public-form-language'
import type { RefusedPost } from '#server/forms/public-form'
import { formatSignDateIn } from '#server/forms/signature'
import { fieldFixture, formFixture } from './form-fixture'

const usa = countryFor('USA')!

describe('a public form in Turkish', () => {
  const hobby = fieldFixture({ name: 'Favourite style', type: 'text', isMandatory: true })
  const level = fieldFixture({ name: 'Level', type: 'dropdown', options: ['Beginner', 'Advanced'] })
  const age = fieldFixture({ name: 'Age', type: 'number' })
  const form = formFixture({ fields: [hobby, level, age], isShowBirthdate: true, isShowGuardian: true })
  const english = publicFormDescriptor(form, { country: usa, multiCountry: true, isStudent: false })
  const turkish = descriptorIn('tr', english)

  it('leaves the English descriptor as it is', () => {
    expect(descriptorIn('en', english)).toBe(english)
  })

  it('says the spec’s messages in Turkish, keeping the tenant’s labels as written', () => {
    expect(turkish.messages.invalid).toBe('Lütfen işaretli alanları düzeltin.')
    expect(turkish.messages.fields.fullName).toEqual({ required: 'Ad ve Soyad zorunludur!', pattern: 'Ad ve Soyad zorunludur!', maxLength: expect.stringContaining('en fazla') })
    expect(turkish.messages.fields.email).toMatchObject({ required: 'E-posta zorunludur!', pattern: 'Lütfen geçerli bir e-posta adresi girin!' })
    expect(turkish.messages.fields.phone).toMatchObject({ required: 'Telefon Numarası zorunludur' })
    expect(turkish.messages.fields[customFieldKey(hobby.guId)]).toEqual({ required: 'Favourite style alanı zorunludur!', maxLength: expect.stringMatching(/^Favourite style en fazla \d+ karakter olabilir\.$/) })
    expect(turkish.messages.fields[customFieldKey(level.guId)]).toMatchObject({ enum: 'Lütfen Level için seçeneklerden birini seçin.' })
    expect(turkish.messages.fields[customFieldKey(age.guId)]).toMatchObject({ type: 'Age bir sayı olmalıdır.' })
    expect(turkish.title).toBe('Trial Class Registration')
  })

  it('names the standard inputs in Turkish, in their labels and in their messages, and the tenant’s fields as written', () => {
    const titles = Object.fromEntries(Object.entries(turkish.schema.properties).map(([key, schema]) => [key, schema.title]))
    expect(titles).toMatchObject({ fullName: 'Ad Soyad', email: 'E-posta', phone: 'Telefon', phoneCountry: 'Ülke Kodu', dob: 'Doğum Tarihi', motherEmail: 'Anne E-postası' })
    expect(titles[customFieldKey(hobby.guId)]).toBe('Favourite style')
    expect(turkish.schema.properties.dob).toMatchObject({ type: 'string', pattern: english.schema.properties.dob!.pattern })
    expect(turkish.messages.fields.dob).toEqual({ required: 'Doğum Tarihi alanı zorunludur!', pattern: 'Doğum Tarihi bir tarih olmalıdır.' })
    expect(turkish.messages.fields.fullName?.maxLength).toMatch(/^Ad Soyad en fazla \d+ karakter olabilir\.$/)
    expect(turkish.messages.fields.motherName?.maxLength).toMatch(/^Anne Adı en fazla/)
    expect(turkish.uiSchema.fullName).toMatchObject({ 'ui:placeholder': 'Adınız ve soyadınız' })
    expect(english.schema.properties.fullName?.title).toBe('Name')
  })

  it('gives the widgets their words: a select’s empty choice and the dial code’s name', () => {
    expect(turkish.uiSchema[customFieldKey(level.guId)]).toMatchObject({ 'ui:widget': 'select', 'ui:placeholder': 'Seçin…' })
    expect(turkish.uiSchema.phone).toMatchObject({ 'ui:options': { countryField: 'phoneCountry', dialCodeLabel: 'Ülke kodu' } })
    expect(english.uiSchema.phone).not.toMatchObject({ 'ui:options': { dialCodeLabel: expect.anything() } })
  })

  it('translates a descriptor once', () => {
    expect(descriptorIn('tr', english)).toBe(turkish)
  })

  it('says a refusal’s messages in Turkish and keeps what the visitor typed', () => {
    const refused: RefusedPost = {
      formError: FORM_MESSAGES.nameRequired,
      fieldErrors: { fullName: [FORM_MESSAGES.nameRequired], sign: [FORM_MESSAGES.signatureRequired], dob: ['Birth Date must be a date.'] },
      values: { fullName: 'Ada' },
      signature: { sign: '', signTypedName: 'Ada', signConsent: false },
      resetBotCheck: false,
      stamp: 'stamp',
    }
    expect(refusalIn('tr', refused)).toEqual({ ...refused, formError: 'Ad ve Soyad zorunludur!', fieldErrors: { fullName: ['Ad ve Soyad zorunludur!'], sign: ['İmza zorunludur!'], dob: ['Doğum Tarihi bir tarih olmalıdır.'] } })
    expect(refusalIn('en', refused)).toBe(refused)
  })

  it('writes the sign date as the language does, in UTC', () => {
    const late = new Date('2026-11-02T23:30:00-05:00')
    expect(formatSignDateIn('en', late)).toBe('Nov 03, 2026')
    expect(formatSignDateIn('tr', late)).toBe('03 Kas 2026')
  })
})
