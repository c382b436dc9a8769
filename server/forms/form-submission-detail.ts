import type { PdfStatus, SignMethod } from '#db/types'
import type { TenantExecutor } from '#db/tenant-scope'
import { shownDate, type DatePreferences, type ShownDate } from '#server/dates/tenant-dates'
import { integrityHashOf, type CanonicalSubmission } from './canonical-submission'
import { isUuid } from '#server/text/is-uuid'
import { formatSignDate } from './signature'
import { submissionRows, type SubmissionRow } from './submission-rows'

export interface SubmissionDetail {
  id: string
  formId: string
  formName: string
  formVersion: number
  contactId: string | null
  createdAt: string
  /** When it was sent, in the organisation's zone and date format, with the zone's name. */
  submitted: ShownDate | null
  rows: SubmissionRow[]
  signature: {
    method: SignMethod
    /** A data URL of the drawn signature. */
    imageUrl: string | null
    signedName: string | null
    signedAt: string | null
    signed: ShownDate | null
    /** The spec's sign date: 'MMM dd, YYYY' in UTC, as the visitor saw it when signing. */
    signDate: string | null
    signerIp: string | null
    signerUserAgent: string | null
  } | null
  integrityHash: string
  /** The stored submission still gives the stored hash: nothing was changed after signing. */
  integrityVerified: boolean
  pdfStatus: PdfStatus
  pdfError: string | null
}

/** One submission of one form, for staff; a submission of another form or tenant is null. */
export async function findFormSubmission(
  trx: TenantExecutor,
  formId: string,
  submissionId: string,
  dates: DatePreferences,
): Promise<SubmissionDetail | null> {
  if (!isUuid(submissionId)) return null
  const row = await trx
    .selectFrom('form_submissions')
    .selectAll()
    .where('id', '=', submissionId)
    .where('form_id', '=', formId)
    .executeTakeFirst()
  if (!row) return null
  const data = row.data as unknown as CanonicalSubmission
  const signedAt = row.signed_at ? new Date(row.signed_at) : null
  return {
    id: row.id,
    formId: row.form_id,
    formName: row.form_name,
    formVersion: row.form_version,
    contactId: row.contact_id,
    createdAt: new Date(row.created_at).toISOString(),
    submitted: shownDate(row.created_at, dates, 'dateTimeZone'),
    rows: submissionRows(row.data),
    signature: row.sign_method
      ? {
          method: row.sign_method,
          imageUrl: row.signature_png ? `data:image/png;base64,${row.signature_png}` : null,
          signedName: row.signed_name,
          signedAt: signedAt?.toISOString() ?? null,
          signed: shownDate(signedAt, dates, 'dateTimeZone'),
          signDate: signedAt ? formatSignDate(signedAt) : null,
          signerIp: row.signer_ip,
          signerUserAgent: row.signer_user_agent,
        }
      : null,
    integrityHash: row.integrity_hash,
    integrityVerified: verifyIntegrity(data, row),
    pdfStatus: row.pdf_status,
    pdfError: row.pdf_error,
  }
}

function verifyIntegrity(
  data: CanonicalSubmission,
  row: { integrity_hash: string; form_version: number; signed_name: string | null; signer_ip: string | null },
): boolean {
  try {
    if (data.formVersion !== row.form_version) return false
    if (data.signature?.method === 'typed' && data.signature.signedName !== row.signed_name) return false
    if (data.signature && data.signerIp !== row.signer_ip) return false
    return integrityHashOf(data) === row.integrity_hash
  } catch {
    return false
  }
}
