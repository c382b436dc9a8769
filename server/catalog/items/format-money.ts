import { currencyDigits } from '#server/catalog/money'

/** An amount for a list: '$25.00' in USD, '₹1,250.00' in INR, 'CHF 25.00' elsewhere; in Turkish '$25,00'. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency)
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits)
  } catch {
    return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`
  }
}
