import { amountInputValue } from '#server/catalog/money'

/** '$18.00' in the currency's own symbol and digits, from minor units (no float arithmetic). */
export function moneyText(amountMinor: number, currency: string): string {
  // Intl formats the exact decimal string, so no amount passes through a float.
  const decimal = amountInputValue(amountMinor, currency) as `${number}`
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(decimal)
}
