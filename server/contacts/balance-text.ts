/**
 * A contact's balance as the list shows it (website spec 2.12): with its sign and two decimals,
 * in the tenant's currency: '+$20.00' in credit, '-$45.00' owed, '$0.00' settled.
 */
export function balanceText(minorUnits: number, currency: string): string {
  const amount = minorUnits / 100
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
  } catch {
    // A currency code Intl does not know still shows the amount, with the code after it.
    const number = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
    return `${number} ${currency}`
  }
}
