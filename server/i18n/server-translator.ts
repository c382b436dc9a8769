import i18next, { type i18n, type TFunction } from 'i18next'
import { CATALOG } from './catalog'
import { NAMESPACES, type Namespace } from './namespaces'
import { I18N_OPTIONS } from './i18n-options'
import { memoisePlainLookups } from './plain-lookup-memo'
import { DEFAULT_LANGUAGE, type Language } from './languages'

let shared: i18n | null = null

/** One instance holding every catalog, loaded at start (no files read per request). */
function sharedInstance(): i18n {
  if (shared) return shared
  const instance = i18next.createInstance()
  // initImmediate false: with the resources given, init finishes before it returns.
  void instance.init({ ...I18N_OPTIONS, lng: DEFAULT_LANGUAGE, ns: NAMESPACES, resources: CATALOG, initImmediate: false })
  shared = instance
  return instance
}

const perLanguage = new Map<Language, i18n>()

/** An instance fixed to one language, for rendering a page (I18nextProvider). */
export function translatorFor(language: Language): i18n {
  let instance = perLanguage.get(language)
  if (!instance) {
    instance = sharedInstance().cloneInstance({ lng: language, initImmediate: false })
    memoisePlainLookups(instance)
    perLanguage.set(language, instance)
  }
  return instance
}

/** A t() for server code that writes words (emails, PDFs, page titles). */
export function tFor<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  return translatorFor(language).getFixedT(language, namespace)
}
