import { currencyDigits } from '#server/catalog/money'

/** The plain decimal schema.org wants for an offer's price: 14900 USD is '149.00'. */
export function schemaOrgPrice(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0')
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
}
