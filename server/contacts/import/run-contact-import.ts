import { sql } from 'kysely'
import { contactLimitMessage } from '#server/plans/plan-limits'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { contactImportJob, contactImportJobId } from '#jobs/contact-import'
import { listCustomFields } from '#server/custom-fields/list-custom-fields'
import { fileStoreFor } from '#server/files/file-store'
import { UnrecoverableJobError, type JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { NotUtf8Error } from './csv-reader'
import { importRows, readImportFile } from './import-file'
import { readImportRow } from './import-row'
import { countOutcomes, planBatch, type BatchRow, type ContactWrite, type OnDuplicate, type RowOutcome } from './plan-batch'
import { planFor } from './preview-import'
import { contactsByEmail, writeBatch } from './write-batch'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { queueMailingListPushes } from '#server/mailing-list/push-contact'

export interface ImportRunOptions {
  /** Rows written per transaction. */
  batchSize?: number
  /** After this long a run stops at a batch boundary and queues its continuation (decision 076). */
  runBudgetMs?: number
}

export const IMPORT_BATCH_SIZE = 500
const RUN_BUDGET_MS = 10_000
/** Values kept with a refused row, each cut to this length (an unclosed quote can swallow the rest of a file). */
const MAX_KEPT_VALUE = 5000

export const IMPORT_FAILURES = {
  fileMissing: 'The uploaded file is no longer available. Please upload it again.',
  notUtf8: 'The file is not UTF-8 text.',
  unexpected: 'The import stopped on an unexpected error. The rows counted as done are saved; please try the remaining rows again.',
} as const

/** Thrown inside a batch when another run of the same import got there first: this run stops. */
class OvertakenError extends Error {}

/**
 * The import job's work. Rows are read from the stored file and written in batches, each in
 * one transaction together with the import's progress (rows done and the counts), so that
 * whatever stops a run (a crash, a deploy, a retry) the next run skips exactly the rows that
 * were committed: nobody is added twice. Each batch first locks the import's row and checks
 * that the progress is where this run left it, so two runs of the same import (a stalled job
 * run again while the first still works) never write the same rows.
 */
export async function runContactImport(
  platform: Pick<Platform, 'database' | 'env' | 'files' | 'jobs' | 'tenants' | 'clock' | 'caches' | 'logger'>,
  payload: { tenantId: string; importId: string },
  context: JobContext,
  options: ImportRunOptions = {},
): Promise<void> {
  const { tenantId, importId } = payload
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE
  const budget = options.runBudgetMs ?? RUN_BUDGET_MS
  const started = Date.now()

  const tenant = await platform.tenants.findById(tenantId)
  const loaded = await withTenant(platform.database, tenantId, async (trx) => {
    const row = await trx.selectFrom('contact_imports').selectAll().where('id', '=', importId).executeTakeFirst()
    if (!row || row.status === 'mapping' || row.status === 'done' || row.status === 'failed') return row ?? null
    if (row.status === 'queued') {
      await trx.updateTable('contact_imports').set({ status: 'running', started_at: new Date() }).where('id', '=', importId).where('status', '=', 'queued').execute()
    }
    return { ...row, fields: await listCustomFields(trx) }
  })
  if (!tenant || !loaded) throw new UnrecoverableJobError(`contact import ${importId} not found in tenant ${tenantId}`)
  // Finished, or not started by a person yet: nothing to do (a late duplicate delivery).
  if (!('fields' in loaded)) return

  try {
    const bytes = await readImportFile(fileStoreFor(platform), tenantId, importId)
    if (!bytes) throw new UnrecoverableJobError(IMPORT_FAILURES.fileMissing)
    const read = importRows(bytes, loaded.delimiter)
    if (!read) throw new UnrecoverableJobError(IMPORT_FAILURES.fileMissing)
    const plan = planFor(tenant, { header: loaded.header, mapping: loaded.mapping, fields: loaded.fields }, platform.clock.now())
    let rowsDone = loaded.rows_done
    let batch: BatchRow[] = []
    let values = new Map<number, string[]>()

    const flush = async () => {
      if (batch.length === 0) return
      const committed = await commitBatch(platform, { tenantId, importId, expectedDone: rowsDone, onDuplicate: loaded.on_duplicate }, batch, values)
      rowsDone = committed.rowsDone
      await queueMailingListPushes(platform, tenantId, committed.subscribers)
      batch = []
      values = new Map()
    }

    for (const { rowNumber, record } of read.rows) {
      if (rowNumber <= rowsDone) continue
      const reading = readImportRow(record, plan)
      batch.push({ rowNumber, reading })
      // Kept for every row: a row can also be refused later, when the batch is planned.
      values.set(rowNumber, record.fields.map((value) => value.slice(0, MAX_KEPT_VALUE)))
      if (batch.length < batchSize) continue
      await flush()
      if (Date.now() - started >= budget) {
        // A bounded run: the rest goes to the back of the tenant's line in the bulk queue.
        await platform.jobs.enqueue(contactImportJob, payload, { jobId: contactImportJobId(importId, rowsDone) })
        return
      }
    }
    await flush()
    await withTenant(platform.database, tenantId, (trx) =>
      trx
        .updateTable('contact_imports')
        .set({ status: 'done', finished_at: new Date(), total_rows: rowsDone, failure: null })
        .where('id', '=', importId)
        .where('status', 'in', ['queued', 'running'])
        .execute(),
    )
  } catch (error) {
    if (error instanceof OvertakenError) return
    // Past the plan's contact limit: the batch that crossed it is not written; earlier batches stay.
    const planLimit = contactLimitMessage(error)
    const unrecoverable = error instanceof UnrecoverableJobError || error instanceof NotUtf8Error || planLimit !== null
    if (unrecoverable || context.isLastAttempt) {
      const failure = planLimit ?? (error instanceof NotUtf8Error ? IMPORT_FAILURES.notUtf8 : error instanceof UnrecoverableJobError ? error.message : IMPORT_FAILURES.unexpected)
      await withTenant(platform.database, tenantId, (trx) =>
        trx.updateTable('contact_imports').set({ status: 'failed', failure, finished_at: new Date() }).where('id', '=', importId).execute(),
      )
    }
    if (error instanceof NotUtf8Error) throw new UnrecoverableJobError(error.message)
    if (planLimit) throw new UnrecoverableJobError(planLimit)
    throw error
  }
}

/**
 * Writes one batch and advances the progress in the same transaction; returns the new rows done
 * and the batch's contacts the mailing list must hear about.
 */
async function commitBatch(
  platform: Pick<Platform, 'database' | 'caches'>,
  run: { tenantId: string; importId: string; expectedDone: number; onDuplicate: OnDuplicate },
  batch: BatchRow[],
  values: Map<number, string[]>,
): Promise<{ rowsDone: number; subscribers: string[] }> {
  const last = batch[batch.length - 1]?.rowNumber ?? run.expectedDone
  return writeContactBook(platform, run.tenantId, async (trx) => {
    const progress = await trx.selectFrom('contact_imports').select(['rows_done', 'status']).where('id', '=', run.importId).forUpdate().executeTakeFirst()
    if (!progress || progress.rows_done !== run.expectedDone || progress.status !== 'running') throw new OvertakenError()
    const outcomes = await writeRows(trx, run, batch)
    const errors = outcomes.flatMap(({ rowNumber, outcome }) => (outcome.kind === 'error' ? [{ rowNumber, message: outcome.message }] : []))
    if (errors.length > 0) {
      await sql`insert into contact_import_errors (tenant_id, import_id, row_number, message, row_values)
        select ${run.tenantId}::uuid, ${run.importId}::uuid, e.row_number, e.message, e.row_values
        from jsonb_to_recordset(${JSON.stringify(errors.map((e) => ({ row_number: e.rowNumber, message: e.message, row_values: values.get(e.rowNumber) ?? [] })))}::jsonb)
          as e(row_number int, message text, row_values jsonb)
        on conflict do nothing`.execute(trx)
    }
    const counts = countOutcomes(outcomes)
    await trx
      .updateTable('contact_imports')
      .set((eb) => ({
        rows_done: last,
        created_count: eb('created_count', '+', counts.created),
        updated_count: eb('updated_count', '+', counts.updated),
        skipped_count: eb('skipped_count', '+', counts.skipped),
        error_count: eb('error_count', '+', counts.errors),
      }))
      .where('id', '=', run.importId)
      .execute()
    // An import cannot give consent, so only contacts who already agreed are sent: an update may
    // have changed their email or name.
    const written = outcomes.flatMap(({ outcome }) => (outcome.kind === 'create' || outcome.kind === 'update' ? [outcome.contactId] : []))
    const subscribers =
      written.length === 0
        ? []
        : await trx
            .selectFrom('contacts')
            .select('id')
            .where(sql<boolean>`id = any(${written}::uuid[])`)
            .where('email', 'is not', null)
            .where('subscribe_to_mailing_list', '=', true)
            .execute()
    return { rowsDone: last, subscribers: subscribers.map((row) => row.id) }
  })
}

/**
 * Plans the batch against the contacts that exist now and writes it. A new contact whose email
 * someone added between the look-up and the insert (the unique email index let it through
 * once) becomes what the person chose for duplicates: an update of that contact, or a skip.
 */
async function writeRows(trx: TenantExecutor, run: { tenantId: string; onDuplicate: OnDuplicate }, batch: BatchRow[]) {
  const emails = batch.flatMap(({ reading }) => (reading.ok && reading.value.email ? [reading.value.email] : []))
  const plan = planBatch(batch, await contactsByEmail(trx, emails), run.onDuplicate)
  const { notInserted } = await writeBatch(trx, run.tenantId, plan)
  if (notInserted.length === 0) return plan.outcomes
  const taken = await contactsByEmail(trx, notInserted.flatMap((write) => (write.email ? [write.email] : [])))
  const becomes = new Map<string, RowOutcome>()
  const updates: ContactWrite[] = []
  for (const write of notInserted) {
    const existingId = write.email ? taken.get(write.email) : undefined
    if (run.onDuplicate === 'update' && existingId) {
      updates.push({ ...write, id: existingId })
      becomes.set(write.id, { kind: 'update', contactId: existingId })
    } else becomes.set(write.id, { kind: 'skip' })
  }
  await writeBatch(trx, run.tenantId, { creates: [], updates })
  return plan.outcomes.map((entry) => {
    const { outcome } = entry
    const changed = outcome.kind === 'create' || outcome.kind === 'update' ? becomes.get(outcome.contactId) : undefined
    if (!changed) return entry
    return { rowNumber: entry.rowNumber, outcome: changed }
  })
}
