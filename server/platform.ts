import type { DatabaseHandle } from '#db/connection'
import type { CacheInvalidation } from '#server/cache/cache-invalidation'
import type { Env } from './env.server'
import type { FileStore } from './files/file-store'
import type { SubmissionGuard } from './forms/submission-guard'
import type { JobQueue } from './jobs/job-contract'
import type { Logger } from './logger'
import type { MailTransport } from './mail/mail-transport'
import type { AttemptLimiter } from './security/rate-limit'
import type { TenantDirectory } from './tenancy/tenant-directory'

/** Where code that must know the time asks for it, so a test can hold time still. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/**
 * The long-lived services of one process, built once by `createPlatform`
 * (server/boot/create-platform.ts) for the web server, the worker and the tests alike, and
 * handed to request and job code. Nothing here is per request.
 */
export interface Platform {
  env: Env
  logger: Logger
  clock: Clock
  database: DatabaseHandle
  tenants: TenantDirectory
  /** Says which cached data of a tenant changed (server/cache/cache-invalidation.ts). */
  caches: CacheInvalidation
  jobs: JobQueue
  mailer: MailTransport | null
  /** Private tenant files (generated PDFs, exports). */
  files: FileStore
  /** Counts sign-in, registration and reset attempts (server/security/rate-limit.ts). */
  attemptLimiter: AttemptLimiter
  /** Spent bot-check challenges and no-script posts of the public forms (server/forms/submission-guard.ts). */
  submissionGuard: SubmissionGuard
  /** Pings Redis when it is configured, for /readyz. */
  pingRedis: (() => Promise<void>) | null
}
