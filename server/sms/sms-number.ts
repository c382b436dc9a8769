import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { COUNTRIES } from '#server/shell/dial-codes'

/**
 * The number a text goes to, in the E.164 form Twilio takes (`+15550100201`), from a contact's
 * phone as typed: one that starts with + keeps its country; one without is read in the studio's
 * country (its dial code; +1 when the country is unknown). Null when it cannot be a phone number.
 * "Possible" (the right length for its country), not "valid": new and fictional ranges still go,
 * and Twilio says so itself if it refuses one.
 */
export function smsNumberOf(phone: string | null | undefined, studioCountry: string): string | null {
  const typed = phone?.trim() ?? ''
  if (typed === '') return null
  const dialCode = COUNTRIES.find((country) => country.name === studioCountry)?.dialCode ?? '+1'
  const parsed = parsePhoneNumberFromString(typed, { defaultCallingCode: dialCode.replace('+', '') })
  if (!parsed || !parsed.isPossible()) return null
  return parsed.number
}
