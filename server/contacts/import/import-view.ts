import { shownDateIn } from '#server/dates/language-dates'
import type { DatePreferences, ShownDate } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'
import type { ContactImportRow } from './contact-imports'

export const IMPORT_STATUS_LABELS: Record<ContactImportRow['status'], string> = {
  mapping: 'Columns to map',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
}

/** An import as its screens show it. */
export interface ImportSummary {
  guId: string
  fileName: string
  status: ContactImportRow['status']
  statusLabel: string
  uploaded: ShownDate | null
  finished: ShownDate | null
  totalRows: number
  rowsDone: number
  /** Whole per cent of the rows done, 0 to 100. */
  percent: number
  created: number
  updated: number
  skipped: number
  errors: number
  onDuplicate: 'skip' | 'update'
  failure: string | null
}

/** The summary with its dates written for the page's language (the studio's format in English). */
export function importSummary(row: ContactImportRow, dates: DatePreferences, language: Language = 'en'): ImportSummary {
  const total = row.total_rows
  const done = Math.min(row.rows_done, total)
  return {
    guId: row.guid,
    fileName: row.file_name,
    status: row.status,
    statusLabel: IMPORT_STATUS_LABELS[row.status],
    uploaded: shownDateIn(row.created_at, dates, 'dateTime', language),
    finished: row.finished_at ? shownDateIn(row.finished_at, dates, 'dateTime', language) : null,
    totalRows: total,
    rowsDone: done,
    percent: row.status === 'done' ? 100 : total > 0 ? Math.floor((done / total) * 100) : 0,
    created: row.created_count,
    updated: row.updated_count,
    skipped: row.skipped_count,
    errors: row.error_count,
    onDuplicate: row.on_duplicate,
    failure: row.failure,
  }
}
