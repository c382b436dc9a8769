import { withTenant } from '#db/tenant-scope'
import { UnrecoverableJobError, type JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { fileStoreFor } from '#server/files/file-store'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { readTenantSettings } from '#server/tenancy/tenant-settings'
import { contactDisplayName } from '#server/contacts/actions/action-target'
import { ACTIVITY_REPORT_MAX_ENTRIES, activityReportKey } from './activity-report-file'
import { reportDetails } from './report-details'
import { renderActivityReportPdf } from './render-activity-report-pdf'

/**
 * The activity report job's work, idempotent like the form copies': the file's key is fixed by
 * the report and written whole or not at all, and a retry that finds it only records COMPLETE.
 * The tenant is checked again here: the report is read under the payload's tenant only, so a
 * payload naming another tenant's report finds nothing and stops.
 */
export async function generateActivityReport(
  platform: Pick<Platform, 'database' | 'env' | 'logger' | 'clock'> & { files?: Platform['files'] },
  payload: { reportId: string; tenantId: string },
  context: JobContext,
): Promise<void> {
  const { reportId, tenantId } = payload
  const loaded = await withTenant(platform.database, tenantId, async (trx) => {
    const report = await trx.selectFrom('contact_activity_reports').select(['id', 'contact_id', 'requested_by', 'status', 'file_key']).where('id', '=', reportId).executeTakeFirst()
    if (!report) return null
    const contact = await trx.selectFrom('contacts').selectAll().where('id', '=', report.contact_id).executeTakeFirst()
    const tenant = await trx.selectFrom('tenants').select(['name', 'settings']).where('id', '=', tenantId).executeTakeFirst()
    if (!contact || !tenant) return null
    const activities = await trx
      .selectFrom('activities')
      .select(['text', 'created_at'])
      .where('contact_id', '=', contact.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_REPORT_MAX_ENTRIES + 1)
      .execute()
    const reader = report.requested_by ? await trx.selectFrom('contacts').select('language').where('id', '=', report.requested_by).executeTakeFirst() : undefined
    return { report, contact, tenant, activities, readerLanguage: reader?.language ?? null }
  })
  if (!loaded) throw new UnrecoverableJobError(`activity report ${reportId} not found in tenant ${tenantId}`)
  const { report, contact, tenant } = loaded
  const key = activityReportKey(report.id)
  const store = fileStoreFor(platform)
  if (report.status === 'COMPLETE' && report.file_key && (await store.exists(tenantId, report.file_key))) return

  try {
    if (!(await store.exists(tenantId, key))) {
      const settings = readTenantSettings(tenant.settings)
      // The report is a staff record, asked for and read on the contact's profile in the back
      // office, not a letter to the contact: it follows the language of the staff member who
      // asked (kept on their profile when they switch the page's language), else the studio's,
      // as the screen they asked from does. The contact's own language is for what they receive.
      const language = recipientLanguage(loaded.readerLanguage, { settings })
      const bytes = await renderActivityReportPdf({
        organisationName: tenant.name,
        dates: settings,
        generatedAt: platform.clock.now(),
        contactName: contactDisplayName(contact.first_name, contact.last_name, contact.email),
        details: reportDetails(contact, settings, language),
        activities: loaded.activities.slice(0, ACTIVITY_REPORT_MAX_ENTRIES).map((row) => ({ at: new Date(row.created_at), text: row.text })),
        truncated: loaded.activities.length > ACTIVITY_REPORT_MAX_ENTRIES,
        language,
      })
      await store.put(tenantId, key, bytes)
    }
    await markReport(platform, tenantId, report.id, { status: 'COMPLETE', file_key: key, error: null })
  } catch (error) {
    if (context.isLastAttempt || error instanceof UnrecoverableJobError) {
      const message = error instanceof Error ? error.message : String(error)
      await markReport(platform, tenantId, report.id, { status: 'ERROR', file_key: null, error: message.slice(0, 1000) })
    }
    throw error
  }
}

async function markReport(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  reportId: string,
  state: { status: 'COMPLETE' | 'ERROR'; file_key: string | null; error: string | null },
): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx.updateTable('contact_activity_reports').set({ ...state, updated_at: new Date() }).where('id', '=', reportId).execute(),
  )
}
