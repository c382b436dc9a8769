import { withTenant } from '#db/tenant-scope'
import { contactActivityReportJob, contactActivityReportJobId } from '#jobs/contact-activity-report'
import type { ActivityReportStatus } from '#db/types'
import { err, ok, type Result } from '#server/errors/result'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import type { Language } from '#server/i18n/languages'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { contactDisplayName } from '#server/contacts/actions/action-target'
import { activityReportFileName } from './activity-report-file'
import { isUuid } from '#server/text/is-uuid'

/** How long a report may stay in progress before the page queues its job again (its run was lost with an in-process queue). */
const REQUEUE_AFTER_MS = 30_000

export interface ActivityReportState {
  id: string
  status: ActivityReportStatus
  error: string | null
  requestedAt: string
}

/**
 * 'Activity report' (website spec 7: GET cform/pdf/cactivityreport/{id}): records a report in
 * progress and queues the job that renders it. A report still in progress for this contact is
 * answered instead of a second one, so a double click makes one PDF.
 */
export async function requestActivityReport(
  platform: Pick<Platform, 'database' | 'jobs'>,
  input: { tenant: Tenant; unverifiedGuid: unknown; actorContactId: string },
): Promise<Result<{ reportId: string }, 'not_found'>> {
  const guid = parseContactGuid(input.unverifiedGuid)
  if (!guid) return err('not_found')
  const reportId = await withTenant(platform.database, input.tenant.id, async (trx) => {
    const contact = await trx.selectFrom('contacts').select('id').where('guid', '=', guid).forUpdate().executeTakeFirst()
    if (!contact) return null
    const running = await trx
      .selectFrom('contact_activity_reports')
      .select('id')
      .where('contact_id', '=', contact.id)
      .where('status', '=', 'IN_PROGRESS')
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    if (running) return running.id
    const created = await trx
      .insertInto('contact_activity_reports')
      .values({ tenant_id: input.tenant.id, contact_id: contact.id, requested_by: input.actorContactId })
      .returning('id')
      .executeTakeFirstOrThrow()
    return created.id
  })
  if (!reportId) return err('not_found')
  await queueReport(platform, input.tenant.id, reportId)
  return ok({ reportId })
}

/** The contact's newest report, or null; one stuck in progress is queued again (the job id keeps it to one run). */
export async function latestActivityReport(platform: Pick<Platform, 'database' | 'jobs' | 'clock'>, tenant: Tenant, contactId: string): Promise<ActivityReportState | null> {
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('contact_activity_reports')
      .select(['id', 'status', 'error', 'created_at', 'updated_at'])
      .where('contact_id', '=', contactId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
  )
  if (!row) return null
  if (row.status === 'IN_PROGRESS' && platform.clock.now().getTime() - new Date(row.updated_at).getTime() > REQUEUE_AFTER_MS) {
    await queueReport(platform, tenant.id, row.id)
  }
  return { id: row.id, status: row.status, error: row.error, requestedAt: new Date(row.created_at).toISOString() }
}

/**
 * A finished report's PDF, for the download route: only when the report belongs to this
 * contact in this tenant (another tenant's ids find nothing under its row-level security).
 */
export async function openActivityReport(
  platform: Pick<Platform, 'database' | 'env'> & { files?: Platform['files'] },
  input: { tenant: Tenant; unverifiedGuid: unknown; unverifiedReportId: unknown; language?: Language },
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const guid = parseContactGuid(input.unverifiedGuid)
  const reportId = typeof input.unverifiedReportId === 'string' && isUuid(input.unverifiedReportId) ? input.unverifiedReportId.toLowerCase() : null
  if (!guid || !reportId) return null
  const row = await withTenant(platform.database, input.tenant.id, (trx) =>
    trx
      .selectFrom('contact_activity_reports as report')
      .innerJoin('contacts', 'contacts.id', 'report.contact_id')
      .select(['report.status', 'report.file_key', 'contacts.first_name', 'contacts.last_name', 'contacts.email'])
      .where('report.id', '=', reportId)
      .where('contacts.guid', '=', guid)
      .executeTakeFirst(),
  )
  if (!row || row.status !== 'COMPLETE' || !row.file_key) return null
  const bytes = await fileStoreFor(platform).get(input.tenant.id, row.file_key)
  return bytes ? { fileName: activityReportFileName(contactDisplayName(row.first_name, row.last_name, row.email), input.language), bytes } : null
}

async function queueReport(platform: Pick<Platform, 'jobs'>, tenantId: string, reportId: string): Promise<void> {
  await platform.jobs.enqueue(contactActivityReportJob, { reportId, tenantId }, { jobId: contactActivityReportJobId(reportId) })
}
