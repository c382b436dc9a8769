import { describe, expect, it } from 'vitest'
import { studioButtonLabel } from '#server/i18n/studio-button-label'

describe('a button label the studio may rename', () => {
  it('is our word in the page language when left empty or at the English default', () => {
    expect(studioButtonLabel('', 'Buy', 'Satın al', 'tr')).toBe('Satın al')
    expect(studioButtonLabel('  Buy ', 'Buy', 'Satın al', 'tr')).toBe('Satın al')
    expect(studioButtonLabel('', 'Register', 'Register', 'en')).toBe('Register')
  })

  it('is the studio’s own word, as written, once renamed', () => {
    expect(studioButtonLabel('Book now', 'Register', 'Kaydol', 'tr')).toBe('Book now')
    expect(studioButtonLabel('Hemen al', 'Buy', 'Buy', 'en')).toBe('Hemen al')
  })
})
