import { asSystem } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { PLAN_PERIODS, PLAN_TIER_INFO, PLAN_TIERS, planIdOf, planPrice, priceText, tierOfPlanId, isPlanId, type PlanTier } from '#server/plans/plan-catalogue'

export interface CataloguePlan {
  tier: PlanTier
  name: string
  /** The internal ids, monthly then yearly ('free_plan' alone for Free). */
  planIds: string[]
  usd: { monthly: string; yearly: string }
  inr: { monthly: string; yearly: string }
  contactsText: string
  activeMembersText: string
  customDomain: boolean
  features: readonly string[]
  contactUs: boolean
  /** Organisations on this tier now (none chosen counts as Free). */
  studios: number
}

const limitText = (limit: number | null, unit: string) => (limit === null ? `Unlimited ${unit}` : `${limit.toLocaleString('en-US')} ${unit}`)

/**
 * The platform's plan catalogue as the master tenant's Master Plans screen shows it: each tier
 * with its ids, prices in USD and (for studios in India) INR, its limits and features, and how
 * many organisations are on it.
 */
export async function loadPlanCatalogue(platform: Pick<Platform, 'database'>): Promise<CataloguePlan[]> {
  const counts = await asSystem(platform.database, 'the platform owner counts organisations per plan', async (trx) => ({
    onPlans: await trx.selectFrom('tenant_plans').select(['plan_id']).select((eb) => eb.fn.countAll<string>().as('n')).groupBy('plan_id').execute(),
    tenants: Number((await trx.selectFrom('tenants').select((eb) => eb.fn.countAll<string>().as('n')).where('archived_at', 'is', null).executeTakeFirstOrThrow()).n),
  }))
  const perTier = new Map<PlanTier, number>()
  let withPlan = 0
  for (const row of counts.onPlans) {
    if (!isPlanId(row.plan_id)) continue
    const tier = tierOfPlanId(row.plan_id)
    perTier.set(tier, (perTier.get(tier) ?? 0) + Number(row.n))
    withPlan += Number(row.n)
  }
  perTier.set('free', (perTier.get('free') ?? 0) + Math.max(0, counts.tenants - withPlan))
  return PLAN_TIERS.map((tier) => {
    const info = PLAN_TIER_INFO[tier]
    const priceOf = (region: 'US' | 'IN', period: (typeof PLAN_PERIODS)[number]) => {
      const price = planPrice(planIdOf(tier, period), region)
      return priceText(price.amountMinor, price.currency)
    }
    return {
      tier,
      name: info.name,
      planIds: tier === 'free' ? ['free_plan'] : PLAN_PERIODS.map((period) => planIdOf(tier, period)),
      usd: { monthly: priceOf('US', 'monthly'), yearly: priceOf('US', 'yearly') },
      inr: { monthly: priceOf('IN', 'monthly'), yearly: priceOf('IN', 'yearly') },
      contactsText: limitText(info.limits.contacts, 'contacts'),
      activeMembersText: limitText(info.limits.activeMembers, 'active members'),
      customDomain: info.limits.customDomain,
      features: info.features,
      contactUs: info.contactUs,
      studios: perTier.get(tier) ?? 0,
    }
  })
}
