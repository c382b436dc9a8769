import { moneyText } from '#server/catalog/public/price-text'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { planIdOf, planPrice, PLAN_PERIODS, PLAN_TIER_INFO, PLAN_TIERS, priceText, type PlanId, type PlanPeriod, type PlanTier } from './plan-catalogue'
import { tierFeaturesIn, tierNameIn } from './plan-words'

/** One plan as the platform's public plan page shows it (`/tplan/{name}/{freq}` on the master site). */
export interface PublicPlanView {
  tier: PlanTier
  name: string
  period: PlanPeriod
  planId: PlanId
  /** '$65 / month'; 'Free' for the free plan (in the page's language). */
  priceText: string
  /** The same in India: '₹4,786 / month'; null for the free plan. */
  indiaPriceText: string | null
  features: readonly string[]
  contactUs: boolean
  /** The other period's address, for the monthly / yearly switch. */
  otherPeriod: { period: PlanPeriod; href: string }
  /** Where signing up starts, carrying the plan chosen. */
  getStartedHref: string
}

/** The address of a plan's public page: its name as the plans are called ('growth') and its period. */
export function publicPlanPath(tier: PlanTier, period: PlanPeriod): string {
  return `/tplan/${PLAN_TIER_INFO[tier].name.toLowerCase()}/${period}`
}

/**
 * The plan a `/tplan/{name}/{freq}` address names, or null for anything else typed: {name} is a
 * plan's name or its id's tier word, in any case ('Growth', 'expand'); {freq} monthly or yearly.
 * Its name, price and features in the page's language (English prices stay '$65 / month').
 */
export function publicPlanOf(unverifiedName: string, unverifiedFreq: string, language: Language = 'en'): PublicPlanView | null {
  const name = unverifiedName.trim().toLowerCase()
  const period = PLAN_PERIODS.find((each) => each === unverifiedFreq.trim().toLowerCase())
  const tier = PLAN_TIERS.find((each) => each === name || PLAN_TIER_INFO[each].name.toLowerCase() === name)
  if (!tier || !period) return null
  const info = PLAN_TIER_INFO[tier]
  const planId = planIdOf(tier, period)
  const us = planPrice(planId, 'US')
  const india = planPrice(planId, 'IN')
  const other = period === 'monthly' ? 'yearly' : 'monthly'
  const t = tFor(language, 'platform')
  const perPeriod = (amountMinor: number, currency: string) =>
    t(`tplan_price_${period}`, { price: language === 'en' ? priceText(amountMinor, currency) : moneyText(amountMinor, currency, language) })
  return {
    tier,
    name: tierNameIn(tier, language),
    period,
    planId,
    priceText: us.amountMinor === 0 ? t('tplan_free') : perPeriod(us.amountMinor, us.currency),
    indiaPriceText: india.amountMinor === 0 ? null : perPeriod(india.amountMinor, india.currency),
    features: tierFeaturesIn(tier, language),
    contactUs: info.contactUs,
    otherPeriod: { period: other, href: publicPlanPath(tier, other) },
    getStartedHref: `/getstarted?plan=${planId}`,
  }
}
