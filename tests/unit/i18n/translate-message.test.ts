import { describe, expect, it } from 'vitest'
import { MESSAGE_TRANSLATIONS } from '#server/i18n/catalog'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

describe('translateMessage', () => {
  const someMessage = Object.entries(MESSAGE_TRANSLATIONS.tr).find(([english]) => !english.includes('{{'))
  const someTemplate = Object.entries(MESSAGE_TRANSLATIONS.tr).find(([english]) => english.includes('{{'))

  it('leaves English as it is', () => {
    expect(translateMessage('en', 'Anything at all.')).toBe('Anything at all.')
  })

  it('translates a known message', () => {
    if (!someMessage) throw new Error('the Turkish messages are empty')
    expect(translateMessage('tr', someMessage[0])).toBe(someMessage[1])
  })

  it('keeps the values of a message with values in it', () => {
    if (!someTemplate) throw new Error('no Turkish message has values')
    const [english, turkish] = someTemplate
    const filled = english.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => `<${name} value>`)
    expect(translateMessage('tr', filled)).toBe(turkish.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => `<${name} value>`))
  })

  it('translates a message put together from others sentence by sentence', () => {
    expect(translateMessage('tr', 'Please check your cart: Cork Block is sold out. Yoga Mat is no longer sold.')).toBe(
      'Lütfen sepetinizi kontrol edin: Cork Block tükendi. Yoga Mat artık satılmıyor.',
    )
  })

  it('does not treat an entry with no words of its own as a pattern that matches anything', () => {
    expect(translateMessage('tr', 'Spring Workshop: Registration opens soon')).toBe('Spring Workshop: Registration opens soon')
  })

  it('shows an unknown message in English rather than a key', () => {
    expect(translateMessage('tr', 'A message nobody translated.')).toBe('A message nobody translated.')
  })

  it('translates each message of a field-errors record', () => {
    if (!someMessage) throw new Error('the Turkish messages are empty')
    expect(translateMessages('tr', { email: someMessage[0], name: undefined })).toEqual({ email: someMessage[1], name: undefined })
  })
})
