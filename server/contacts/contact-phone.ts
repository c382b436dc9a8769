import { COUNTRIES, countryFor, type Country } from '#server/shell/dial-codes'
import { applyPhoneMask } from '#server/forms/phone-mask'

/** How the tenant's contact forms take a phone: its country's mask, and a dial code choice when multi-country. */
export interface PhoneRules {
  country: Country
  multiCountry: boolean
}

/**
 * A typed phone as the contact forms store it (spec 2.9: "phone (country mask; dial code form
 * with multi-country support)"): the digits laid into the country's mask, led by the dial code
 * and a hyphen when the tenant supports several countries. A number typed with its dial code
 * in front ('+1 (555) 010-0199') is taken as the same number. '' when it does not fit the mask.
 */
export function contactPhoneValue(input: string, country: Country, multiCountry: boolean): string {
  const digits = input.replace(/\D/g, '')
  const dialDigits = country.dialCode.replace(/\D/g, '')
  const maskDigits = country.mask.replace(/[^0]/g, '').length
  const local = input.trim().startsWith('+') && digits.length === dialDigits.length + maskDigits && digits.startsWith(dialDigits)
    ? digits.slice(dialDigits.length)
    : digits
  const masked = applyPhoneMask(local, country.mask)
  if (!masked) return ''
  return multiCountry ? `${country.dialCode}-${masked}` : masked
}

/**
 * A stored phone split back into the form's country choice and number: '+91-98765-43210' is
 * India and '98765-43210'; anything else is the tenant's country and the text as stored.
 */
export function splitStoredPhone(stored: string | null, fallback: Country): { country: Country; number: string } {
  const value = stored ?? ''
  const match = /^(\+\d{1,4})-(.*)$/.exec(value)
  if (match) {
    const country = COUNTRIES.find((entry) => entry.dialCode === match[1])
    if (country) return { country, number: match[2] ?? '' }
  }
  return { country: fallback, number: value }
}

/** The browser-side check of a phone in a contact form: the mask's digits, or those led by the dial code. */
export function contactPhonePattern(country: Country): string {
  const maskDigits = country.mask.replace(/[^0]/g, '').length
  const dialDigits = country.dialCode.replace(/\D/g, '').length
  return `^(\\D*(\\d\\D*){${maskDigits}}|\\s*\\+\\D*(\\d\\D*){${maskDigits + dialDigits}})$`
}

export function phoneCountryOrDefault(code: string | undefined, rules: PhoneRules): Country {
  return (rules.multiCountry && code ? countryFor(code) : null) ?? rules.country
}

