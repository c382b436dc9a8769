import type { TenantExecutor } from '#db/tenant-scope'
import type { FileStore } from '#server/files/file-store'
import { isUuid } from '#server/text/is-uuid'
import { pdfFileName, type SubmissionPdfFile } from './submission-by-token'

/** A submission's PDF copy for staff, when it is ready; another form's or tenant's is null. */
export async function submissionPdfForStaff(
  trx: TenantExecutor,
  store: FileStore,
  tenant: { id: string; timeZone: string },
  formId: string,
  submissionId: string,
): Promise<SubmissionPdfFile | null> {
  if (!isUuid(submissionId)) return null
  const row = await trx
    .selectFrom('form_submissions')
    .select(['pdf_status', 'pdf_file_key', 'form_name', 'created_at'])
    .where('id', '=', submissionId)
    .where('form_id', '=', formId)
    .executeTakeFirst()
  if (!row || row.pdf_status !== 'COMPLETE' || !row.pdf_file_key) return null
  const bytes = await store.get(tenant.id, row.pdf_file_key)
  return bytes ? { fileName: pdfFileName(row.form_name, new Date(row.created_at), tenant.timeZone), bytes } : null
}
