import { currencyDigits } from '#server/catalog/money'

/** An amount in minor units as the visitor reads it, in the tenant's currency ('$149.00', '₹2,400.00'). */
export function formatMoney(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const major = amountMinor / 10 ** digits
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major)
  } catch {
    return `${major.toFixed(digits)} ${currency.toUpperCase()}`
  }
}

/** The plain decimal schema.org wants for an offer's price: 14900 USD is '149.00'. */
export function schemaOrgPrice(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0')
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
}
