import type { FileStore } from '#server/files/file-store'
import { csvRecords, type CsvDelimiter, type CsvRecord } from './csv-reader'

/** The largest file an import takes (the issue: up to 50 MB). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024

/** Columns beyond this are refused: no contacts export needs more, and the mapping list stays usable. */
export const MAX_IMPORT_COLUMNS = 200

/** Where an import's upload is kept among the tenant's private files. */
export function importFileKey(importId: string): string {
  return `contact-imports/${importId.toLowerCase()}.csv`
}

export async function readImportFile(files: FileStore, tenantId: string, importId: string): Promise<Buffer | null> {
  return files.get(tenantId, importFileKey(importId))
}

/** A file's header and data rows: the first record is the header, every later one a row (numbered from 1). */
export interface ImportRows {
  header: string[]
  rows: Generator<{ rowNumber: number; record: CsvRecord }>
}

/** Reads the header and then hands out the data rows one by one (blank lines are not rows). */
export function importRows(bytes: Uint8Array, delimiter: CsvDelimiter): ImportRows | null {
  const records = csvRecords(bytes, delimiter)
  const first = records.next()
  if (first.done) return null
  function* rows(): Generator<{ rowNumber: number; record: CsvRecord }> {
    let rowNumber = 0
    for (const record of records) {
      rowNumber += 1
      yield { rowNumber, record }
    }
  }
  return { header: first.value.fields.map((name, index) => name.trim() || `Column ${index + 1}`), rows: rows() }
}

/** How many data rows the file has with this separator. */
export function countImportRows(bytes: Uint8Array, delimiter: CsvDelimiter): number {
  const read = importRows(bytes, delimiter)
  if (!read) return 0
  let count = 0
  for (const row of read.rows) if (row) count += 1
  return count
}
