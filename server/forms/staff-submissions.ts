import { z } from 'zod'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { shownDate, type ShownDate } from '#server/dates/tenant-dates'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { fileStoreFor } from '#server/files/file-store'
import { exportSubmissionsCsv } from './export-submissions-csv'
import { findFormSubmission, type SubmissionDetail } from './form-submission-detail'
import { isUuid } from '#server/text/is-uuid'
import { DEFAULT_SUBMISSIONS_PAGE_SIZE, listFormSubmissions, SUBMISSIONS_PAGE_SIZES, type SubmissionListItem, type SubmissionPage } from './list-form-submissions'
import type { SubmissionPdfFile } from './submission-by-token'
import { submissionPdfForStaff } from './submission-pdf-for-staff'

export interface FormRef {
  id: string
  guId: string
  name: string
}

async function findForm(trx: TenantExecutor, unverifiedGuId: string): Promise<FormRef | null> {
  if (!isUuid(unverifiedGuId)) return null
  const row = await trx.selectFrom('custom_forms').select(['id', 'guid', 'name']).where('guid', '=', unverifiedGuId).executeTakeFirst()
  return row ? { id: row.id, guId: row.guid, name: row.name } : null
}

/** A row of the submissions table, with its date as the organisation reads it. */
export type ShownSubmission = SubmissionListItem & { submitted: ShownDate | null }

const pageQuery = z.object({
  search: z.string().max(100).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((size) => (SUBMISSIONS_PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_SUBMISSIONS_PAGE_SIZE),
})

/** The submissions table of one form: ?search=&page=&size= (bad values fall back to defaults). */
export async function loadSubmissionsPage(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
  params: URLSearchParams,
): Promise<{ form: FormRef; page: SubmissionPage<ShownSubmission>; search: string } | null> {
  const query = pageQuery.parse({ search: params.get('search') ?? '', page: params.get('page') ?? 1, size: params.get('size') ?? DEFAULT_SUBMISSIONS_PAGE_SIZE })
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const page = await listFormSubmissions(trx, form.id, { search: query.search, page: query.page, pageSize: query.size })
    const items = page.items.map((item) => ({ ...item, submitted: shownDate(item.createdAt, tenant.settings) }))
    return { form, page: { ...page, items }, search: query.search.trim() }
  })
}

export async function loadSubmissionDetail(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
  unverifiedSubmissionId: string,
): Promise<{ form: FormRef; submission: SubmissionDetail } | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const submission = await findFormSubmission(trx, form.id, unverifiedSubmissionId, tenant.settings)
    return submission ? { form, submission } : null
  })
}

export async function loadStaffSubmissionPdf(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  unverifiedGuId: string,
  unverifiedSubmissionId: string,
): Promise<SubmissionPdfFile | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    return submissionPdfForStaff(trx, fileStoreFor(platform), { id: tenant.id, timeZone: tenant.settings.timezone }, form.id, unverifiedSubmissionId)
  })
}

export async function loadSubmissionsCsv(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
): Promise<{ fileName: string; csv: string } | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const safe = form.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 80) || 'form'
    return { fileName: `${safe} submissions.csv`, csv: await exportSubmissionsCsv(trx, form.id, tenant.settings) }
  })
}
