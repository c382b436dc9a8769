import type { PdfStatus } from '#db/types'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { pdfFileName, type SubmissionPdfFile } from './submission-by-token'

export interface MySubmission {
  id: string
  formName: string
  submittedText: string
  pdfStatus: PdfStatus
}

/** How many of a student's submissions the page shows, newest first. */
export const MY_SUBMISSIONS_LIMIT = 200

/** The forms a student sent (their waivers and registrations), newest first (student /myform). */
export async function loadMySubmissions(database: DatabaseHandle, tenant: Tenant, contactId: string, language: Language = 'en'): Promise<MySubmission[]> {
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('form_submissions')
      .select(['id', 'form_name', 'created_at', 'pdf_status'])
      .where('contact_id', '=', contactId)
      .orderBy('created_at', 'desc')
      .limit(MY_SUBMISSIONS_LIMIT)
      .execute(),
  )
  return rows.map((row) => ({ id: row.id, formName: row.form_name, submittedText: dateInLanguage(row.created_at, tenant.settings, 'dateTime', language), pdfStatus: row.pdf_status }))
}

/** The signed PDF copy of one of the student's own submissions; null for anyone else's or one not ready. */
export async function openMySubmissionPdf(platform: Pick<Platform, 'database' | 'env'>, tenant: Tenant, input: { contactId: string; unverifiedId: string }): Promise<SubmissionPdfFile | null> {
  if (!isUuid(input.unverifiedId)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('form_submissions')
      .select(['form_name', 'pdf_status', 'pdf_file_key', 'created_at'])
      .where('id', '=', input.unverifiedId)
      .where('contact_id', '=', input.contactId)
      .executeTakeFirst(),
  )
  if (!row || row.pdf_status !== 'COMPLETE' || !row.pdf_file_key) return null
  const bytes = await fileStoreFor(platform).get(tenant.id, row.pdf_file_key)
  return bytes ? { fileName: pdfFileName(row.form_name, new Date(row.created_at), tenant.settings.timezone), bytes } : null
}
