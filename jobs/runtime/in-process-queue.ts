import type { EnqueueOptions, JobContract, JobQueue, QueuedJob, RepeatOptions } from '#server/jobs/job-contract'
import type { Logger } from '#server/logger'
import type { Platform } from '#server/platform'
import { isUnrecoverable, logFailedAttempt } from './job-failure'
import { lineOf, type QueueSettings } from './queues'
import { findJob, jobCatalog, type RegisteredJob } from './registry'
import { TurnTaking } from './turn-taking'

export interface InProcessOptions {
  /** Jobs run at once per queue; the defaults match JOBS_*_CONCURRENCY's. */
  queues?: QueueSettings
  /** Jobs known besides the product's own (tests). */
  extraJobs?: readonly RegisteredJob[]
}

const defaultQueues: QueueSettings = { interactive: { concurrency: 4 }, bulk: { concurrency: 2 } }

/**
 * Runs jobs inside this process, with the same contract as the BullMQ queue: payload
 * validation, deduplication by job id, delays, retries with exponential backoff, a queue per
 * kind of work with its own concurrency, and tenants taking turns within each queue.
 * Used when no REDIS_URL is configured; jobs waiting here are lost on restart, which is why
 * anything a user waits on is also recorded in Postgres.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const
  readonly #running = new Set<Promise<void>>()
  readonly #activeIds = new Set<string>()
  /** Pending delays and backoffs, with the function that ends each early when the queue closes. */
  readonly #sleeps = new Map<NodeJS.Timeout, () => void>()
  readonly #catalog: readonly RegisteredJob[]
  readonly #schedules = new Map<string, NodeJS.Timeout>()
  readonly #turns: TurnTaking
  #closed = false

  constructor(
    private readonly getPlatform: () => Platform,
    private readonly logger: Logger,
    options: InProcessOptions = {},
  ) {
    this.#catalog = jobCatalog(options.extraJobs)
    this.#turns = new TurnTaking(options.queues ?? defaultQueues)
  }

  async enqueue<P>(job: JobContract<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    if (this.#closed) throw new Error('the job queue is closed')
    // Checked here, where the caller hears of it: a rejection inside the run would go unheard.
    const registered = findJob(job.name, this.#catalog)
    if (!registered) throw new Error(`no handler registered for job ${job.name}`)
    const parsed = job.payload.parse(payload)
    if (options.jobId) {
      if (this.#activeIds.has(options.jobId)) return
      this.#activeIds.add(options.jobId)
    }
    const lane = this.#turns.lane(registered.contract.queue)
    const place = lane.join(lineOf(parsed))
    const order = this.#turns.nextOrder()
    const run = this.#run(registered, job, parsed, options, place.turn, order)
      .catch((error: unknown) => this.logger.error({ job: job.name, err: error }, 'job runner error'))
      .finally(() => {
        place.leave()
        this.#running.delete(run)
        if (options.jobId) this.#activeIds.delete(options.jobId)
      })
    this.#running.add(run)
  }

  /** Nothing to save in one process: each job is enqueued in turn. */
  async enqueueMany<P>(job: JobContract<P>, jobs: ReadonlyArray<QueuedJob<P>>): Promise<void> {
    for (const each of jobs) await this.enqueue(job, each.payload, each.options)
  }

  async repeat<P>(job: JobContract<P>, payload: P, options: RepeatOptions): Promise<void> {
    if (this.#closed) throw new Error('the job queue is closed')
    job.payload.parse(payload)
    clearInterval(this.#schedules.get(options.schedulerId))
    // The scheduler id as job id: a run still going when the next is due is not doubled.
    const run = () => void this.enqueue(job, payload, { jobId: options.schedulerId }).catch((error: unknown) => this.logger.error({ job: job.name, err: error }, 'a scheduled job could not be queued'))
    const timer = setInterval(run, options.everyMs)
    timer.unref()
    this.#schedules.set(options.schedulerId, timer)
  }

  /** Resolves once every job enqueued so far (and any they enqueue) has finished. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running])
  }

  /** Stops taking jobs, lets running handlers finish, and drops jobs still waiting for a delay, a slot or a retry. */
  async close(): Promise<void> {
    this.#closed = true
    for (const timer of this.#schedules.values()) clearInterval(timer)
    this.#schedules.clear()
    // Wake the sleepers rather than only clearing their timers: a sleep that never ends
    // would keep drain() waiting for ever.
    for (const [timer, wake] of this.#sleeps) {
      clearTimeout(timer)
      wake()
    }
    this.#sleeps.clear()
    this.#turns.close()
    await this.drain()
  }

  async #run<P>(
    registered: RegisteredJob,
    job: JobContract<P>,
    payload: P,
    options: EnqueueOptions,
    turn: number,
    order: number,
  ): Promise<void> {
    if (options.delayMs) await this.#sleep(options.delayMs)
    const lane = this.#turns.lane(registered.contract.queue)
    for (let attempt = 1; attempt <= job.attempts && !this.#closed; attempt++) {
      if (!(await lane.acquire(turn, order))) return
      let failure: { error: unknown } | null = null
      try {
        await registered.handle(payload, this.getPlatform(), {
          attempt,
          maxAttempts: job.attempts,
          isLastAttempt: attempt === job.attempts,
        })
      } catch (error) {
        failure = { error }
      } finally {
        lane.release()
      }
      if (!failure) return
      logFailedAttempt(this.logger, { job: job.name, jobId: options.jobId, attempt, maxAttempts: job.attempts, error: failure.error })
      if (isUnrecoverable(failure.error) || attempt === job.attempts) return
      await this.#sleep(job.backoffMs * 2 ** (attempt - 1))
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
