import { asSystem } from '#db/tenant-scope'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import { PLAN_PERIODS, PLAN_TIER_INFO, PLAN_TIERS, planIdOf, planPrice, priceText, tierOfPlanId, isPlanId, type PlanTier } from '#server/plans/plan-catalogue'
import { tierFeaturesIn, tierNameIn } from '#server/plans/plan-words'

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


/**
 * The platform's plan catalogue as the master tenant's Master Plans screen shows it: each tier
 * with its ids, prices in USD and (for studios in India) INR, its limits and features, and how
 * many organisations are on it. Names, limits and features are in the page's language; prices
 * are written as the plan screens write them.
 */
export async function loadPlanCatalogue(platform: Pick<Platform, 'database'>, language: Language = 'en'): Promise<CataloguePlan[]> {
  const t = tFor(language, 'platform')
  const number = (limit: number) => limit.toLocaleString(LANGUAGE_LOCALES[language])
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
      name: tierNameIn(tier, language),
      planIds: tier === 'free' ? ['free_plan'] : PLAN_PERIODS.map((period) => planIdOf(tier, period)),
      usd: { monthly: priceOf('US', 'monthly'), yearly: priceOf('US', 'yearly') },
      inr: { monthly: priceOf('IN', 'monthly'), yearly: priceOf('IN', 'yearly') },
      contactsText: info.limits.contacts === null ? t('contactsUnlimited') : t('contactsLimit', { number: number(info.limits.contacts) }),
      activeMembersText: info.limits.activeMembers === null ? t('activeMembersUnlimited') : t('activeMembersLimit', { number: number(info.limits.activeMembers) }),
      customDomain: info.limits.customDomain,
      features: tierFeaturesIn(tier, language),
      contactUs: info.contactUs,
      studios: perTier.get(tier) ?? 0,
    }
  })
}
