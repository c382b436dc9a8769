import { Redis } from 'ioredis'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { BullJobQueue } from '#jobs/runtime/bullmq-queue'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { queueSettingsFrom } from '#jobs/runtime/queues'
import type { RegisteredJob } from '#jobs/runtime/registry'
import type { Env } from '#server/env.server'
import { CacheInvalidation } from '#server/cache/cache-invalidation'
import { localFileStore, type FileStore } from '#server/files/file-store'
import { createSubmissionGuard } from '#server/forms/submission-guard'
import { createLogger, type Logger } from '#server/logger'
import { createMailTransport, type MailTransport } from '#server/mail/mail-transport'
import { systemClock, type Clock, type Platform } from '#server/platform'
import { createAttemptLimiter } from '#server/security/rate-limit'
import { TenantDirectory } from '#server/tenancy/tenant-directory'

const INVALIDATION_CHANNEL = 'tenant-invalidate'

export interface RunningPlatform extends Platform {
  close(): Promise<void>
}

/**
 * What a caller brings instead of what the environment would build. Tests pass their own
 * database, clock and fakes here, so they run the same wiring as the server and the worker.
 */
export interface PlatformOverrides {
  logger?: Logger
  /** A database the caller opened and will close: `close()` leaves it open. */
  database?: DatabaseHandle
  clock?: Clock
  /** A mail transport, or null to keep mail in the outbox whatever SMTP_URL says. */
  mailer?: MailTransport | null
  files?: FileStore
  /**
   * The job runtime: by default BullMQ when REDIS_URL is set, in-process otherwise.
   * 'in-process' keeps jobs in this process even with Redis (tests that drain them).
   */
  jobs?: 'in-process' | 'bullmq'
  /** Extra jobs the in-process runtime knows besides the product's own (tests). */
  extraJobs?: readonly RegisteredJob[]
  /** BullMQ key prefix instead of QUEUE_PREFIX; tests give each run its own. */
  queuePrefix?: string
}

/**
 * The one composition root: builds the services of a process (web server, worker or test)
 * from the environment plus overrides. It and the worker's entry are the only modules that
 * pick a concrete job runtime (docs/decisions/003, 075). A new service is added here, once.
 */
export async function createPlatform(env: Env, logger?: Logger, overrides: PlatformOverrides = {}): Promise<RunningPlatform> {
  const log = overrides.logger ?? logger ?? createLogger(env.LOG_LEVEL)
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: `${env.DATA_DIR}/pglite`,
      poolSize: env.DATABASE_POOL_SIZE,
      onIdleConnectionError: (error) => log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    }))

  let publisher: Redis | null = null
  let subscriber: Redis | null = null
  let limits: Redis | null = null
  if (env.REDIS_URL) {
    publisher = new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null })
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'))
    }
    // The rate limits' command connection, shared by every limiter of the process. Without an
    // offline queue a command fails at once while Redis is unreachable and the limiters' memory
    // insurance answers, so an outage neither slows a sign-in nor lifts the limits. The
    // publisher already reports the outage.
    limits = new Redis(env.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: `${env.QUEUE_PREFIX}:rate-limits`,
    })
    limits.on('error', (error) => log.debug({ err: error }, 'rate-limit redis connection error'))
  }

  // Tagged cache invalidation (server/cache/): one call for routes, jobs and webhooks, heard by
  // every process through Redis when it is configured.
  const caches = new CacheInvalidation({
    broadcast: publisher ? (message) => void publisher.publish(INVALIDATION_CHANNEL, message).catch(() => undefined) : undefined,
  })
  const tenants = new TenantDirectory(database, {
    platformDomains: env.PLATFORM_DOMAINS,
    masterOrgId: env.MASTER_ORG_ID,
    ttlMs: env.TENANT_CACHE_TTL_SECONDS * 1000,
    caches,
  })
  if (subscriber) {
    subscriber.on('message', (_channel, message: string) => caches.applyRemote(message))
    // Not awaited: with Redis down this would wait for ever and the server would never start.
    // ioredis subscribes once it connects (and again after every reconnect); /readyz says
    // Redis is unreachable meanwhile.
    subscriber.subscribe(INVALIDATION_CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'redis subscribe failed'))
  }

  const queueSettings = queueSettingsFrom(env)
  const useBull = overrides.jobs ? overrides.jobs === 'bullmq' : Boolean(env.REDIS_URL)
  if (useBull && !env.REDIS_URL) throw new Error('the BullMQ job runtime needs REDIS_URL')
  const platform: RunningPlatform = {
    env,
    logger: log,
    clock: overrides.clock ?? systemClock,
    database,
    tenants,
    caches,
    jobs:
      useBull && env.REDIS_URL
        ? new BullJobQueue({ redisUrl: env.REDIS_URL, prefix: overrides.queuePrefix ?? env.QUEUE_PREFIX })
        : new InProcessJobQueue(() => platform, log, { queues: queueSettings, extraJobs: overrides.extraJobs }),
    mailer: overrides.mailer !== undefined ? overrides.mailer : createMailTransport(env.SMTP_URL),
    files: overrides.files ?? localFileStore(env),
    attemptLimiter: createAttemptLimiter({ redis: limits, prefix: env.QUEUE_PREFIX }),
    submissionGuard: createSubmissionGuard({ redis: limits }),
    pingRedis: publisher
      ? async () => {
          await publisher.ping()
        }
      : null,
    async close() {
      await platform.jobs.close()
      platform.mailer?.close()
      subscriber?.disconnect()
      publisher?.disconnect()
      limits?.disconnect()
      if (!overrides.database) await database.close()
    },
  }
  return platform
}
