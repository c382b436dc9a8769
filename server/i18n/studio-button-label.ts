import type { Language } from './languages'

/**
 * A button the studio may rename in its settings (Register, Buy). Left empty or at the English
 * default, it is our word and speaks the page's language; renamed, it is the studio's own and
 * is shown as written.
 */
export function studioButtonLabel(setting: string, englishDefault: string, translated: string, language: Language): string {
  const label = setting.trim()
  if (label === '' || (language !== 'en' && label === englishDefault)) return translated
  return label
}
