import type { z } from 'zod'

/** A job's name and payload schema. Payloads carry ids only: no personal data, no secrets. */
export interface JobContract<P> {
  name: string
  payload: z.ZodType<P>
  /** Tries in all, the first one included. */
  attempts: number
  /** First retry delay; each further retry waits twice as long. */
  backoffMs: number
}

export function defineJob<P>(contract: Omit<JobContract<P>, 'attempts' | 'backoffMs'> & Partial<JobContract<P>>): JobContract<P> {
  return { attempts: 5, backoffMs: 1000, ...contract }
}

export interface EnqueueOptions {
  /** Deduplicates: while a job with this id is waiting or running, another is not added. */
  jobId?: string
  delayMs?: number
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq'
  enqueue<P>(job: JobContract<P>, payload: P, options?: EnqueueOptions): Promise<void>
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
