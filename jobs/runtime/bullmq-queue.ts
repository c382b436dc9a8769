import { randomUUID } from 'node:crypto'
import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import {
  jobQueueNames,
  type EnqueueOptions,
  type JobContract,
  type RepeatOptions,
  type JobQueue,
  type JobQueueName,
  type QueuedJob,
} from '#server/jobs/job-contract'
import type { Logger } from '#server/logger'
import type { Platform } from '#server/platform'
import { isUnrecoverable, logFailedAttempt } from './job-failure'
import { lineOf, type QueueSettings } from './queues'
import { findJob, jobCatalog, type RegisteredJob } from './registry'
import { TenantLines } from './tenant-lines'

export interface BullOptions {
  redisUrl: string
  /** Key prefix, so tests and several deployments can share one Redis. */
  prefix?: string
  /** How long enqueue waits for Redis before it gives up (default 5 s). */
  enqueueTimeoutMs?: number
}

const DEFAULT_PREFIX = 'bull'

function connectionFor(redisUrl: string): Redis {
  // Workers block on Redis; BullMQ requires unlimited retries per request for them.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false })
  // ioredis reconnects by itself, and the queues and workers on this connection report errors
  // through their own listeners; without one here ioredis prints every failed reconnect.
  connection.on('error', () => undefined)
  return connection
}

function isQueueName(name: string): name is JobQueueName {
  return (jobQueueNames as readonly string[]).includes(name)
}

/**
 * Adds jobs to the BullMQ queues ('interactive', 'bulk'; decision 076), each with a priority
 * that is its turn in its tenant's line (decision 077); `npm run worker` processes them.
 */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const
  readonly #queues = new Map<JobQueueName, Queue>()
  readonly #connection: Redis
  readonly #lines: TenantLines

  constructor(private readonly options: BullOptions) {
    this.#connection = connectionFor(options.redisUrl)
    this.#lines = new TenantLines(this.#connection, options.prefix ?? DEFAULT_PREFIX)
  }

  async enqueue<P>(job: JobContract<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    await this.enqueueMany(job, [{ payload, options }])
  }

  async enqueueMany<P>(job: JobContract<P>, jobs: ReadonlyArray<QueuedJob<P>>): Promise<void> {
    const parsed = jobs.map((each) => ({ data: job.payload.parse(each.payload), options: each.options ?? {} }))
    // BullMQ waits for Redis for ever; a request that enqueues must not. The add may still land
    // once Redis is back, which is fine: handlers are idempotent and the record is in Postgres.
    const timeoutMs = this.options.enqueueTimeoutMs ?? 5000
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the job queue (Redis) did not answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([this.#add(job, parsed), timedOut])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The jobs BullMQ does not hold yet, each with its turn in its tenant's line (one round trip a line), in one addBulk. */
  async #add<P>(job: JobContract<P>, jobs: ReadonlyArray<{ data: P; options: EnqueueOptions }>): Promise<void> {
    const queueName = job.queue ?? 'interactive'
    const queue = this.#queue(queueName)
    // A job id that BullMQ still holds (waiting, running, or kept after it ended) is not
    // added again; asking first keeps the tenant's line free of jobs that never come.
    const states = await Promise.all(jobs.map((each) => (each.options.jobId ? queue.getJobState(each.options.jobId) : 'unknown')))
    const seen = new Set<string>()
    const fresh = jobs
      .filter((_, index) => states[index] === 'unknown')
      .map((each) => ({ ...each, jobId: each.options.jobId ?? `${job.name}-${randomUUID()}` }))
      .filter((each) => !seen.has(each.jobId) && seen.add(each.jobId))
    if (fresh.length === 0) return
    const byLine = new Map<string, string[]>()
    for (const each of fresh) {
      const line = lineOf(each.data)
      const jobIds = byLine.get(line) ?? []
      if (jobIds.length === 0) byLine.set(line, jobIds)
      jobIds.push(each.jobId)
    }
    const turns = new Map<string, number>()
    for (const [line, jobIds] of byLine) {
      const joined = await this.#lines.join(queueName, line, jobIds)
      jobIds.forEach((jobId, index) => turns.set(jobId, joined[index] ?? 1))
    }
    await queue.addBulk(
      fresh.map((each) => ({
        name: job.name,
        data: each.data,
        opts: {
          jobId: each.jobId,
          priority: turns.get(each.jobId) ?? 1,
          delay: each.options.delayMs,
          attempts: job.attempts,
          backoff: { type: 'exponential', delay: job.backoffMs },
          removeOnComplete: { age: 24 * 3600, count: 1000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    )
  }

  async repeat<P>(job: JobContract<P>, payload: P, options: RepeatOptions): Promise<void> {
    const data = job.payload.parse(payload)
    // Scheduled runs skip the tenant lines: they are platform work that fans out into tenant jobs.
    await this.#queue(job.queue ?? 'interactive').upsertJobScheduler(
      options.schedulerId,
      { every: options.everyMs },
      {
        name: job.name,
        data,
        opts: { attempts: job.attempts, backoff: { type: 'exponential', delay: job.backoffMs }, removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } },
      },
    )
  }

  /** The BullMQ queue by queue name, or the queue a job runs in by job name (tests, tools). */
  queueFor(name: string): Queue {
    if (isQueueName(name)) return this.#queue(name)
    const registered = findJob(name)
    return this.#queue(registered?.contract.queue ?? 'interactive')
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()))
    this.#connection.disconnect()
  }

  #queue(name: JobQueueName): Queue {
    let queue = this.#queues.get(name)
    if (!queue) {
      queue = new Queue(name, { connection: this.#connection as ConnectionOptions, prefix: this.options.prefix ?? DEFAULT_PREFIX })
      queue.on('error', () => {
        // ioredis reconnects by itself; an error event without a listener would crash the process.
      })
      this.#queues.set(name, queue)
    }
    return queue
  }
}

export interface RunningWorkers {
  close(): Promise<void>
}

export interface WorkerOptions extends BullOptions {
  /** Jobs run at once per queue in this process (JOBS_*_CONCURRENCY). */
  queues?: QueueSettings
  /** Jobs known besides the product's own (tests). */
  extraJobs?: readonly RegisteredJob[]
  /**
   * How long a running job's lock lasts without renewal, and how often stalled jobs are looked
   * for (BullMQ's defaults: 30 s each). A job whose worker died runs again once its lock has
   * lapsed and a stalled check has seen it; tests that kill a worker shorten both.
   */
  lockDurationMs?: number
  stalledIntervalMs?: number
}

const defaultQueues: QueueSettings = { interactive: { concurrency: 4 }, bulk: { concurrency: 2 } }

/** Starts one BullMQ worker per queue. Used by `npm run worker` and by tests. */
export function startBullWorkers(platform: Platform, logger: Logger, options: WorkerOptions): RunningWorkers {
  const connection = connectionFor(options.redisUrl)
  const prefix = options.prefix ?? DEFAULT_PREFIX
  const lines = new TenantLines(connection, prefix)
  const catalog = jobCatalog(options.extraJobs)
  const settings = options.queues ?? defaultQueues
  // Failures the processor has logged already; the 'failed' event still reports the others
  // (a job that stalled too often never reaches the processor's catch).
  const logged = new WeakSet<object>()

  const processorFor = (queueName: JobQueueName) => async (job: Job) => {
    const line = lineOf(job.data)
    const registered = findJob(job.name, catalog)
    if (!registered) {
      await lines.leave(queueName, line, String(job.id))
      const error = new UnrecoverableError(`no handler registered for job ${job.name}`)
      logger.error({ job: job.name, jobId: job.id }, error.message)
      logged.add(error)
      throw error
    }
    const attempt = job.attemptsMade + 1
    // The attempts the job was enqueued with decide when BullMQ stops, even if the
    // contract has changed since (a deploy between enqueue and run, a test's short job).
    const maxAttempts = job.opts.attempts ?? registered.contract.attempts
    try {
      await registered.handle(job.data, platform, { attempt, maxAttempts, isLastAttempt: attempt >= maxAttempts })
    } catch (error) {
      logFailedAttempt(logger, { job: job.name, jobId: job.id, attempt, maxAttempts, error })
      const unrecoverable = isUnrecoverable(error)
      if (unrecoverable || attempt >= maxAttempts) await lines.leave(queueName, line, String(job.id))
      const thrown = unrecoverable ? new UnrecoverableError(error instanceof Error ? error.message : String(error)) : error
      if (typeof thrown === 'object' && thrown !== null) logged.add(thrown)
      throw thrown
    }
    await lines.leave(queueName, line, String(job.id))
  }

  const workers = jobQueueNames.map((queueName) => {
    const worker = new Worker(queueName, processorFor(queueName), {
      connection: connection as ConnectionOptions,
      prefix,
      concurrency: settings[queueName].concurrency,
      ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
    })
    worker.on('failed', (job, error) => {
      if (logged.has(error)) return
      logger.warn({ job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'job failed')
      // Failed outside the processor (stalled too often): it will not run again.
      if (job?.id) void lines.leave(queueName, lineOf(job.data), job.id)
    })
    worker.on('error', (error) => logger.error({ queue: queueName, err: error }, 'worker error'))
    return worker
  })
  return {
    async close() {
      await Promise.all(workers.map((worker) => worker.close()))
      connection.disconnect()
    },
  }
}
