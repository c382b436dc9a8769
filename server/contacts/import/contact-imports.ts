import type { Selectable } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { ContactImportsTable } from '#db/tables/contacts'
import { parseContactGuid } from '#server/contacts/contact-guid'

export type ContactImportRow = Selectable<ContactImportsTable>

/** One of the tenant's imports by its public guid; a malformed or another tenant's guid finds nothing. */
export async function findContactImport(trx: TenantExecutor, unverifiedGuId: string | undefined): Promise<ContactImportRow | null> {
  const guId = parseContactGuid(unverifiedGuId)
  if (!guId) return null
  return (await trx.selectFrom('contact_imports').selectAll().where('guid', '=', guId).executeTakeFirst()) ?? null
}

export const RECENT_IMPORTS = 20

/** The tenant's latest imports, newest first. */
export async function listRecentImports(trx: TenantExecutor): Promise<ContactImportRow[]> {
  return trx.selectFrom('contact_imports').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(RECENT_IMPORTS).execute()
}

/** The first refused rows of an import, in file order. */
export async function firstImportErrors(trx: TenantExecutor, importId: string, limit: number) {
  return trx
    .selectFrom('contact_import_errors')
    .select(['row_number', 'message'])
    .where('import_id', '=', importId)
    .orderBy('row_number')
    .limit(limit)
    .execute()
}

/** Whether the import has stopped changing (its status page stops refreshing). */
export function isImportFinished(status: ContactImportRow['status']): boolean {
  return status === 'done' || status === 'failed'
}

/** Whether the import's job is waiting or at work. */
export function isImportRunning(status: ContactImportRow['status']): boolean {
  return status === 'queued' || status === 'running'
}
