import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import type { PlivoOfferedNumber, PlivoOwnedNumber } from './plivo-client'

/** A number offered by the search, as the page lists it (spec: number, region, country, smsEnabled, mmsEnabled). */
export interface AvailableNumber {
  /** Plivo's digits (what Buy posts). */
  number: string
  /** E.164, as people read it. */
  display: string
  region: string
  country: string
  smsEnabled: boolean
  mmsEnabled: boolean
  /** Plivo's monthly rent in US dollars as the page's language writes it, e.g. '$0.50' ('$0,50' in Turkish); empty when Plivo did not say. */
  monthlyRent: string
}

function dollars(rate: string, language: Language): string {
  const amount = Number(rate)
  if (rate.trim() === '' || !Number.isFinite(amount)) return ''
  return language === 'en' ? `$${amount.toFixed(2)}` : new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: 'USD' }).format(amount)
}

export function availableNumberOf(offered: PlivoOfferedNumber, language: Language = 'en'): AvailableNumber {
  return {
    number: offered.number,
    display: `+${offered.number}`,
    region: offered.region,
    country: offered.country,
    smsEnabled: offered.sms_enabled,
    mmsEnabled: offered.mms_enabled,
    monthlyRent: dollars(offered.monthly_rental_rate, language),
  }
}

const UNITED_STATES = /^(united states|us|usa)$/i

/**
 * Whether carriers let the studio text from its number (spec isMessagingApproved). A US local
 * number texts only once it is linked to a registered 10DLC campaign (Plivo says COMPLETED, or
 * registered in its filters); a US toll-free number once its SMS verification is verified.
 * Numbers elsewhere need no registration: approved when the number can text at all.
 */
export function isMessagingApproved(owned: Pick<PlivoOwnedNumber, 'sms_enabled' | 'country' | 'number_type' | 'tendlc_registration_status' | 'toll_free_sms_verification'>): boolean {
  if (!owned.sms_enabled) return false
  if (!UNITED_STATES.test(owned.country.trim())) return true
  if (/toll/i.test(owned.number_type)) return /^verified$/i.test(owned.toll_free_sms_verification.trim())
  return /^(completed|registered)$/i.test(owned.tendlc_registration_status.trim())
}
