import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { MEMBERSHIPS_PER_CHARGE_JOB, membershipChargeJob, membershipChargeJobId } from '#jobs/membership-charge'
import { enqueueAll } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'

/** The most memberships one sweep queues; the rest wait for the next sweep, oldest first. */
export const SWEEP_LIMIT = 20_000

/**
 * Queues membership-charge jobs for every recurring membership, in every studio, whose period
 * or retry is due at `now` (the sweep reads across tenants, so it runs as the system, for this
 * read only): each studio's, oldest first, in batches of MEMBERSHIPS_PER_CHARGE_JOB, added to
 * the queue in one bulk add, each batch a turn in its studio's line. A batch queued already and
 * not yet run keeps its one job: the job id names its memberships and when they fell due.
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
      .orderBy('id')
      .limit(limit)
      .execute(),
  )
  const batches = chargeBatches(due.map((row) => ({ tenantId: row.tenant_id, membershipId: row.id, dueAt: new Date(row.wakes_at) })))
  await enqueueAll(platform.jobs, membershipChargeJob, batches)
  if (due.length > 0) platform.logger.info({ memberships: due.length, jobs: batches.length }, 'memberships due for billing queued')
  return due.length
}

/**
 * The membership-charge jobs for memberships due (oldest first): each studio's in batches of
 * MEMBERSHIPS_PER_CHARGE_JOB, in the order given, each named by its memberships and when they
 * fell due. Linear in the memberships: a sweep may hand it 20,000 of one studio.
 */
export function chargeBatches(due: ReadonlyArray<{ tenantId: string; membershipId: string; dueAt: Date }>) {
  const byTenant = new Map<string, Array<{ membershipId: string; dueAt: Date }>>()
  for (const { tenantId, membershipId, dueAt } of due) {
    const memberships = byTenant.get(tenantId) ?? []
    if (memberships.length === 0) byTenant.set(tenantId, memberships)
    memberships.push({ membershipId, dueAt })
  }
  return [...byTenant].flatMap(([tenantId, memberships]) =>
    Array.from({ length: Math.ceil(memberships.length / MEMBERSHIPS_PER_CHARGE_JOB) }, (_, index) => {
      const batch = memberships.slice(index * MEMBERSHIPS_PER_CHARGE_JOB, (index + 1) * MEMBERSHIPS_PER_CHARGE_JOB)
      return { payload: { tenantId, membershipIds: batch.map((each) => each.membershipId) }, options: { jobId: membershipChargeJobId(tenantId, batch) } }
    }),
  )
}
