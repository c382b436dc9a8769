import type { Env } from '#server/env.server'
import type { JobQueueName } from '#server/jobs/job-contract'

/** How many jobs of each queue one process runs at once (decision 076). */
export type QueueSettings = Record<JobQueueName, { concurrency: number }>

export function queueSettingsFrom(env: Pick<Env, 'JOBS_INTERACTIVE_CONCURRENCY' | 'JOBS_BULK_CONCURRENCY'>): QueueSettings {
  return {
    interactive: { concurrency: env.JOBS_INTERACTIVE_CONCURRENCY },
    bulk: { concurrency: env.JOBS_BULK_CONCURRENCY },
  }
}

/** Platform work (no tenant) waits in a line of its own, like a tenant. */
export const PLATFORM_LINE = 'platform'

/** The line a job waits in: its tenant's, read from the payload every contract carries. */
export function lineOf(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null && 'tenantId' in payload) {
    const tenantId = (payload as { tenantId: unknown }).tenantId
    if (typeof tenantId === 'string' && tenantId !== '') return tenantId
  }
  return PLATFORM_LINE
}

/** BullMQ's largest priority; a place in line beyond it waits with the last. */
export const MAX_TURN = 2_097_152

/**
 * A job's turn: its place in its own tenant's line when it was added (1 when the tenant has
 * nothing else waiting or running in that queue). Queues run lower turns first and equal
 * turns in the order they came, so a tenant with one receipt goes before the second of
 * another tenant's 100,000 jobs (decision 077).
 */
export function turnFor(placeInLine: number): number {
  return Math.min(Math.max(1, placeInLine), MAX_TURN)
}
