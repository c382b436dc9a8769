import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { membershipChargeJob, membershipChargeJobId } from '#jobs/membership-charge'
import type { Platform } from '#server/platform'

/** The most memberships one sweep queues; the rest wait for the next sweep, oldest first. */
export const SWEEP_LIMIT = 20_000

/**
 * Queues a membership-charge job for every recurring membership, in every studio, whose period
 * or retry is due at `now` (the sweep reads across tenants, so it runs as the system, for this
 * read only). A membership queued already and not yet billed keeps its one job: the job id
 * names the moment it fell due.
 */
export async function queueDueMemberships(platform: Pick<Platform, 'database' | 'jobs' | 'logger'>, now: Date, limit = SWEEP_LIMIT): Promise<number> {
  const wakesAt = sql<Date>`coalesce(billing_retry_at, next_billing_at)`
  const due = await asSystem(platform.database, 'find the recurring memberships due for billing in every studio', (trx) =>
    trx
      .selectFrom('contact_memberships')
      .select(['id', 'tenant_id', wakesAt.as('wakes_at')])
      // The predicates of the partial index contact_memberships_billing_due.
      .where('membership_type', '=', 'recurring')
      .where('status', 'in', ['trial', 'active'])
      .where('next_billing_at', 'is not', null)
      .where(wakesAt, '<=', now)
      .where('period_price_minor', 'is not', null)
      .orderBy(wakesAt)
      .limit(limit)
      .execute(),
  )
  for (const row of due) {
    await platform.jobs.enqueue(membershipChargeJob, { tenantId: row.tenant_id, membershipId: row.id }, { jobId: membershipChargeJobId(row.id, new Date(row.wakes_at)) })
  }
  if (due.length > 0) platform.logger.info({ memberships: due.length }, 'memberships due for billing queued')
  return due.length
}
