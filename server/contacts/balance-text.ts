import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

// Building an Intl.NumberFormat costs far more than using one; a list page shows fifty balances.
const formatters = new Map<string, Intl.NumberFormat | null>()

function formatterFor(currency: string, language: Language): Intl.NumberFormat | null {
  const key = `${language} ${currency}`
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency, signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    } catch {
      formatter = null
    }
    // Currency codes are a short, fixed list in practice; a bad one is remembered as null.
    if (formatters.size < 500) formatters.set(key, formatter)
  }
  return formatter
}

const plainNumbers = new Map<Language, Intl.NumberFormat>()

function plainNumber(language: Language): Intl.NumberFormat {
  let format = plainNumbers.get(language)
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    plainNumbers.set(language, format)
  }
  return format
}

/**
 * A contact's balance as the list shows it (website spec 2.12): with its sign and two decimals,
 * in the tenant's currency: '+$20.00' in credit, '-$45.00' owed, '$0.00' settled; in Turkish
 * (a report in Turkish) '+$20,00'.
 */
export function balanceText(minorUnits: number, currency: string, language: Language = 'en'): string {
  const amount = minorUnits / 100
  const formatter = formatterFor(currency, language)
  // A currency code Intl does not accept still shows the amount, with the code after it.
  return formatter ? formatter.format(amount) : `${plainNumber(language).format(amount)} ${currency}`
}
