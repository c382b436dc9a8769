import { ZodError } from 'zod'
import { UnrecoverableJobError } from '#server/jobs/job-contract'
import type { Logger } from '#server/logger'

/**
 * A payload that does not match its job's schema: enqueued by an older or newer deploy, or
 * by hand. Retrying the same data cannot help, so the job fails at once (decision 078).
 */
export class InvalidJobPayloadError extends UnrecoverableJobError {
  override name = 'InvalidJobPayloadError'
  readonly issues: string[]

  constructor(jobName: string, error: ZodError) {
    const issues = error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    super(`the payload of job ${jobName} does not match its schema (${issues.join('; ')})`)
    this.issues = issues
  }
}

/** Errors after which no retry is made: the handler said so, or data failed a schema. */
export function isUnrecoverable(error: unknown): boolean {
  return error instanceof UnrecoverableJobError || error instanceof ZodError
}

export interface FailedAttempt {
  job: string
  jobId?: string
  attempt: number
  maxAttempts: number
  error: unknown
}

/**
 * The log line of a failed attempt, the same in both runtimes. An invalid payload gets one
 * error line of its own that names the fields; other failures say whether a retry follows.
 */
export function logFailedAttempt(logger: Logger, failed: FailedAttempt): void {
  const { job, jobId, attempt, maxAttempts, error } = failed
  if (error instanceof InvalidJobPayloadError) {
    logger.error({ job, jobId, issues: error.issues }, 'job payload invalid: failed without retry')
    return
  }
  const final = isUnrecoverable(error) || attempt >= maxAttempts
  logger.warn({ job, jobId, attempt, err: error }, final ? 'job failed' : 'job failed, will retry')
}
