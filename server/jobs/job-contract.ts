import type { z } from 'zod'

/**
 * The queues jobs wait in, each with its own workers (decision 076): 'interactive' for work a
 * person is waiting for (emails, receipts, PDF copies), 'bulk' for long or large work
 * (mailing-list syncs, imports, DNS polling), so bulk work never holds up a receipt.
 */
export const jobQueueNames = ['interactive', 'bulk'] as const
export type JobQueueName = (typeof jobQueueNames)[number]

/** Every payload names its tenant (null for platform work), so the runtime can take turns. */
export interface TenantPayload {
  tenantId: string | null
}

/** A job's name and payload schema. Payloads carry ids only: no personal data, no secrets. */
export interface JobContract<P> {
  name: string
  payload: z.ZodType<P>
  queue: JobQueueName
  /** Tries in all, the first one included. */
  attempts: number
  /** First retry delay; each further retry waits twice as long. */
  backoffMs: number
}

export function defineJob<P extends TenantPayload>(
  contract: Omit<JobContract<P>, 'attempts' | 'backoffMs' | 'queue'> & Partial<JobContract<P>>,
): JobContract<P> {
  return { attempts: 5, backoffMs: 1000, queue: 'interactive', ...contract }
}

export interface EnqueueOptions {
  /** Deduplicates: while a job with this id is waiting or running, another is not added. */
  jobId?: string
  delayMs?: number
}

/** A job that runs on a schedule: every `everyMs`, under one id for every process that sets it up. */
export interface RepeatOptions {
  schedulerId: string
  everyMs: number
}

/** One job of a bulk enqueue. */
export interface QueuedJob<P> {
  payload: P
  options?: EnqueueOptions
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq'
  enqueue<P>(job: JobContract<P>, payload: P, options?: EnqueueOptions): Promise<void>
  /**
   * Adds many jobs of one kind at once (BullMQ: one addBulk, the tenant lines joined in one
   * round trip), as enqueue would one by one. Optional: a queue without it is sent each job
   * through enqueue (enqueueAll).
   */
  enqueueMany?<P>(job: JobContract<P>, jobs: ReadonlyArray<QueuedJob<P>>): Promise<void>
  /**
   * Runs the job every `everyMs` from now on. BullMQ keeps one schedule per id in Redis, so
   * every worker may set it up and the job still runs once per interval; the in-process
   * runtime runs it on a timer in this process until the queue closes.
   */
  repeat<P>(job: JobContract<P>, payload: P, options: RepeatOptions): Promise<void>
  close(): Promise<void>
}

export interface JobContext {
  attempt: number
  maxAttempts: number
  isLastAttempt: boolean
}

/** Thrown by a handler when retrying cannot help (bad payload, record gone): no more tries. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError'
}

/** Enqueues every job, in one bulk add where the queue has one. */
export async function enqueueAll<P>(queue: JobQueue, job: JobContract<P>, jobs: ReadonlyArray<QueuedJob<P>>): Promise<void> {
  if (jobs.length === 0) return
  if (queue.enqueueMany) return queue.enqueueMany(job, jobs)
  for (const each of jobs) await queue.enqueue(job, each.payload, each.options)
}
