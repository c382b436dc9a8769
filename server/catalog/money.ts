/** An amount in the currency's minor units (cents, paise) with its ISO 4217 code: never a float. */
export interface Money {
  amountMinor: number
  currency: string
}

/** The largest amount a price field takes: a hundred million in major units of a two-digit currency. */
export const MAX_AMOUNT_MINOR = 10_000_000_000

const digitsByCurrency = new Map<string, number>()

/** How many minor digits the currency has (USD and INR 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  const code = currency.trim().toUpperCase()
  let digits = digitsByCurrency.get(code)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    if (digitsByCurrency.size < 500) digitsByCurrency.set(code, digits)
  }
  return digits
}

/**
 * An amount typed by staff or a donor ('25', '25.5', '1,250.00') in minor units of the
 * currency; null when it is not a plain non-negative amount with at most the currency's
 * decimals, or is above MAX_AMOUNT_MINOR. Parsed from the digits, never through a float.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const digits = currencyDigits(currency)
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(cleaned)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return null
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
  return minor <= MAX_AMOUNT_MINOR ? minor : null
}

/** Minor units back to the plain form a field shows: 2550 USD is '25.50'. */
export function amountInputValue(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  if (digits === 0) return String(amountMinor)
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0')
  return `${amountMinor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`
}
