import { z } from 'zod'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { dateInLanguage, shownDateIn } from '#server/dates/language-dates'
import type { ShownDate } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import type { Platform } from '#server/platform'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import type { Tenant } from '#server/tenancy/tenant'
import { fileStoreFor } from '#server/files/file-store'
import { exportSubmissionsCsv } from './export-submissions-csv'
import { PDF_STATUS_MESSAGES } from './form-messages'
import { findFormSubmission, type SubmissionDetail } from './form-submission-detail'
import { isUuid } from '#server/text/is-uuid'
import { DEFAULT_SUBMISSIONS_PAGE_SIZE, listFormSubmissions, SUBMISSIONS_PAGE_SIZES, type SubmissionListItem, type SubmissionPage } from './list-form-submissions'
import type { SubmissionPdfFile } from './submission-by-token'
import { submissionPdfForStaff } from './submission-pdf-for-staff'
import { formatSignDateIn } from './signature'

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

/** The submissions table of one form: ?search=&page=&size= (bad values fall back to defaults), dates in the page's language. */
export async function loadSubmissionsPage(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
  params: URLSearchParams,
  language: Language = 'en',
): Promise<{ form: FormRef; page: SubmissionPage<ShownSubmission>; search: string } | null> {
  const query = pageQuery.parse({ search: params.get('search') ?? '', page: params.get('page') ?? 1, size: params.get('size') ?? DEFAULT_SUBMISSIONS_PAGE_SIZE })
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const page = await listFormSubmissions(trx, form.id, { search: query.search, page: query.page, pageSize: query.size })
    const items = page.items.map((item) => ({ ...item, submitted: shownDateIn(item.createdAt, tenant.settings, 'dateTime', language) }))
    return { form, page: { ...page, items }, search: query.search.trim() }
  })
}

/**
 * One submission, its dates in the page's language, and the PDF copy's state as words when it
 * is not ready (the spec's messages, translated).
 */
export async function loadSubmissionDetail(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
  unverifiedSubmissionId: string,
  language: Language = 'en',
): Promise<{ form: FormRef; submission: SubmissionDetail; pdfStatusText: string } | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const found = await findFormSubmission(trx, form.id, unverifiedSubmissionId, tenant.settings)
    if (!found) return null
    const submission = language === 'en' ? found : submissionIn(found, tenant, language)
    const pdfStatusText = submission.pdfStatus === 'COMPLETE' ? '' : translateMessage(language, submission.pdfStatus === 'ERROR' ? PDF_STATUS_MESSAGES.ERROR : PDF_STATUS_MESSAGES.IN_PROGRESS)
    return { form, submission, pdfStatusText }
  })
}

/** A submission's dates written again in another language, from the instants they carry. */
function submissionIn(submission: SubmissionDetail, tenant: Tenant, language: Language): SubmissionDetail {
  const signature = submission.signature
  const signedAt = signature?.signedAt ? new Date(signature.signedAt) : null
  return {
    ...submission,
    submitted: shownDateIn(submission.submitted?.dateTime, tenant.settings, 'dateTimeZone', language),
    signature: signature
      ? { ...signature, signed: shownDateIn(signature.signed?.dateTime, tenant.settings, 'dateTimeZone', language), signDate: signedAt ? formatSignDateIn(language, signedAt) : null }
      : null,
  }
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

/** Every submission of a form as CSV: the product's headers and the dates in the page's language, the answers as given. */
export async function loadSubmissionsCsv(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  unverifiedGuId: string,
  language: Language = 'en',
): Promise<{ fileName: string; csv: string } | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const form = await findForm(trx, unverifiedGuId)
    if (!form) return null
    const safe = form.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 80) || 'form'
    const t = formbuilderWords(language)
    const csv = await exportSubmissionsCsv(trx, form.id, {
      headers: {
        submission: t('csv_submission'),
        submittedAt: t('csv_submittedAt'),
        signature: t('csv_signature'),
        signedName: t('csv_signedName'),
        signedAt: t('csv_signedAt'),
        signerIp: t('csv_signerIp'),
        formVersion: t('csv_formVersion'),
      },
      signMethod: (method) => t(`csv_signMethod_${method}`),
      date: (at) => dateInLanguage(at, tenant.settings, 'dateTimeZone', language),
    })
    return { fileName: t('csvFileName', { name: safe }), csv }
  })
}
