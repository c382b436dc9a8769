import type { DatabaseHandle } from '#db/connection'
import type { Env } from './env.server'
import type { JobQueue } from './jobs/job-contract'
import type { Logger } from './logger'
import type { MailTransport } from './mail/mail-transport'
import type { TenantDirectory } from './tenancy/tenant-directory'

/**
 * The long-lived services of one process, built once by an entry point (web server, worker,
 * test) and handed to request and job code. Nothing here is per request.
 */
export interface Platform {
  env: Env
  logger: Logger
  database: DatabaseHandle
  tenants: TenantDirectory
  jobs: JobQueue
  mailer: MailTransport | null
  /** Pings Redis when it is configured, for /readyz. */
  pingRedis: (() => Promise<void>) | null
}
