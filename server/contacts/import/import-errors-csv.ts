import type { TenantExecutor } from '#db/tenant-scope'
import { csvCell } from '#server/csv/csv-cell'

const PAGE = 1000

/**
 * The refused rows of an import as a CSV a person can correct and import again: the row's
 * number and what was wrong, then the row's own values under the file's own header. Cells are
 * written formula-safe (csvCell); the import takes that protection off again when it reads
 * them. Read a page at a time by row number.
 */
export async function importErrorsCsv(trx: TenantExecutor, importRow: { id: string; header: readonly string[] }): Promise<string> {
  const lines = [['Row', 'Error', ...importRow.header].map(csvCell).join(',')]
  let after = 0
  for (;;) {
    const rows = await trx
      .selectFrom('contact_import_errors')
      .select(['row_number', 'message', 'row_values'])
      .where('import_id', '=', importRow.id)
      .where('row_number', '>', after)
      .orderBy('row_number')
      .limit(PAGE)
      .execute()
    for (const row of rows) {
      const values = Array.isArray(row.row_values) ? row.row_values.map((value) => String(value ?? '')) : []
      lines.push([String(row.row_number), row.message, ...values].map(csvCell).join(','))
    }
    if (rows.length < PAGE) break
    after = rows[rows.length - 1]?.row_number ?? after
  }
  // A byte order mark, so spreadsheet programs read the accents right.
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
