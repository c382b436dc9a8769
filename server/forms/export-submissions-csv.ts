import type { SignMethod } from '#db/types'
import type { TenantExecutor } from '#db/tenant-scope'
import { csvCell } from '#server/csv/csv-cell'
import { submissionRows } from './submission-rows'

/**
 * The product's words and dates of the export, in the reader's language; the labels of the
 * form's own fields are the studio's and stay as written.
 */
export interface SubmissionsCsvWords {
  headers: Record<'submission' | 'submittedAt' | 'signature' | 'signedName' | 'signedAt' | 'signerIp' | 'formVersion', string>
  signMethod: (method: SignMethod) => string
  /** An instant in the organisation's zone, with the zone's name. */
  date: (at: Date) => string
}

/**
 * Every submission of a form as CSV: one row each, newest first, a column per label seen
 * (in first-seen order, so renamed or removed fields keep their old answers), then the
 * signature and integrity columns. Dates are in the organisation's time zone, each with its
 * zone's name (an hour repeated when clocks go back stays told apart). Read in batches to keep
 * memory flat.
 */
export async function exportSubmissionsCsv(trx: TenantExecutor, formId: string, words: SubmissionsCsvWords): Promise<string> {
  const labels: string[] = []
  const records: Array<{ cells: Map<string, string>; fixed: string[] }> = []
  const batch = 500
  for (let offset = 0; ; offset += batch) {
    const rows = await trx
      .selectFrom('form_submissions')
      .select(['id', 'data', 'created_at', 'sign_method', 'signed_name', 'signed_at', 'signer_ip', 'integrity_hash', 'form_version'])
      .where('form_id', '=', formId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(batch)
      .offset(offset)
      .execute()
    for (const row of rows) {
      const cells = new Map<string, string>()
      for (const entry of submissionRows(row.data)) {
        if (entry.isHeading) continue
        if (!labels.includes(entry.label)) labels.push(entry.label)
        cells.set(entry.label, entry.value)
      }
      records.push({
        cells,
        fixed: [
          row.id,
          words.date(row.created_at),
          row.sign_method ? words.signMethod(row.sign_method) : '',
          row.signed_name ?? '',
          row.signed_at ? words.date(row.signed_at) : '',
          row.signer_ip ?? '',
          String(row.form_version),
          row.integrity_hash,
        ],
      })
    }
    if (rows.length < batch) break
  }
  const { headers } = words
  const header = [headers.submission, headers.submittedAt, ...labels, headers.signature, headers.signedName, headers.signedAt, headers.signerIp, headers.formVersion, 'SHA-256']
  const lines = [header.map(csvCell).join(',')]
  for (const record of records) {
    const [id, at, ...rest] = record.fixed
    lines.push([id, at, ...labels.map((label) => record.cells.get(label) ?? ''), ...rest].map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
