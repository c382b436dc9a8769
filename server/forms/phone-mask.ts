import { COUNTRIES, type Country } from '#server/shell/dial-codes'

export const PHONE_REQUIRED_MESSAGE = 'Phone Number is required'
/** "default phone mask 000-000-0000" */
export const DEFAULT_PHONE_COUNTRY: Country = COUNTRIES[0]

export function digitCount(mask: string): number {
  return mask.replace(/[^0]/g, '').length
}

/** The tenant's country (stored by name or code) as one of the spec's countries, or the default. */
export function phoneCountryFor(country: string | null | undefined): Country {
  const wanted = (country ?? '').trim().toLowerCase()
  return (
    COUNTRIES.find((entry) => entry.code.toLowerCase() === wanted || entry.name.toLowerCase() === wanted) ??
    DEFAULT_PHONE_COUNTRY
  )
}

/**
 * "Value emitted only when digit count reaches the mask's digit count, else empty": the
 * digits laid into the mask ('5550100000' with '000-000-0000' gives '555-010-0000'), or ''
 * when there are more or fewer digits than the mask holds.
 */
export function applyPhoneMask(input: string, mask: string): string {
  const digits = input.replace(/\D/g, '')
  if (digits.length !== digitCount(mask)) return ''
  let next = 0
  return mask.replace(/0/g, () => digits[next++] ?? '')
}

/** "With multi-country support the value is dial code, hyphen, number; otherwise number only." */
export function phoneValue(input: string, country: Country, multiCountry: boolean): string {
  const masked = applyPhoneMask(input, country.mask)
  if (!masked) return ''
  return multiCountry ? `${country.dialCode}-${masked}` : masked
}

/** A browser-side pattern with the same rule: exactly the mask's number of digits, any separators. */
export function phonePatternFor(mask: string): string {
  return `^\\D*(\\d\\D*){${digitCount(mask)}}$`
}
