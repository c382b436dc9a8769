import { planIdOf, planPrice, PLAN_PERIODS, PLAN_TIER_INFO, PLAN_TIERS, priceText, type PlanId, type PlanPeriod, type PlanTier } from './plan-catalogue'

/** One plan as the platform's public plan page shows it (`/tplan/{name}/{freq}` on the master site). */
export interface PublicPlanView {
  tier: PlanTier
  name: string
  period: PlanPeriod
  planId: PlanId
  /** '$65 / month'; 'Free' for the free plan. */
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

const PER: Record<PlanPeriod, string> = { monthly: 'month', yearly: 'year' }

/** The address of a plan's public page: its name as the plans are called ('growth') and its period. */
export function publicPlanPath(tier: PlanTier, period: PlanPeriod): string {
  return `/tplan/${PLAN_TIER_INFO[tier].name.toLowerCase()}/${period}`
}

/**
 * The plan a `/tplan/{name}/{freq}` address names, or null for anything else typed: {name} is a
 * plan's name or its id's tier word, in any case ('Growth', 'expand'); {freq} monthly or yearly.
 */
export function publicPlanOf(unverifiedName: string, unverifiedFreq: string): PublicPlanView | null {
  const name = unverifiedName.trim().toLowerCase()
  const period = PLAN_PERIODS.find((each) => each === unverifiedFreq.trim().toLowerCase())
  const tier = PLAN_TIERS.find((each) => each === name || PLAN_TIER_INFO[each].name.toLowerCase() === name)
  if (!tier || !period) return null
  const info = PLAN_TIER_INFO[tier]
  const planId = planIdOf(tier, period)
  const us = planPrice(planId, 'US')
  const india = planPrice(planId, 'IN')
  const other = period === 'monthly' ? 'yearly' : 'monthly'
  return {
    tier,
    name: info.name,
    period,
    planId,
    priceText: us.amountMinor === 0 ? 'Free' : `${priceText(us.amountMinor, us.currency)} / ${PER[period]}`,
    indiaPriceText: india.amountMinor === 0 ? null : `${priceText(india.amountMinor, india.currency)} / ${PER[period]}`,
    features: info.features,
    contactUs: info.contactUs,
    otherPeriod: { period: other, href: publicPlanPath(tier, other) },
    getStartedHref: `/getstarted?plan=${planId}`,
  }
}
