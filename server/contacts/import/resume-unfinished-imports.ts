import { asSystem } from '#db/tenant-scope'
import { contactImportJob, contactImportJobId } from '#jobs/contact-import'
import type { Platform } from '#server/platform'

/**
 * In-process jobs live in the server's memory, so an import that was queued or running when the
 * server stopped has nobody working on it once it starts again. The server queues each one
 * again at start-up; a run skips the rows its import has already committed, so nobody is added
 * twice. (With BullMQ, Redis keeps the jobs and a stalled one is run again on its own.)
 */
export async function resumeUnfinishedImports(platform: Pick<Platform, 'database' | 'jobs' | 'logger'>): Promise<number> {
  const unfinished = await asSystem(platform.database, 'queue again the contact imports an in-process server was running when it stopped', (trx) =>
    trx.selectFrom('contact_imports').select(['id', 'tenant_id', 'rows_done']).where('status', 'in', ['queued', 'running']).execute(),
  )
  for (const row of unfinished) {
    await platform.jobs.enqueue(contactImportJob, { tenantId: row.tenant_id, importId: row.id }, { jobId: contactImportJobId(row.id, row.rows_done) })
  }
  if (unfinished.length > 0) platform.logger.info({ imports: unfinished.length }, 'contact imports queued again after a restart')
  return unfinished.length
}
