// Building an Intl.NumberFormat costs far more than using one; a list page shows fifty balances.
const formatters = new Map<string, Intl.NumberFormat | null>()

function formatterFor(currency: string): Intl.NumberFormat | null {
  let formatter = formatters.get(currency)
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    } catch {
      formatter = null
    }
    // Currency codes are a short, fixed list in practice; a bad one is remembered as null.
    if (formatters.size < 500) formatters.set(currency, formatter)
  }
  return formatter
}

const plainNumber = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * A contact's balance as the list shows it (website spec 2.12): with its sign and two decimals,
 * in the tenant's currency: '+$20.00' in credit, '-$45.00' owed, '$0.00' settled.
 */
export function balanceText(minorUnits: number, currency: string): string {
  const amount = minorUnits / 100
  const formatter = formatterFor(currency)
  // A currency code Intl does not accept still shows the amount, with the code after it.
  return formatter ? formatter.format(amount) : `${plainNumber.format(amount)} ${currency}`
}
