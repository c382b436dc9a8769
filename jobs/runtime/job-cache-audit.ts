import { auditCacheWrites, UndeclaredCacheWriteError } from '#server/cache/write-audit'
import { UnrecoverableJobError } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { lineOf, PLATFORM_LINE } from './queues'

/**
 * Runs a job's handler under the cache write audit (server/cache/write-audit.ts). A job that
 * wrote data behind a cached page without declaring its tags has done its work, but pages may
 * now be stale: the tenant's caches are dropped whole and the mistake is logged; under test
 * the job fails (without retry), so the test that ran it fails. Production does not audit.
 */
export async function auditJobCacheWrites(jobName: string, payload: unknown, platform: Platform, run: () => Promise<void>): Promise<void> {
  // Not in production: the audit's AsyncLocalStorage slows every promise of the process.
  if (platform.env.isProduction) return run()
  const { undeclared } = await auditCacheWrites(run)
  if (undeclared.length === 0) return
  const line = lineOf(payload)
  const tenantId = line === PLATFORM_LINE ? null : line
  if (tenantId) platform.caches.changedAll(tenantId)
  const error = new UndeclaredCacheWriteError(`job ${jobName}`, undeclared)
  platform.logger.error({ job: jobName, tenantId, undeclared }, error.message)
  if (platform.env.NODE_ENV === 'test') throw new UnrecoverableJobError(error.message)
}
