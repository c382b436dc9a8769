import type { Redis } from 'ioredis'
import type { JobQueueName } from '#server/jobs/job-contract'
import { turnFor } from './queues'

/**
 * Each tenant's line in each BullMQ queue: a sorted set of the ids of its jobs that are
 * waiting or running, scored by when they joined. A job's place in it when added is its
 * turn (its BullMQ priority); the worker removes it when the job ends for good. Entries of
 * jobs that vanished without ending (removed by hand, stalled for good) stop counting after
 * a day, and an idle tenant's line expires with them.
 */
const FORGET_AFTER_MS = 24 * 3600 * 1000

export class TenantLines {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  #key(queue: JobQueueName, line: string): string {
    return `${this.prefix}:turns:${queue}:${line}`
  }

  /**
   * Joins the line with jobs, in the given order and in one round trip (again, for the same job
   * id, is a no-op), and returns their turns in that order.
   */
  async join(queue: JobQueueName, line: string, jobIds: readonly string[]): Promise<number[]> {
    if (jobIds.length === 0) return []
    const key = this.#key(queue, line)
    const now = Date.now()
    const multi = this.redis.multi().zremrangebyscore(key, '-inf', now - FORGET_AFTER_MS)
    for (const jobId of jobIds) multi.zadd(key, 'NX', now, jobId).zcard(key)
    const replies = await multi.pexpire(key, FORGET_AFTER_MS).exec()
    if (!replies) throw new Error('no reply from Redis')
    return jobIds.map((_, index) => {
      const [error, count] = replies[2 + index * 2] ?? [new Error('no reply from Redis'), 0]
      if (error) throw error
      return turnFor(Number(count))
    })
  }

  /** Best effort: an entry Redis did not take back stops counting after a day anyway. */
  async leave(queue: JobQueueName, line: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.#key(queue, line), jobId).catch(() => undefined)
  }
}
