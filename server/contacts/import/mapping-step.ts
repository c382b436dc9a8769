import { withTenant } from '#db/tenant-scope'
import { contactImportJob, contactImportJobId } from '#jobs/contact-import'
import { listCustomFields } from '#server/custom-fields/list-custom-fields'
import { err, ok, type WordedResult } from '#server/errors/result'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { ContactImportRow } from './contact-imports'
import type { CsvDelimiter } from './csv-reader'
import { countImportRows, importRows, readImportFile } from './import-file'
import { hasMappingProblems, mappingProblems, readMappingForm, targetOptions, type MappingProblems, type TargetOption } from './import-mapping'
import { suggestMapping } from './import-targets'
import type { OnDuplicate } from './plan-batch'
import { planFor, previewImport, type ImportPreview } from './preview-import'

export const MAPPING_STEP_MESSAGES = {
  started: 'The import has started.',
  separatorChanged: 'The columns were read again with the new separator: please check the mapping.',
  fileMissing: 'The uploaded file is no longer available. Please upload it again.',
  queueDown: 'The import could not be started just now. Please try again in a moment.',
} as const

export interface MappingStep {
  fileName: string
  totalRows: number
  header: string[]
  /** The first data row's values, to recognise each column by. */
  samples: string[]
  options: TargetOption[]
  mapping: Record<string, string>
  delimiter: CsvDelimiter
  onDuplicate: OnDuplicate
  problems: MappingProblems
  preview: ImportPreview
}

type Services = Pick<Platform, 'database' | 'env' | 'files' | 'jobs' | 'clock'>

/** The mapping step as saved (or as just posted): the columns, the choices, what is wrong with them, and the preview. */
export async function loadMappingStep(
  platform: Services,
  tenant: Tenant,
  row: ContactImportRow,
  posted?: { mapping: Record<string, string>; delimiter: CsvDelimiter; onDuplicate: OnDuplicate; problems: MappingProblems },
): Promise<MappingStep | null> {
  const bytes = await readImportFile(fileStoreFor(platform), tenant.id, row.id)
  if (!bytes) return null
  const delimiter = posted?.delimiter ?? row.delimiter
  const read = importRows(bytes, delimiter)
  const first = read?.rows.next()
  const header = read?.header ?? row.header
  return withTenant(platform.database, tenant.id, async (trx) => {
    const fields = await listCustomFields(trx)
    const mapping = posted?.mapping ?? row.mapping
    const onDuplicate = posted?.onDuplicate ?? row.on_duplicate
    const plan = planFor(tenant, { header, mapping, fields }, platform.clock.now())
    return {
      fileName: row.file_name,
      totalRows: row.total_rows,
      header,
      samples: header.map((_, index) => (first && !first.done ? (first.value.record.fields[index] ?? '') : '')),
      options: targetOptions(fields),
      mapping,
      delimiter,
      onDuplicate,
      problems: posted?.problems ?? mappingProblems(mapping, fields),
      preview: await previewImport(trx, { bytes, delimiter, plan, onDuplicate }),
    }
  })
}

export type MappingOutcome = WordedResult<
  { started: boolean },
  'invalid_input' | 'not_found' | 'unavailable',
  { posted: { mapping: Record<string, string>; delimiter: CsvDelimiter; onDuplicate: OnDuplicate; problems: MappingProblems } | null }
>

/**
 * Saves the mapping step's choices and, for 'start', queues the import. A new separator reads
 * the header again and suggests a new mapping (the columns are not the same any more), so the
 * person checks it before anything starts. A mapping with problems is not saved.
 */
export async function saveMappingStep(platform: Services, tenant: Tenant, row: ContactImportRow, form: FormData): Promise<MappingOutcome> {
  const start = form.get('intent') === 'start'
  const fields = await withTenant(platform.database, tenant.id, (trx) => listCustomFields(trx))
  const bytes = await readImportFile(fileStoreFor(platform), tenant.id, row.id)
  if (!bytes) return err('not_found', MAPPING_STEP_MESSAGES.fileMissing, { posted: null })

  const postedDelimiter = form.get('delimiter')
  if ((postedDelimiter === ',' || postedDelimiter === ';') && postedDelimiter !== row.delimiter) {
    const header = importRows(bytes, postedDelimiter)?.header ?? []
    const mapping = suggestMapping(header, fields)
    await withTenant(platform.database, tenant.id, (trx) =>
      trx
        .updateTable('contact_imports')
        .set({ delimiter: postedDelimiter, header: JSON.stringify(header), mapping: JSON.stringify(mapping), total_rows: countImportRows(bytes, postedDelimiter) })
        .where('id', '=', row.id)
        .where('status', '=', 'mapping')
        .execute(),
    )
    return start ? err('invalid_input', MAPPING_STEP_MESSAGES.separatorChanged, { posted: null }) : ok({ started: false })
  }

  const { choice, problems } = readMappingForm(form, row.header, fields)
  const posted = { ...choice, problems }
  if (hasMappingProblems(problems)) return err('invalid_input', problems.form ?? '', { posted })
  const saved = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .updateTable('contact_imports')
      .set({ mapping: JSON.stringify(choice.mapping), on_duplicate: choice.onDuplicate, ...(start ? { status: 'queued' as const, rows_done: 0 } : {}) })
      .where('id', '=', row.id)
      .where('status', '=', 'mapping')
      .executeTakeFirst(),
  )
  // Already started (a second click, another tab): the status page is where to go.
  if (Number(saved.numUpdatedRows) === 0) return ok({ started: true })
  if (!start) return ok({ started: false })
  try {
    await platform.jobs.enqueue(contactImportJob, { tenantId: tenant.id, importId: row.id }, { jobId: contactImportJobId(row.id, 0) })
  } catch {
    await withTenant(platform.database, tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'mapping' }).where('id', '=', row.id).where('status', '=', 'queued').execute(),
    )
    return err('unavailable', MAPPING_STEP_MESSAGES.queueDown, { posted })
  }
  return ok({ started: true })
}
