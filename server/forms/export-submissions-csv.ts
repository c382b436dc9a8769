import type { TenantExecutor } from '#db/tenant-scope'
import { formatInZone, type DatePreferences } from '#server/dates/tenant-dates'
import { csvCell } from '#server/csv/csv-cell'
import { submissionRows } from './submission-rows'

/**
 * Every submission of a form as CSV: one row each, newest first, a column per label seen
 * (in first-seen order, so renamed or removed fields keep their old answers), then the
 * signature and integrity columns. Dates are in the organisation's time zone and date format,
 * each with its zone's name (an hour repeated when clocks go back stays told apart). Read in
 * batches to keep memory flat.
 */
export async function exportSubmissionsCsv(trx: TenantExecutor, formId: string, dates: DatePreferences): Promise<string> {
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
          formatInZone(row.created_at, dates, 'dateTimeZone'),
          row.sign_method ?? '',
          row.signed_name ?? '',
          row.signed_at ? formatInZone(row.signed_at, dates, 'dateTimeZone') : '',
          row.signer_ip ?? '',
          String(row.form_version),
          row.integrity_hash,
        ],
      })
    }
    if (rows.length < batch) break
  }
  const header = ['Submission', 'Submitted At', ...labels, 'Signature', 'Signed Name', 'Signed At', 'Signer IP', 'Form Version', 'SHA-256']
  const lines = [header.map(csvCell).join(',')]
  for (const record of records) {
    const [id, at, ...rest] = record.fixed
    lines.push([id, at, ...labels.map((label) => record.cells.get(label) ?? ''), ...rest].map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
