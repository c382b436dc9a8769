import { performance } from 'node:perf_hooks'
import { MEMBERSHIPS_PER_CHARGE_JOB, membershipChargeJob } from '#jobs/membership-charge'
import { chargeBatches } from '#server/memberships/due-memberships'

const studio = '00000000-0000-4000-8000-000000000001'
const other = '00000000-0000-4000-8000-000000000002'
const dueAt = new Date('2027-01-31T05:00:00Z')
const idOf = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

describe('the sweep splits due memberships into membership-charge jobs', () => {
  it("bills each studio's memberships in batches of 50, oldest first, each batch a job named by its memberships", () => {
    const due = [
      ...Array.from({ length: 120 }, (_, n) => ({ tenantId: studio, membershipId: idOf(n), dueAt })),
      { tenantId: other, membershipId: idOf(500), dueAt },
    ]
    const batches = chargeBatches(due)
    expect(batches.map((batch) => [batch.payload.tenantId, batch.payload.membershipIds.length])).toEqual([
      [studio, 50],
      [studio, 50],
      [studio, 20],
      [other, 1],
    ])
    expect(batches.flatMap((batch) => batch.payload.membershipIds)).toEqual(due.map((each) => each.membershipId))
    for (const batch of batches) expect(membershipChargeJob.payload.safeParse(batch.payload).success).toBe(true)
    expect(new Set(batches.map((batch) => batch.options.jobId)).size).toBe(4)
    // The same memberships due at the same moments make the same job: a waiting batch is not queued twice.
    expect(chargeBatches(due).map((batch) => batch.options.jobId)).toEqual(batches.map((batch) => batch.options.jobId))
    // A retry moves the moment a membership falls due, and so names a new job.
    const retried = chargeBatches([{ ...due[0]!, dueAt: new Date(dueAt.getTime() + 86_400_000) }, ...due.slice(1)])
    expect(retried[0]?.options.jobId).not.toBe(batches[0]?.options.jobId)
  })

  it('splits a full sweep of one studio (20,000 due) at once, not in seconds', () => {
    const due = Array.from({ length: 20_000 }, (_, n) => ({ tenantId: studio, membershipId: idOf(n), dueAt }))
    const started = performance.now()
    const batches = chargeBatches(due)
    const ms = performance.now() - started
    expect(batches).toHaveLength(20_000 / MEMBERSHIPS_PER_CHARGE_JOB)
    expect(ms).toBeLessThan(2_000)
  })
})
