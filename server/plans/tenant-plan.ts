import type { TenantExecutor } from '#db/tenant-scope'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { isPlanId, limitsOfPlan, periodEnd, periodOfPlanId, tierOfPlanId, type PlanId, type PlanLimits, type PlanPeriod } from './plan-catalogue'

export interface TenantPlan {
  planId: PlanId
  period: PlanPeriod
  startedAt: Date
  renewsAt: Date | null
}

/** The studio's plan; null when it never chose one (shown as 'Free Plan', not limited). */
export async function readTenantPlan(platform: Pick<Platform, 'database'>, tenantId: string): Promise<TenantPlan | null> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('tenant_plans').select(['plan_id', 'period', 'started_at', 'renews_at']).where('tenant_id', '=', tenantId).executeTakeFirst(),
  )
  if (!row || !isPlanId(row.plan_id)) return null
  return { planId: row.plan_id, period: row.period, startedAt: row.started_at, renewsAt: row.renews_at }
}

/** What the studio's plan lets it add. */
export async function readPlanLimits(platform: Pick<Platform, 'database'>, tenantId: string): Promise<PlanLimits> {
  return limitsOfPlan((await readTenantPlan(platform, tenantId))?.planId ?? null)
}

/**
 * Puts the studio on a plan from `now`: a paid plan renews a period later, Free never. The
 * contact limit is written with it, for the database to hold. The kept card stays (a later
 * checkout reuses its customer) but Free is never charged: it has no renewal date. Existing data is left alone: a
 * smaller plan only refuses new additions.
 */
export async function putTenantOnPlan(trx: TenantExecutor, tenantId: string, planId: PlanId, now: Date): Promise<void> {
  const period = periodOfPlanId(planId)
  const values = {
    plan_id: planId,
    period,
    contact_limit: limitsOfPlan(planId).contacts,
    started_at: now,
    renews_at: tierOfPlanId(planId) === 'free' ? null : periodEnd(now, period),
    // A new plan starts with no refused renewal behind it.
    renewal_failures: 0,
    renewal_retry_at: null,
    renewal_error: null,
    dropped_to_free_at: null,
    updated_at: now,
  }
  await trx
    .insertInto('tenant_plans')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
    .execute()
}
