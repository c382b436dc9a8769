import { currencyDigits } from '#server/catalog/money'
import type { BillingFrequency } from '#db/tables/catalog'

// Building an Intl.NumberFormat costs far more than using one; a listing shows many prices.
const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(currency: string): Intl.NumberFormat | null {
  const code = currency.trim().toUpperCase()
  let formatter = formatters.get(code)
  if (!formatter) {
    try {
      const digits = currencyDigits(code)
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits })
    } catch {
      return null
    }
    if (formatters.size < 200) formatters.set(code, formatter)
  }
  return formatter
}

/** An amount in minor units as a visitor reads it in its currency: 1800 USD is '$18.00', 500 JPY '¥500'. */
export function moneyText(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const major = amountMinor / 10 ** digits
  const formatter = formatterFor(currency)
  return formatter ? formatter.format(major) : `${major.toFixed(digits)} ${currency.toUpperCase()}`
}

const EVERY: Record<BillingFrequency, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  halfyearly: 'six months',
  yearly: 'year',
}

/** '/ month' after a recurring price; '' for one-time prices. */
export function frequencySuffix(frequency: BillingFrequency | null): string {
  return frequency ? ` / ${EVERY[frequency]}` : ''
}

/** 'monthly' as a donor reads it in 'Give monthly'. */
export function frequencyWord(frequency: BillingFrequency): string {
  return frequency === 'halfyearly' ? 'every six months' : frequency
}
