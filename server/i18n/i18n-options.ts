import { DEFAULT_LANGUAGE, LANGUAGES } from './languages'

/** The options both the server's and the browser's instances share. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  // React escapes what it renders; escaping here too would show &amp; on the page.
  interpolation: { escapeValue: false },
  // Keys are plain words ("placeOrder"); a ':' or '.' in one is part of it.
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
} as const
