import { randomUUID } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import { listCustomFields } from '#server/custom-fields/list-custom-fields'
import { err, ok, type WordedResult } from '#server/errors/result'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { isUtf8, sniffDelimiter } from './csv-reader'
import { countImportRows, importFileKey, importRows, MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS } from './import-file'
import { suggestMapping } from './import-targets'

export const UPLOAD_MESSAGES = {
  noFile: 'Choose a CSV file to upload.',
  tooLarge: 'The file must be at most 50 MB.',
  empty: 'The file is empty.',
  notUtf8: 'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and upload it again.',
  noHeader: 'The first line of the file must name the columns (for example: First name, Last name, Email).',
  noRows: 'The file names its columns but has no rows to import.',
  tooManyColumns: `The file has more than ${MAX_IMPORT_COLUMNS} columns.`,
} as const

/**
 * Keeps an uploaded CSV with the tenant's private files and records the import at its mapping
 * step: the separator sniffed from the header, the header itself, the row count and a mapping
 * suggested from the column names. A file that is too large, empty, not UTF-8 or without a
 * header is refused with what to do, and nothing is written.
 */
export async function createContactImport(input: {
  platform: Pick<Platform, 'database' | 'env' | 'files'>
  tenant: Tenant
  actorContactId: string | null
  file: File | null
  oversized: boolean
}): Promise<WordedResult<{ guId: string }, 'invalid_input' | 'payload_too_large'>> {
  const { platform, tenant, file } = input
  if (input.oversized || (file && file.size > MAX_IMPORT_BYTES)) return err('payload_too_large', UPLOAD_MESSAGES.tooLarge)
  if (!file) return err('invalid_input', UPLOAD_MESSAGES.noFile)
  if (file.size === 0) return err('invalid_input', UPLOAD_MESSAGES.empty)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!isUtf8(bytes)) return err('invalid_input', UPLOAD_MESSAGES.notUtf8)
  const delimiter = sniffDelimiter(bytes)
  const read = importRows(bytes, delimiter)
  if (!read || read.header.every((name, index) => name === `Column ${index + 1}`)) return err('invalid_input', UPLOAD_MESSAGES.noHeader)
  if (read.header.length > MAX_IMPORT_COLUMNS) return err('invalid_input', UPLOAD_MESSAGES.tooManyColumns)
  const totalRows = countImportRows(bytes, delimiter)
  if (totalRows === 0) return err('invalid_input', UPLOAD_MESSAGES.noRows)

  const id = randomUUID()
  await fileStoreFor(platform).put(tenant.id, importFileKey(id), bytes)
  const created = await withTenant(platform.database, tenant.id, async (trx) => {
    const fields = await listCustomFields(trx)
    return trx
      .insertInto('contact_imports')
      .values({
        id,
        tenant_id: tenant.id,
        created_by: input.actorContactId,
        file_name: fileNameOf(file.name),
        file_key: importFileKey(id),
        file_bytes: bytes.length,
        delimiter,
        header: JSON.stringify(read.header),
        mapping: JSON.stringify(suggestMapping(read.header, fields)),
        total_rows: totalRows,
      })
      .returning('guid')
      .executeTakeFirstOrThrow()
  })
  return ok({ guId: created.guid })
}

/** The name shown for the upload: the browser's file name without a path, without control characters, at most 200 characters. */
function fileNameOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200)
  return clean || 'contacts.csv'
}
