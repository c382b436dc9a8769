import { Queue, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import {
  UnrecoverableJobError,
  type EnqueueOptions,
  type JobContract,
  type JobQueue,
} from '#server/jobs/job-contract'
import type { Logger } from '#server/logger'
import type { Platform } from '#server/platform'
import { registeredJobs } from './registry'

export interface BullOptions {
  redisUrl: string
  /** Key prefix, so tests and several deployments can share one Redis. */
  prefix?: string
  /** How long enqueue waits for Redis before it gives up (default 5 s). */
  enqueueTimeoutMs?: number
}

function connectionFor(redisUrl: string): Redis {
  // Workers block on Redis; BullMQ requires unlimited retries per request for them.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false })
  // ioredis reconnects by itself, and the queues and workers on this connection report errors
  // through their own listeners; without one here ioredis prints every failed reconnect.
  connection.on('error', () => undefined)
  return connection
}

/** Adds jobs to BullMQ queues (one per job name); `npm run worker` processes them. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const
  readonly #queues = new Map<string, Queue>()
  readonly #connection: Redis

  constructor(private readonly options: BullOptions) {
    this.#connection = connectionFor(options.redisUrl)
  }

  async enqueue<P>(job: JobContract<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    const data = job.payload.parse(payload)
    const added = this.#queue(job.name).add(job.name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: job.attempts,
      backoff: { type: 'exponential', delay: job.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    })
    // BullMQ waits for Redis for ever; a request that enqueues must not. The add may still land
    // once Redis is back, which is fine: handlers are idempotent and the record is in Postgres.
    const timeoutMs = this.options.enqueueTimeoutMs ?? 5000
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the job queue (Redis) did not answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([added, timedOut])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The BullMQ queue of a job, for tests and tools (counts, waiting jobs). */
  queueFor(name: string): Queue {
    return this.#queue(name)
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()))
    this.#connection.disconnect()
  }

  #queue(name: string): Queue {
    let queue = this.#queues.get(name)
    if (!queue) {
      queue = new Queue(name, { connection: this.#connection as ConnectionOptions, prefix: this.options.prefix })
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

/** Starts one BullMQ worker per registered job. Used by `npm run worker` and by tests. */
export function startBullWorkers(
  platform: Platform,
  logger: Logger,
  options: BullOptions & { concurrency?: number },
): RunningWorkers {
  const connection = connectionFor(options.redisUrl)
  const workers = registeredJobs.map((registered) => {
    const { contract } = registered
    const worker = new Worker(
      contract.name,
      async (job) => {
        const attempt = job.attemptsMade + 1
        // The attempts the job was enqueued with decide when BullMQ stops, even if the
        // contract has changed since (a deploy between enqueue and run, a test's short job).
        const maxAttempts = job.opts.attempts ?? contract.attempts
        try {
          await registered.handle(job.data, platform, {
            attempt,
            maxAttempts,
            isLastAttempt: attempt >= maxAttempts,
          })
        } catch (error) {
          if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message)
          throw error
        }
      },
      { connection: connection as ConnectionOptions, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
    )
    worker.on('failed', (job, error) =>
      logger.warn({ job: contract.name, jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'job attempt failed'),
    )
    worker.on('error', (error) => logger.error({ job: contract.name, err: error }, 'worker error'))
    return worker
  })
  return {
    async close() {
      await Promise.all(workers.map((worker) => worker.close()))
      connection.disconnect()
    },
  }
}
