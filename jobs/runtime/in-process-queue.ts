import {
  UnrecoverableJobError,
  type EnqueueOptions,
  type JobContract,
  type JobQueue,
} from '#server/jobs/job-contract'
import type { Logger } from '#server/logger'
import type { Platform } from '#server/platform'
import { findJob, type RegisteredJob } from './registry'

/**
 * Runs jobs inside this process, with the same contract as the BullMQ queue: payload
 * validation, deduplication by job id, delays, and retries with exponential backoff.
 * Used when no REDIS_URL is configured; jobs waiting here are lost on restart, which is why
 * anything a user waits on is also recorded in Postgres.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const
  readonly #running = new Set<Promise<void>>()
  readonly #activeIds = new Set<string>()
  /** Pending delays and backoffs, with the function that ends each early when the queue closes. */
  readonly #sleeps = new Map<NodeJS.Timeout, () => void>()
  #closed = false

  constructor(
    private readonly getPlatform: () => Platform,
    private readonly logger: Logger,
  ) {}

  async enqueue<P>(job: JobContract<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    if (this.#closed) throw new Error('the job queue is closed')
    // Checked here, where the caller hears of it: a rejection inside the run would go unheard.
    const registered = findJob(job.name)
    if (!registered) throw new Error(`no handler registered for job ${job.name}`)
    const parsed = job.payload.parse(payload)
    if (options.jobId) {
      if (this.#activeIds.has(options.jobId)) return
      this.#activeIds.add(options.jobId)
    }
    const run = this.#run(registered, job, parsed, options)
      .catch((error: unknown) => this.logger.error({ job: job.name, err: error }, 'job runner error'))
      .finally(() => {
        this.#running.delete(run)
        if (options.jobId) this.#activeIds.delete(options.jobId)
      })
    this.#running.add(run)
  }

  /** Resolves once every job enqueued so far (and any they enqueue) has finished. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running])
  }

  /** Stops taking jobs, lets running handlers finish, and drops jobs still waiting for a delay or retry. */
  async close(): Promise<void> {
    this.#closed = true
    // Wake the sleepers rather than only clearing their timers: a sleep that never ends
    // would keep drain() waiting for ever.
    for (const [timer, wake] of this.#sleeps) {
      clearTimeout(timer)
      wake()
    }
    this.#sleeps.clear()
    await this.drain()
  }

  async #run<P>(registered: RegisteredJob, job: JobContract<P>, payload: P, options: EnqueueOptions): Promise<void> {
    if (options.delayMs) await this.#sleep(options.delayMs)
    for (let attempt = 1; attempt <= job.attempts && !this.#closed; attempt++) {
      try {
        await registered.handle(payload, this.getPlatform(), {
          attempt,
          maxAttempts: job.attempts,
          isLastAttempt: attempt === job.attempts,
        })
        return
      } catch (error) {
        const final = error instanceof UnrecoverableJobError || attempt === job.attempts
        this.logger.warn({ job: job.name, attempt, err: error }, final ? 'job failed' : 'job failed, will retry')
        if (final) return
        await this.#sleep(job.backoffMs * 2 ** (attempt - 1))
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#closed) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#sleeps.delete(timer)
        resolve()
      }, ms)
      this.#sleeps.set(timer, resolve)
    })
  }
}
