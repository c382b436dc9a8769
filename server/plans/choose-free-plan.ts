import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { currencyOfRegion, planRegionOf, PLAN_MESSAGES } from './plan-catalogue'
import { putTenantOnPlan } from './tenant-plan'

/**
 * The admin confirmed 'You miss the valuable features, Are you sure you want free plan?': the
 * studio moves to Free at once, with a settled payment of 0 (settings spec 4). The attempt
 * names the confirmation form, so a double submit records one row. Nothing is deleted: Free
 * only refuses new contacts past its limit.
 */
export async function chooseFreePlan(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  input: { attempt: string; payer: { contactId: string; fullName: string }; now: Date },
): Promise<WordedResult<{ recorded: boolean }, 'conflict'>> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const current = await trx.selectFrom('tenant_plans').select('plan_id').where('tenant_id', '=', tenant.id).forUpdate().executeTakeFirst()
    const repeated = await trx.selectFrom('plan_payments').select('id').where('idempotency_key', '=', `free-${input.attempt}`).executeTakeFirst()
    if (repeated) return ok({ recorded: false })
    if (current?.plan_id === 'free_plan') return err('conflict', PLAN_MESSAGES.alreadyOnPlan)
    await moveToFreePlan(trx, tenant, { key: `free-${input.attempt}`, payer: input.payer, now: input.now })
    return ok({ recorded: true })
  })
}

/**
 * The studio moves to Free from `now` with a settled payment of 0 under `key`: what choosing
 * Free does, and what a plan whose last renewal try was refused comes to (plan-renewal.ts).
 * Free has no renewal date, so renewals stop.
 */
export async function moveToFreePlan(
  trx: TenantExecutor,
  tenant: Pick<Tenant, 'id' | 'settings'>,
  input: { key: string; payer: { contactId: string | null; fullName: string }; now: Date },
): Promise<void> {
  await trx
    .insertInto('plan_payments')
    .values({
      tenant_id: tenant.id,
      plan_id: 'free_plan',
      period: 'monthly',
      amount_minor: 0,
      currency: currencyOfRegion(planRegionOf(tenant.settings)),
      status: 'SETTLED',
      client_name: input.payer.fullName.slice(0, 200),
      paid_by_contact_id: input.payer.contactId,
      idempotency_key: input.key,
      created_at: input.now,
      settled_at: input.now,
    })
    .execute()
  await putTenantOnPlan(trx, tenant.id, 'free_plan', input.now)
}
