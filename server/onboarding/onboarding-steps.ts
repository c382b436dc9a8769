import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { COUNTRIES, countryFor, ONBOARDING_COUNTRY_CODES, timeZonesForCountry, type Country } from '#server/shell/dial-codes'
import { contactPhoneValue } from '#server/contacts/contact-phone'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/** The wizard's three steps (spec 002 2.8), by index. */
export const ONBOARDING_STEPS = ["Let's get Started", 'Business Information', 'Select The Products You Offer'] as const
export const LAST_STEP = ONBOARDING_STEPS.length - 1

/** "An unverified student is polled every 10 seconds" (spec 002 sections 4 and 9). */
export const STUDENT_VERIFICATION_RECHECK_SECONDS = 10

export const ONBOARDING_MESSAGES = {
  missingFields: 'Please fill in the required fields, including the phone number.',
  phoneRequired: 'Phone number is required.',
  phoneShape: (mask: string) => `Enter the phone number like ${mask}.`,
  businessName: 'Business name is required.',
  country: 'Country is required.',
  businessType: 'Choose what best describes your business.',
  businessSize: 'Choose the size of your organization.',
  timeZone: 'Choose a time zone of the chosen country.',
  website: 'Enter the website address, like https://www.example.com.',
  verificationSent: 'Sent verification email',
  verificationNotSent: 'The email could not be sent.',
} as const

export const BUSINESS_TYPES = [
  { value: 'wellness-trainer', label: 'Wellness Trainer' },
  { value: 'coach', label: 'Coach' },
  { value: 'non-profit', label: 'Non-Profit' },
] as const

export const BUSINESS_SIZES = [
  { value: '2', label: '2' },
  { value: '5', label: '5' },
  { value: '10', label: '10' },
  { value: 'Other', label: 'Other' },
] as const

/**
 * Step 3's toggles and the module flag each sets. Courses are always on (the toggle is shown
 * on and disabled); the others switch their module in Manage Modules.
 */
export const PRODUCT_TOGGLES = [
  { name: 'courses', label: 'Courses', flag: 'isShowCourses', alwaysOn: true },
  { name: 'classes', label: 'Classes', flag: 'isShowScheduleMenu', alwaysOn: false },
  { name: 'events', label: 'Events', flag: 'isShowEventsMenu', alwaysOn: false },
  { name: 'assessments', label: 'Assessments', flag: 'isShowAssessment', alwaysOn: false },
  { name: 'donations', label: 'Donations', flag: 'isShowDonationMenu', alwaysOn: false },
  { name: 'merchandise', label: 'Merchandise', flag: 'isShowMerchandiseMenu', alwaysOn: false },
] as const satisfies ReadonlyArray<{ name: string; label: string; flag: keyof TenantSettings; alwaysOn: boolean }>

export type ProductFlag = (typeof PRODUCT_TOGGLES)[number]['flag']
export type ProductName = (typeof PRODUCT_TOGGLES)[number]['name']

export const ONBOARDING_COUNTRIES: readonly Country[] = COUNTRIES.filter((country) => (ONBOARDING_COUNTRY_CODES as readonly string[]).includes(country.code))

/** The onboarding country of the stored settings: by dial code, else by name, else the USA. */
export function onboardingCountryOf(settings: Pick<TenantSettings, 'dialCode' | 'country'>): Country {
  const byName = ONBOARDING_COUNTRIES.find((country) => country.name === settings.country)
  const byDial = ONBOARDING_COUNTRIES.find((country) => country.dialCode === settings.dialCode)
  return byName ?? byDial ?? ONBOARDING_COUNTRIES[0] ?? (COUNTRIES[0] as Country)
}

/** The step to show: the one asked for when it is not past the saved one, else the saved one. */
export function stepToShow(saved: number, asked: string | null): number {
  const wanted = asked === null ? Number.NaN : Number(asked)
  if (Number.isInteger(wanted) && wanted >= 0 && wanted <= saved) return wanted
  return Math.min(Math.max(saved, 0), LAST_STEP)
}

export type StepErrors = Record<string, string[]>
export type StepResult<T> = WordedResult<T, 'invalid_input', { fieldErrors: StepErrors }>

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

export type BusinessProfile = Pick<TenantSettings, 'businessType' | 'businessSize' | 'businessReferer'>

/** Step 1: business type and size are required (both have defaults); how they heard is free text. */
export function readBusinessProfile(form: FormData): StepResult<BusinessProfile> {
  const businessType = field(form, 'businessType')
  const businessSize = field(form, 'businessSize')
  const fieldErrors: StepErrors = {}
  if (!BUSINESS_TYPES.some((type) => type.value === businessType)) fieldErrors.businessType = [ONBOARDING_MESSAGES.businessType]
  if (!BUSINESS_SIZES.some((size) => size.value === businessSize)) fieldErrors.businessSize = [ONBOARDING_MESSAGES.businessSize]
  if (Object.keys(fieldErrors).length > 0) return err('invalid_input', ONBOARDING_MESSAGES.missingFields, { fieldErrors })
  return ok({ businessType, businessSize, businessReferer: field(form, 'businessReferer').slice(0, 255) })
}

export interface BusinessInformation {
  name: string
  settings: Pick<TenantSettings, 'phone' | 'country' | 'dialCode' | 'timezone' | 'website'>
}

const websiteSchema = z
  .string()
  .max(2000)
  .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value))
  .refine((value) => value === '' || URL.canParse(value), ONBOARDING_MESSAGES.website)

/**
 * Step 2: name, country (USA or IND), a time zone of that country and the phone in the
 * country's mask are required; the website is optional. Any required item missing gives the
 * spec's alert over the form, and an empty phone its own message.
 */
export function readBusinessInformation(form: FormData): StepResult<BusinessInformation> {
  const name = field(form, 'name').slice(0, 200)
  const country = countryFor(field(form, 'country'))
  const onboardingCountry = country && ONBOARDING_COUNTRIES.some((entry) => entry.code === country.code) ? country : null
  const timezone = field(form, 'timezone')
  const phoneTyped = field(form, 'phone')
  const fieldErrors: StepErrors = {}
  if (!name) fieldErrors.name = [ONBOARDING_MESSAGES.businessName]
  if (!onboardingCountry) fieldErrors.country = [ONBOARDING_MESSAGES.country]
  if (!onboardingCountry || !timeZonesForCountry(onboardingCountry.code).includes(timezone)) fieldErrors.timezone = [ONBOARDING_MESSAGES.timeZone]
  const phone = onboardingCountry && phoneTyped ? contactPhoneValue(phoneTyped, onboardingCountry, false) : ''
  if (!phoneTyped) fieldErrors.phone = [ONBOARDING_MESSAGES.phoneRequired]
  else if (!phone && onboardingCountry) fieldErrors.phone = [ONBOARDING_MESSAGES.phoneShape(onboardingCountry.mask)]
  const website = websiteSchema.safeParse(field(form, 'website'))
  if (!website.success) fieldErrors.website = [ONBOARDING_MESSAGES.website]
  if (Object.keys(fieldErrors).length > 0 || !onboardingCountry || !website.success) return err('invalid_input', ONBOARDING_MESSAGES.missingFields, { fieldErrors })
  return ok({ name, settings: { phone, country: onboardingCountry.name, dialCode: onboardingCountry.dialCode, timezone, website: website.data } })
}

/** Step 3: each toggle's flag; Courses is on whatever was posted. */
export function readProducts(form: FormData): Record<ProductFlag, boolean> {
  const flags = {} as Record<ProductFlag, boolean>
  for (const toggle of PRODUCT_TOGGLES) flags[toggle.flag] = toggle.alwaysOn || form.get(toggle.name) === 'on'
  return flags
}
