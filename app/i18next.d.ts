import 'i18next'
import type { CATALOG } from '#server/i18n/catalog'

// Keys are checked against the English catalog: t('placeOrder') in a namespace without it fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: (typeof CATALOG)['en']
    keySeparator: false
    nsSeparator: false
    returnNull: false
  }
}
