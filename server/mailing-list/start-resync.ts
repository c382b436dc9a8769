import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { asSystem, withTenant } from '#db/tenant-scope'
import { mailingListResyncJob, mailingListResyncJobId } from '#jobs/mailing-list-resync'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { MAILING_LIST_MESSAGES } from './mailing-list-form'

/**
 * Starts a resync: one update moves the list to in_progress from any other status, with a new
 * run id, the number of contacts to send and the progress at zero. Postgres holds the row lock
 * while it checks the status, so of two starts at once the second sees in_progress and starts
 * nothing ('resync is already in progress'), whatever page or process it came from.
 */
export async function startResync(platform: Pick<Platform, 'database' | 'jobs'>, tenantId: string, now: Date): Promise<WordedResult<{ runId: string; total: number }, 'conflict' | 'not_found'>> {
  const runId = randomUUID()
  const started = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('mailing_lists')
      .set({
        status: 'in_progress',
        run_id: runId,
        sync_total: sql<number>`(select count(*)::int from contacts where tenant_id = mailing_lists.tenant_id and subscribe_to_mailing_list and not is_archived and email is not null)`,
        sync_done: 0,
        sync_cursor: null,
        member_errors: 0,
        last_member_error: null,
        failure: null,
        started_at: now,
        finished_at: null,
        updated_at: now,
      })
      .where('status', '<>', 'in_progress')
      .returning(['sync_total'])
      .executeTakeFirst(),
  )
  if (!started) {
    const exists = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select('status').executeTakeFirst())
    return exists ? err('conflict', MAILING_LIST_MESSAGES.resyncRunning) : err('not_found', MAILING_LIST_MESSAGES.nothing)
  }
  await platform.jobs.enqueue(mailingListResyncJob, { tenantId, runId }, { jobId: mailingListResyncJobId(runId, null) })
  return ok({ runId, total: started.sync_total })
}

/**
 * Queues again the resyncs an in-process server was running when it stopped (with BullMQ,
 * Redis keeps the job and a stalled one runs again on its own). A run resumes after its cursor.
 */
export async function resumeUnfinishedResyncs(platform: Pick<Platform, 'database' | 'jobs' | 'logger'>): Promise<number> {
  const unfinished = await asSystem(platform.database, 'queue again the mailing-list resyncs an in-process server was running when it stopped', (trx) =>
    trx.selectFrom('mailing_lists').select(['tenant_id', 'run_id', 'sync_cursor']).where('status', '=', 'in_progress').where('run_id', 'is not', null).execute(),
  )
  for (const row of unfinished) {
    if (row.run_id) await platform.jobs.enqueue(mailingListResyncJob, { tenantId: row.tenant_id, runId: row.run_id }, { jobId: mailingListResyncJobId(row.run_id, row.sync_cursor) })
  }
  if (unfinished.length > 0) platform.logger.info({ resyncs: unfinished.length }, 'mailing-list resyncs queued again after a restart')
  return unfinished.length
}
