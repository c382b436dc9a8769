import type { TenantExecutor } from '#db/tenant-scope'
import { PLAN_MESSAGES, limitsOfPlan, isPlanId } from './plan-catalogue'

/** Statuses in which a held membership makes its contact an active member. */
const ACTIVE_STATUSES = ['active', 'trial'] as const

/**
 * The plan's words when a sale would give a membership to a contact who is not an active member
 * yet while the studio already has as many active members as its plan allows; null when it may
 * go ahead. Checked when the sale is written, before any payment, in the sale's transaction
 * (the plan row is locked so two sales at once cannot both take the last place). A membership
 * given later for a sale already written (a card paid afterwards) is not refused: the buyer paid.
 */
export async function activeMemberRefusal(trx: TenantExecutor, tenantId: string, input: { contactId: string; givesMembership: boolean }): Promise<string | null> {
  if (!input.givesMembership) return null
  const plan = await trx.selectFrom('tenant_plans').select('plan_id').where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst()
  if (!plan || !isPlanId(plan.plan_id)) return null
  const limit = limitsOfPlan(plan.plan_id).activeMembers
  if (limit === null) return null
  const already = await trx
    .selectFrom('contact_memberships')
    .select('id')
    .where('contact_id', '=', input.contactId)
    .where('status', 'in', ACTIVE_STATUSES)
    .where('is_gift', '=', false)
    .limit(1)
    .executeTakeFirst()
  if (already) return null
  // At most `limit` distinct members are counted: the answer only needs to know whether the limit is reached.
  const members = await trx
    .selectFrom((eb) =>
      eb
        .selectFrom('contact_memberships')
        .select('contact_id')
        .distinct()
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', ACTIVE_STATUSES)
        .where('is_gift', '=', false)
        .limit(limit)
        .as('members'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(members.n) >= limit ? PLAN_MESSAGES.activeMemberLimit(limit) : null
}
