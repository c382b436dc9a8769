import { currencyOfRegion, planIdOf, planPrice, PLAN_TIER_INFO, PLAN_TIERS, priceText, type PlanId, type PlanPeriod, type PlanRegion, type PlanTier } from './plan-catalogue'

/** A plan as the upgrade screen lists it (settings spec "Plan option": name, price, period, planName, isCurrentPlan). */
export interface PlanOption {
  tier: PlanTier
  name: string
  price: string
  period: PlanPeriod
  planName: PlanId
  isCurrentPlan: boolean
  features: readonly string[]
  contactUs: boolean
}

/**
 * The upgrade screen's list for one period, in the region's currency. The current plan is the
 * one whose id matches the studio's; a studio that never chose a plan is on Free.
 */
export function planOptions(period: PlanPeriod, region: PlanRegion, currentPlanId: PlanId | null): PlanOption[] {
  const current = currentPlanId ?? 'free_plan'
  return PLAN_TIERS.map((tier) => {
    const planName = planIdOf(tier, period)
    const price = planPrice(planName, region)
    return {
      tier,
      name: PLAN_TIER_INFO[tier].name,
      price: priceText(price.amountMinor, currencyOfRegion(region)),
      period,
      planName,
      isCurrentPlan: planName === current,
      features: PLAN_TIER_INFO[tier].features,
      contactUs: PLAN_TIER_INFO[tier].contactUs,
    }
  })
}
