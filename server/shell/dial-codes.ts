/** Spec 000 section 9, "Dial codes by currency". */
export const DIAL_CODE_BY_CURRENCY: Readonly<Record<string, string>> = {
  usd: '+1',
  cad: '+1',
  inr: '+91',
  eur: '+33',
  gbp: '+44',
  aud: '+61',
  aed: '+971',
  jpy: '+81',
  cny: '+86',
  sgd: '+65',
  idr: '+62',
  myr: '+60',
  php: '+63',
}

/** "Time zones of US cities give +1, Kolkata gives +91, default +1." */
export const DEFAULT_DIAL_CODE = '+1'

export function dialCodeForCurrency(currency: string): string {
  return DIAL_CODE_BY_CURRENCY[currency.trim().toLowerCase()] ?? DEFAULT_DIAL_CODE
}

// Asia/Calcutta is the older IANA name of the same zone and still appears in stored data.
const INDIAN_TIME_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta'])

/**
 * Only India differs from the default: every US zone (America/Los_Angeles, America/Denver,
 * America/Chicago, America/New_York, and the other US zones under America/) gives +1, which is
 * also what any unlisted zone gives, so the US zones need no table of their own.
 */
export function dialCodeForTimeZone(timeZone: string): string {
  return INDIAN_TIME_ZONES.has(timeZone.trim()) ? '+91' : DEFAULT_DIAL_CODE
}

export type Country = {
  /** ISO 3166 alpha-3; the spec names USA and IND, the rest follow the same scheme. */
  code: string
  name: string
  dialCode: string
  /** '0' stands for one digit. */
  mask: string
}

/** Spec 002 section 3, "Country codes". */
export const COUNTRIES: readonly Country[] = [
  { code: 'USA', name: 'United States', dialCode: '+1', mask: '000-000-0000' },
  { code: 'IND', name: 'India', dialCode: '+91', mask: '00000-00000' },
  { code: 'GBR', name: 'United Kingdom', dialCode: '+44', mask: '0000-000-000' },
  { code: 'AUS', name: 'Australia', dialCode: '+61', mask: '0000-000-000' },
  { code: 'SGP', name: 'Singapore', dialCode: '+65', mask: '0000-0000' },
]

/** "Countries at onboarding: USA and IND." */
export const ONBOARDING_COUNTRY_CODES = ['USA', 'IND'] as const

export type TimeZoneEntry = { timeZone: string; country: string }

/** Spec 002 section 3, "Time zones", in the spec's order (the first is the country's default). */
export const TIME_ZONES: readonly TimeZoneEntry[] = [
  { timeZone: 'America/Los_Angeles', country: 'USA' },
  { timeZone: 'America/Denver', country: 'USA' },
  { timeZone: 'America/Chicago', country: 'USA' },
  { timeZone: 'America/New_York', country: 'USA' },
  { timeZone: 'Asia/Kolkata', country: 'IND' },
]

export function countryFor(code: string): Country | null {
  const wanted = code.trim().toUpperCase()
  return COUNTRIES.find((country) => country.code === wanted) ?? null
}

/**
 * "Time zones are limited to the chosen country"; changing country picks the first entry.
 * A country without listed zones gets none.
 */
export function timeZonesForCountry(code: string): string[] {
  const wanted = code.trim().toUpperCase()
  return TIME_ZONES.filter((entry) => entry.country === wanted).map((entry) => entry.timeZone)
}
