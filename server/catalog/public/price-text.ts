import { currencyDigits } from '#server/catalog/money'
import type { BillingFrequency } from '#db/tables/catalog'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

// Building an Intl.NumberFormat costs far more than using one; a listing shows many prices.
const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(currency: string, language: Language): Intl.NumberFormat | null {
  const code = currency.trim().toUpperCase()
  const key = `${language} ${code}`
  let formatter = formatters.get(key)
  if (!formatter) {
    try {
      const digits = currencyDigits(code)
      formatter = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits })
    } catch {
      return null
    }
    if (formatters.size < 200) formatters.set(key, formatter)
  }
  return formatter
}

/**
 * An amount in minor units as a visitor reads it in its currency: 1800 USD is '$18.00', 500
 * JPY '¥500'; in Turkish, '$18,00'.
 */
export function moneyText(amountMinor: number, currency: string, language: Language = 'en'): string {
  const digits = currencyDigits(currency)
  const major = amountMinor / 10 ** digits
  const formatter = formatterFor(currency, language)
  return formatter ? formatter.format(major) : `${major.toFixed(digits)} ${currency.toUpperCase()}`
}

const EVERY: Record<Language, Record<BillingFrequency, string>> = {
  en: { daily: 'day', weekly: 'week', monthly: 'month', quarterly: 'quarter', halfyearly: 'six months', yearly: 'year' },
  tr: { daily: 'gün', weekly: 'hafta', monthly: 'ay', quarterly: 'üç ay', halfyearly: 'altı ay', yearly: 'yıl' },
}

/** '/ month' after a recurring price; '' for one-time prices. */
export function frequencySuffix(frequency: BillingFrequency | null, language: Language = 'en'): string {
  return frequency ? ` / ${EVERY[language][frequency]}` : ''
}
