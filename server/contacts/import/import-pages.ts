import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { Language } from '#server/i18n/languages'
import { findContactImport, firstImportErrors, listRecentImports, type ContactImportRow } from './contact-imports'
import { importErrorsCsv } from './import-errors-csv'
import { importSummary, type ImportSummary } from './import-view'
import { loadMappingStep, saveMappingStep, type MappingOutcome, type MappingStep } from './mapping-step'
import { ok } from '#server/errors/result'

type Services = Pick<Platform, 'database' | 'env' | 'files' | 'jobs' | 'clock'>

/** The upload page's list: the tenant's latest imports. */
export async function recentImports(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ImportSummary[]> {
  const rows = await withTenant(platform.database, tenant.id, (trx) => listRecentImports(trx))
  return rows.map((row) => importSummary(row, tenant.settings, language))
}

/** How many refused rows the status page lists; the rest are in the error file. */
export const SHOWN_ERRORS = 20

export type ImportPage =
  | { step: 'mapping'; summary: ImportSummary; mapping: MappingStep }
  | { step: 'status'; summary: ImportSummary; errors: Array<{ rowNumber: number; message: string }> }

/** One import's page: its mapping step until it starts, its progress after; null for another tenant's or an unknown guid. */
export async function importPage(platform: Services, tenant: Tenant, unverifiedGuId: string | undefined, language: Language = 'en'): Promise<ImportPage | null> {
  const row = await withTenant(platform.database, tenant.id, (trx) => findContactImport(trx, unverifiedGuId))
  if (!row) return null
  const summary = importSummary(row, tenant.settings, language)
  if (row.status === 'mapping') {
    const mapping = await loadMappingStep(platform, tenant, row)
    if (mapping) return { step: 'mapping', summary, mapping }
  }
  const errors = await withTenant(platform.database, tenant.id, (trx) => firstImportErrors(trx, row.id, SHOWN_ERRORS))
  return { step: 'status', summary, errors: errors.map((error) => ({ rowNumber: error.row_number, message: error.message })) }
}

/** The mapping step's post: null when the import is not this tenant's; the step again (with the posted choices) when it stays there. */
export async function postMapping(
  platform: Services,
  tenant: Tenant,
  unverifiedGuId: string | undefined,
  form: FormData,
): Promise<{ row: ContactImportRow; outcome: MappingOutcome; step: MappingStep | null } | null> {
  const row = await withTenant(platform.database, tenant.id, (trx) => findContactImport(trx, unverifiedGuId))
  if (!row) return null
  if (row.status !== 'mapping') return { row, outcome: ok({ started: true }), step: null }
  const outcome = await saveMappingStep(platform, tenant, row, form)
  if (outcome.ok && outcome.value.started) return { row, outcome, step: null }
  const fresh = (await withTenant(platform.database, tenant.id, (trx) => findContactImport(trx, row.guid))) ?? row
  const step = await loadMappingStep(platform, tenant, fresh, outcome.ok ? undefined : (outcome.details.posted ?? undefined))
  return { row, outcome, step }
}

/** The refused rows of one of the tenant's imports as CSV, with a file name; null when the import is not the tenant's. */
export async function importErrorsFile(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuId: string | undefined): Promise<{ fileName: string; csv: string } | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const row = await findContactImport(trx, unverifiedGuId)
    if (!row) return null
    const base = row.file_name.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 100) || 'contacts'
    return { fileName: `${base}-errors.csv`, csv: await importErrorsCsv(trx, row) }
  })
}
