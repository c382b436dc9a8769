import type { TenantExecutor } from '#db/tenant-scope'
import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import type { CsvDelimiter } from './csv-reader'
import { importRows } from './import-file'
import { importPlan, plannedLabel, readImportRow, type FieldValue, type ImportedRow, type ImportPlan } from './import-row'
import { planBatch, type BatchRow, type OnDuplicate, type RowOutcome } from './plan-batch'
import { contactsByEmail } from './write-batch'
import { phoneCountryFor } from '#server/forms/phone-mask'
import type { Tenant } from '#server/tenancy/tenant'
import { splitFullName } from '#server/forms/split-full-name'

export const PREVIEW_ROWS = 10

export interface PreviewRow {
  rowNumber: number
  /** The values as they would be saved, one per preview column ('' where the row leaves it blank). */
  values: string[]
  outcome: 'create' | 'update' | 'skip' | 'error'
  /** What the row does, in words: 'New contact', or the row's error. */
  note: string
}

export interface ImportPreview {
  columns: string[]
  rows: PreviewRow[]
}

/** The plan of an import for this tenant: its country (phone masks) and date format. */
export function planFor(tenant: Tenant, input: { header: readonly string[]; mapping: Readonly<Record<string, string>>; fields: readonly CustomFieldView[] }, today: Date): ImportPlan {
  return importPlan({ ...input, country: phoneCountryFor(tenant.settings.country), dateFormat: tenant.settings.dateFormat, today })
}

/**
 * The first rows of the file read through the mapping and the dedupe rules exactly as the job
 * will, without writing anything: what each would save, and whether it makes a new contact,
 * updates or skips one, or is refused and why.
 */
export async function previewImport(
  trx: TenantExecutor,
  input: { bytes: Uint8Array; delimiter: CsvDelimiter; plan: ImportPlan; onDuplicate: OnDuplicate },
): Promise<ImportPreview> {
  const { plan } = input
  const read = importRows(input.bytes, input.delimiter)
  const batch: BatchRow[] = []
  const raw: string[][] = []
  if (read) {
    for (const { rowNumber, record } of read.rows) {
      batch.push({ rowNumber, reading: readImportRow(record, plan) })
      raw.push(record.fields)
      if (batch.length === PREVIEW_ROWS) break
    }
  }
  const emails = batch.flatMap(({ reading }) => (reading.ok && reading.value.email ? [reading.value.email] : []))
  const existing = await contactsByEmail(trx, emails)
  const planned = planBatch(batch, existing, input.onDuplicate)

  const shown = plan.columns.filter((column) => !('standard' in column) || !['firstName', 'lastName', 'fullName', 'email'].includes(column.standard.key))
  const names = plan.columns.some((column) => 'standard' in column && ['firstName', 'lastName', 'fullName'].includes(column.standard.key))
  const hasEmail = plan.columns.some((column) => 'standard' in column && column.standard.key === 'email')
  const columns = [...(names ? ['First name', 'Last name'] : []), ...(hasEmail ? ['Email'] : []), ...shown.map(plannedLabel)]

  const rows = batch.map(({ rowNumber, reading }, index): PreviewRow => {
    const outcome = planned.outcomes[index]?.outcome ?? { kind: 'error' as const, message: '' }
    const row: ImportedRow | null = reading.ok ? reading.value : null
    const values = row
      ? [
          ...(names ? [row.firstName ?? '', row.lastName ?? ''] : []),
          ...(hasEmail ? [row.email ?? ''] : []),
          ...shown.map((column) => ('field' in column ? shownFieldValue(row.fields.get(column.field.id)) : shownStandardValue(row, column.standard))),
        ]
      : rawValues(plan, raw[index] ?? [], { names, hasEmail, shown })
    return { rowNumber, values, outcome: outcome.kind, note: noteFor(outcome) }
  })
  return { columns, rows }
}

/** A row that could not be read shows its cells as the file has them, so the problem can be seen. */
function rawValues(plan: ImportPlan, cells: string[], layout: { names: boolean; hasEmail: boolean; shown: ImportPlan['columns'] }): string[] {
  const cellOf = (key: string) => {
    const column = plan.columns.find((entry) => 'standard' in entry && entry.standard.key === key)
    return column ? (cells[column.index] ?? '').trim() : ''
  }
  const full = splitFullName(cellOf('fullName'))
  return [
    ...(layout.names ? [cellOf('firstName') || full.firstName, cellOf('lastName') || full.lastName] : []),
    ...(layout.hasEmail ? [cellOf('email')] : []),
    ...layout.shown.map((column) => (cells[column.index] ?? '').trim()),
  ]
}

function shownStandardValue(row: ImportedRow, target: { kind: string; column: string | null }): string {
  if (target.kind === 'tags') return row.tags.join(', ')
  return target.column ? (row.values[target.column as keyof ImportedRow['values']] ?? '') : ''
}

function shownFieldValue(value: FieldValue | undefined): string {
  if (!value) return ''
  if ('bool' in value) return value.bool ? 'Yes' : 'No'
  if ('number' in value) return String(value.number)
  return value.text
}

export const PREVIEW_NOTES = {
  create: 'New contact',
  update: 'Updates the contact with this email',
  skip: 'Skipped: a contact has this email',
} as const

export function noteFor(outcome: RowOutcome): string {
  switch (outcome.kind) {
    case 'create':
    case 'update':
    case 'skip':
      return PREVIEW_NOTES[outcome.kind]
    case 'error':
      return outcome.message
  }
}
