import type { Language } from './languages'

/**
 * A translation of an object kept per language for as long as the object lives (descriptors
 * are themselves cached, per tenant or per form version): made once, then given out as is.
 * English is the source and passes unchanged.
 */
export function perLanguageMemo<T extends object>(translate: (value: T, language: Exclude<Language, 'en'>) => T): (value: T, language: Language) => T {
  const kept = new Map<Language, WeakMap<T, T>>()
  return (value, language) => {
    if (language === 'en') return value
    let byValue = kept.get(language)
    if (!byValue) {
      byValue = new WeakMap()
      kept.set(language, byValue)
    }
    let translated = byValue.get(value)
    if (!translated) {
      translated = translate(value, language)
      byValue.set(value, translated)
    }
    return translated
  }
}
