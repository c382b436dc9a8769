import type { PdfStatus } from '#db/types'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { dateInputValue } from '#server/dates/local-time'
import { fileStoreFor } from '#server/files/file-store'
import { sha256Hex } from './signature'
import { queueSubmissionPdf } from './submit-form'

/** Links carry 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/** How long a copy may stay in progress before the thank-you page queues it again. */
const REQUEUE_AFTER_MS = 30_000

export interface SubmissionReceipt {
  submissionId: string
  formId: string
  formName: string
  pdfStatus: PdfStatus
}

/**
 * The submission behind a thank-you or download link, in this tenant only. A copy stuck in
 * progress (its job lost while the queue was down) is queued again; the job id keeps that from
 * ever running twice at once.
 */
export async function findSubmissionByToken(platform: Platform, tenant: Tenant, token: string): Promise<SubmissionReceipt | null> {
  if (!tokenPattern.test(token)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('form_submissions')
      .select(['id', 'form_id', 'form_name', 'pdf_status', 'updated_at'])
      .where('download_token_hash', '=', sha256Hex(token))
      .executeTakeFirst(),
  )
  if (!row) return null
  if (row.pdf_status === 'IN_PROGRESS' && Date.now() - new Date(row.updated_at).getTime() > REQUEUE_AFTER_MS) {
    await queueSubmissionPdf(platform, tenant.id, row.id)
  }
  return { submissionId: row.id, formId: row.form_id, formName: row.form_name, pdfStatus: row.pdf_status }
}

export interface SubmissionPdfFile {
  fileName: string
  bytes: Buffer
}

/** The finished PDF copy behind a download link, or null while it is not ready (or never was). */
export async function openSubmissionPdfByToken(platform: Platform, tenant: Tenant, token: string): Promise<SubmissionPdfFile | null> {
  if (!tokenPattern.test(token)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('form_submissions')
      .select(['id', 'form_name', 'pdf_status', 'pdf_file_key', 'created_at'])
      .where('download_token_hash', '=', sha256Hex(token))
      .executeTakeFirst(),
  )
  if (!row || row.pdf_status !== 'COMPLETE' || !row.pdf_file_key) return null
  const bytes = await fileStoreFor(platform).get(tenant.id, row.pdf_file_key)
  return bytes ? { fileName: pdfFileName(row.form_name, new Date(row.created_at), tenant.settings.timezone), bytes } : null
}

/**
 * 'Trial Class Registration 2026-11-22.pdf': the day it was submitted in the organisation's
 * time zone, with characters file systems dislike removed.
 */
export function pdfFileName(formName: string, at: Date, timeZone: string): string {
  const safe = formName.replace(/[^\p{L}\p{N} ._-]+/gu, '').replace(/\s+/g, ' ').trim().slice(0, 80) || 'Form'
  return `${safe} ${dateInputValue(at, timeZone)}.pdf`
}
