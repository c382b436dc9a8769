import { withTenant } from '#db/tenant-scope'
import { mailingListResyncJob, mailingListResyncJobId } from '#jobs/mailing-list-resync'
import type { JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { memberOf, nextCursor } from './contact-member'
import { MAILCHIMP_BATCH_LIMIT } from './mailchimp-client'
import { connectedList } from './mailing-list-store'
import { ProviderGaveUp, sendWithBackoff } from './send-with-backoff'

export interface ResyncRunOptions {
  /** Members per provider call (Mailchimp takes 500 at most). */
  batchSize?: number
  /** After this long a run stops at a batch boundary and queues its continuation (decision 076). */
  runBudgetMs?: number
  /** How the run waits between tries of a rate-limited call (tests hold time still). */
  sleep?: (ms: number) => Promise<void>
  /** Called after each batch is committed; a test makes the run die here, as a killed worker would. */
  afterBatch?: (done: number) => void | Promise<void>
}

const RUN_BUDGET_MS = 10_000

export const RESYNC_FAILURES = {
  notConnected: 'The mailing list is no longer set up, or its API Key can no longer be read. Save the key again, then resync.',
  unexpected: 'The resync stopped on an unexpected error. The contacts counted as done were sent; please resync again.',
} as const

type ResyncPlatform = Pick<Platform, 'database' | 'env' | 'jobs'>

/**
 * The resync job's work: the studio's contacts who agreed to the mailing list and are not
 * archived, in contact id order, sent to the provider's batch endpoint a batch at a time. After
 * the provider takes a batch, the cursor (its last contact id) and the counts are committed,
 * only if the run is still this run and the cursor is where this run left it; so a run killed
 * midway resumes after its last committed batch and each contact is sent once per run, and a
 * duplicate delivery of the same job stops at its first batch. Rate limits and the provider's
 * own trouble are retried with backoff; when the tries are spent the run is marked failed
 * with the reason. Members the provider refuses one by one are counted, not fatal.
 */
export async function runMailingListResync(platform: ResyncPlatform, payload: { tenantId: string; runId: string }, context: JobContext, options: ResyncRunOptions = {}): Promise<void> {
  const { tenantId, runId } = payload
  const batchSize = Math.min(options.batchSize ?? MAILCHIMP_BATCH_LIMIT, MAILCHIMP_BATCH_LIMIT)
  const budget = options.runBudgetMs ?? RUN_BUDGET_MS
  const started = Date.now()

  const run = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select(['status', 'run_id', 'sync_cursor']).executeTakeFirst())
  // Gone, finished, or replaced by a newer run: a late or duplicate delivery has nothing to do.
  if (!run || run.run_id !== runId || run.status !== 'in_progress') return

  try {
    const list = await connectedList(platform, tenantId)
    if (!list) {
      await finishRun(platform, payload, 'failed', RESYNC_FAILURES.notConnected)
      return
    }
    let cursor = run.sync_cursor
    for (;;) {
      const batch = await withTenant(platform.database, tenantId, (trx) => {
        let query = trx
          .selectFrom('contacts')
          .select(['id', 'email', 'first_name', 'last_name', 'subscribe_to_mailing_list', 'is_archived'])
          .where('subscribe_to_mailing_list', '=', true)
          .where('is_archived', '=', false)
          .where('email', 'is not', null)
        if (cursor !== null) query = query.where('id', '>', cursor)
        return query.orderBy('id').limit(batchSize).execute()
      })
      if (batch.length === 0) {
        await finishRun(platform, payload, 'complete', null)
        return
      }
      const members = batch.flatMap((contact) => (contact.email ? [memberOf({ ...contact, email: contact.email })] : []))
      const answer = await sendWithBackoff(() => list.client.batchMembers(list.listId, members), { sleep: options.sleep })
      const firstError = answer.errors[0]
      const after = nextCursor(batch, cursor)
      const committed = await withTenant(platform.database, tenantId, (trx) => {
        let update = trx
          .updateTable('mailing_lists')
          .set((eb) => ({
            sync_cursor: after,
            sync_done: eb('sync_done', '+', batch.length),
            member_errors: eb('member_errors', '+', Math.max(answer.error_count, answer.errors.length)),
            ...(firstError ? { last_member_error: `${firstError.email_address}: ${firstError.error}`.slice(0, 500) } : {}),
            updated_at: new Date(),
          }))
          .where('run_id', '=', runId)
          .where('status', '=', 'in_progress')
        update = cursor === null ? update.where('sync_cursor', 'is', null) : update.where('sync_cursor', '=', cursor)
        return update.executeTakeFirst()
      })
      // Another delivery of this run got there first, or the run was replaced: this one stops.
      if (Number(committed.numUpdatedRows) === 0) return
      cursor = after
      await options.afterBatch?.(batch.length)
      if (Date.now() - started >= budget) {
        // A bounded run: the rest goes to the back of the studio's line in the bulk queue.
        await platform.jobs.enqueue(mailingListResyncJob, payload, { jobId: mailingListResyncJobId(runId, cursor) })
        return
      }
    }
  } catch (error) {
    if (error instanceof ProviderGaveUp) {
      await finishRun(platform, payload, 'failed', error.message)
      return
    }
    if (context.isLastAttempt) await finishRun(platform, payload, 'failed', RESYNC_FAILURES.unexpected)
    throw error
  }
}

async function finishRun(platform: Pick<Platform, 'database'>, run: { tenantId: string; runId: string }, status: 'complete' | 'failed', failure: string | null): Promise<void> {
  await withTenant(platform.database, run.tenantId, (trx) =>
    trx
      .updateTable('mailing_lists')
      .set({ status, failure, finished_at: new Date(), updated_at: new Date() })
      .where('run_id', '=', run.runId)
      .where('status', '=', 'in_progress')
      .execute(),
  )
}
