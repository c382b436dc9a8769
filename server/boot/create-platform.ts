import { Redis } from 'ioredis'
import { openDatabase, type DatabaseHandle } from '#db/connection'
import { BullJobQueue } from '#jobs/runtime/bullmq-queue'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import type { Env } from '../env.server'
import type { Logger } from '../logger'
import { createMailTransport } from '../mail/mail-transport'
import type { Platform } from '../platform'
import { TenantDirectory } from '../tenancy/tenant-directory'

const INVALIDATION_CHANNEL = 'tenant-invalidate'

export interface RunningPlatform extends Platform {
  close(): Promise<void>
}

export interface PlatformOverrides {
  database?: DatabaseHandle
  /** BullMQ key prefix; tests give each run its own. */
  queuePrefix?: string
}

/**
 * Builds the services of one process. This module and the worker entry are the composition
 * roots: the only server modules that pick concrete job runtimes (see docs/decisions/003).
 */
export async function createPlatform(env: Env, logger: Logger, overrides: PlatformOverrides = {}): Promise<RunningPlatform> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: `${env.DATA_DIR}/pglite`,
      poolSize: env.DATABASE_POOL_SIZE,
      onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    }))

  let publisher: Redis | null = null
  let subscriber: Redis | null = null
  if (env.REDIS_URL) {
    publisher = new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null })
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'))
    }
  }

  const tenants = new TenantDirectory(database, {
    platformDomains: env.PLATFORM_DOMAINS,
    masterOrgId: env.MASTER_ORG_ID,
    ttlMs: env.TENANT_CACHE_TTL_SECONDS * 1000,
    broadcastInvalidation: publisher
      ? (tenantId) => void publisher.publish(INVALIDATION_CHANNEL, tenantId).catch(() => undefined)
      : undefined,
  })
  if (subscriber) {
    subscriber.on('message', (_channel, tenantId: string) => tenants.dropLocal(tenantId))
    // Not awaited: with Redis down this would wait for ever and the server would never start.
    // ioredis subscribes once it connects (and again after every reconnect); /readyz says
    // Redis is unreachable meanwhile.
    subscriber.subscribe(INVALIDATION_CHANNEL).catch((error: unknown) => logger.warn({ err: error }, 'redis subscribe failed'))
  }

  const platform: RunningPlatform = {
    env,
    logger,
    database,
    tenants,
    jobs: env.REDIS_URL
      ? new BullJobQueue({ redisUrl: env.REDIS_URL, prefix: overrides.queuePrefix ?? env.QUEUE_PREFIX })
      : new InProcessJobQueue(() => platform, logger),
    mailer: createMailTransport(env.SMTP_URL),
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
      if (!overrides.database) await database.close()
    },
  }
  return platform
}
