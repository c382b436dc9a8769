import { formatPattern } from '#server/dates/date-pattern'
import type { Language } from '#server/i18n/languages'
import { CATALOG } from '#server/i18n/catalog'
import { tFor } from '#server/i18n/server-translator'
import { savedMethodLabel } from '#server/payments/saved-payment-methods'
import { isPlanId, paymentDateText, periodOfPlanId, PLAN_TIER_INFO, planNameText, tierOfPlanId, type PlanTier } from './plan-catalogue'

/**
 * The plan screens' words made on the server, in the page's language. English stays what the
 * spec says (payment dates 'MMM dd, YYYY' in UTC, plan names from their ids); Turkish writes
 * its own day-month order and names the plan by its tier and period.
 */
export function planDateIn(at: Date, language: Language): string {
  if (language === 'en') return paymentDateText(Math.floor(at.getTime() / 1000))
  return formatPattern(at, 'UTC', 'DD MMM YYYY', language)
}

/** A stored plan id as the payments table names it: 'organize monthly plan' / 'Organize aylık plan'. */
export function planNameIn(planId: string | null | undefined, language: Language): string {
  if (language === 'en' || !isPlanId(planId)) return planNameText(planId)
  const t = tFor(language, 'settings')
  if (planId === 'free_plan') return t('freePlanName')
  return t(periodOfPlanId(planId) === 'yearly' ? 'planName_yearly' : 'planName_monthly', { tier: tierNameIn(tierOfPlanId(planId), language) })
}

export function tierNameIn(tier: PlanTier, language: Language): string {
  return language === 'en' ? PLAN_TIER_INFO[tier].name : tFor(language, 'settings')(`tier_${tier}`)
}

/** What a tier offers, as the upgrade screen lists it. */
export function tierFeaturesIn(tier: PlanTier, language: Language): string[] {
  const features = PLAN_TIER_INFO[tier].features
  if (language === 'en') return [...features]
  const words: Readonly<Record<string, string>> = CATALOG[language].settings
  // A feature added to the catalogue before its words shows in English rather than as a key.
  return features.map((feature, index) => words[`feature_${tier}_${index}`] ?? feature)
}

/** 'Completed' or 'Failed', as the payments table shows a payment's state. */
export function transactionStatusIn(status: 'Completed' | 'Failed', language: Language): string {
  return tFor(language, 'settings')(status === 'Completed' ? 'status_Completed' : 'status_Failed')
}

/** The card kept for renewals, as a buyer's kept card is named everywhere: 'Visa ending 4242'. */
export function keptCardIn(brand: string | null, last4: string, language: Language): string {
  return savedMethodLabel({ kind: 'card', brand: brand ?? '', last4, exp_month: null, exp_year: null }, language)
}
