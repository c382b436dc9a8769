import { describe, expect, it } from 'vitest'
import { shippedDescriptor, shippedDescriptors } from '#screens/index'
import turkishWords from '#server/i18n/locales/tr/messages/settings-screens.json'
import { applyOverlay } from '#server/screens/apply-overlay'
import { messageFor } from '#server/screens/messages'
import { descriptorWords, translatedDescriptor } from '#server/screens/translated-descriptor'
import { validateSubmission } from '#server/screens/validate-submission'

const table: Record<string, string> = turkishWords

describe('the shipped settings screens in Turkish', () => {
  it.each([...shippedDescriptors().keys()])('has the Turkish of every word of %s', (key) => {
    const missing = descriptorWords(shippedDescriptor(key)!).filter((word) => table[word] === undefined || table[word].trim() === '')
    expect(missing).toEqual([])
  })

  it('translates titles, help, section names, choice labels and the descriptor’s own messages', () => {
    const roles = translatedDescriptor(shippedDescriptor('roles')!, 'tr')
    expect(roles.title).toBe('Rol Ayarları')
    expect(roles.schema.properties.classesStaff?.title).toBe('Personel')
    expect(JSON.stringify(roles.uiSchema)).toContain('Dersler veya Programlar')
    const account = translatedDescriptor(shippedDescriptor('account')!, 'tr')
    expect(account.messages.invalid).toBe('Geçersiz form!')
    expect(account.messages.fields.name?.required).toBe('Kuruluş Adı zorunludur!')
    // The country's value stays the English the rules know; only its label is Turkish.
    expect(account.schema.properties.country?.enum).toEqual(['United States', 'India'])
    expect(JSON.stringify(account.uiSchema.country)).toContain('Amerika Birleşik Devletleri')
  })

  it('keeps English exactly as shipped', () => {
    const account = shippedDescriptor('account')!
    expect(translatedDescriptor(account, 'en')).toBe(account)
  })

  it('leaves a studio’s own words as it wrote them', () => {
    const base = shippedDescriptor('studentapp')!
    const customised = applyOverlay(base, { fields: { appLabel1: { label: 'Our Lessons' } }, customFields: [] }).descriptor
    const translated = translatedDescriptor(customised, 'tr')
    expect(translated.schema.properties.appLabel1?.title).toBe('Our Lessons')
    expect(translated.schema.properties.appLabel2?.title).toBe('Program Menüsü Adı')
  })

  it('words the sentences made from a field’s label in the descriptor’s language, on the server as in the browser', () => {
    const seo = translatedDescriptor(shippedDescriptor('seosetting')!, 'tr')
    expect(messageFor(seo, { path: ['seoKeywords'], keyword: 'maxLength', limit: 255 })).toBe('SEO Anahtar Kelimeleri en fazla 255 karakter olabilir')
    const website = translatedDescriptor(shippedDescriptor('website')!, 'tr')
    expect(messageFor(website, { path: ['logoWidth'], keyword: 'maximum', limit: 400 })).toBe('Logo Genişliği (px) en fazla 400 olmalıdır')
    expect(messageFor(shippedDescriptor('website')!, { path: ['logoWidth'], keyword: 'maximum', limit: 400 })).toBe('Logo Width (px) must be at most 400')
    const studentApp = translatedDescriptor(shippedDescriptor('studentapp')!, 'tr')
    const refused = validateSubmission(studentApp, { appLabel1: '', appLabel2: 'Program', appLabel3: 'Dosyalar', appLabel4: 'Diğer', appPrimaryColor: '#4d8dfc' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.message).toBe('Geçersiz form!')
      expect(refused.details.fieldErrors.appLabel1).toEqual(['Kurs Menüsü Adı zorunludur!'])
    }
  })
})
