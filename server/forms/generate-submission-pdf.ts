import { withTenant } from '#db/tenant-scope'
import { UnrecoverableJobError, type JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { fileStoreFor } from '#server/files/file-store'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { readTenantSettings } from '#server/tenancy/tenant-settings'
import { readAgreedTexts } from './canonical-submission'
import { renderSubmissionPdf } from './render-submission-pdf'
import { submissionRows } from './submission-rows'

export function submissionPdfKey(submissionId: string): string {
  return `form-submissions/${submissionId.toLowerCase()}.pdf`
}

/**
 * The PDF job's work. Idempotent, because delivery is at least once: the file's key is fixed
 * by the submission, written whole or not at all (temporary file, then rename), and a retry
 * that finds it only records COMPLETE, so there is never a second file. A worker killed
 * mid-job leaves the job to BullMQ's stalled-job recovery, which runs it again.
 */
export async function generateSubmissionPdf(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  payload: { submissionId: string; tenantId: string },
  context: JobContext,
): Promise<void> {
  const { submissionId, tenantId } = payload
  const loaded = await withTenant(platform.database, tenantId, async (trx) => {
    const submission = await trx
      .selectFrom('form_submissions')
      .select(['id', 'contact_id', 'form_name', 'form_version', 'data', 'sign_method', 'signature_png', 'signed_name', 'signed_at', 'signer_ip', 'signer_user_agent', 'integrity_hash', 'pdf_status', 'pdf_file_key', 'created_at'])
      .where('id', '=', submissionId)
      .executeTakeFirst()
    const tenant = await trx.selectFrom('tenants').select(['name', 'settings']).where('id', '=', tenantId).executeTakeFirst()
    if (!submission || !tenant) return null
    const contact = submission.contact_id ? await trx.selectFrom('contacts').select('language').where('id', '=', submission.contact_id).executeTakeFirst() : undefined
    const settings = readTenantSettings(tenant.settings)
    // The copy is the submitter's: in their language, else the studio's. It is stored once, so it keeps that language.
    return { submission, tenantName: tenant.name, settings, language: recipientLanguage(contact?.language, { settings }) }
  })
  // Another tenant's id, or a submission since deleted: retrying cannot help.
  if (!loaded) throw new UnrecoverableJobError(`form submission ${submissionId} not found in tenant ${tenantId}`)
  const { submission } = loaded
  const key = submissionPdfKey(submission.id)
  const store = fileStoreFor(platform)
  if (submission.pdf_status === 'COMPLETE' && submission.pdf_file_key && (await store.exists(tenantId, submission.pdf_file_key))) return

  try {
    if (!(await store.exists(tenantId, key))) {
      const bytes = await renderSubmissionPdf({
        organisationName: loaded.tenantName,
        dates: loaded.settings,
        formName: submission.form_name,
        submittedAt: new Date(submission.created_at),
        rows: submissionRows(submission.data, loaded.language),
        signature:
          submission.sign_method === 'drawn' && submission.signature_png
            ? { method: 'drawn', png: Buffer.from(submission.signature_png, 'base64') }
            : submission.sign_method === 'typed' && submission.signed_name
              ? { method: 'typed', signedName: submission.signed_name }
              : null,
        signedAt: submission.signed_at ? new Date(submission.signed_at) : null,
        integrity: {
          hash: submission.integrity_hash,
          formVersion: submission.form_version,
          signerIp: submission.signer_ip,
          signerUserAgent: submission.signer_user_agent,
        },
        agreedTexts: readAgreedTexts(submission.data),
        language: loaded.language,
      })
      await store.put(tenantId, key, bytes)
    }
    await markPdf(platform, tenantId, submission.id, { pdf_status: 'COMPLETE', pdf_file_key: key, pdf_error: null })
  } catch (error) {
    if (context.isLastAttempt || error instanceof UnrecoverableJobError) {
      const message = error instanceof Error ? error.message : String(error)
      await markPdf(platform, tenantId, submission.id, { pdf_status: 'ERROR', pdf_file_key: null, pdf_error: message.slice(0, 1000) })
    }
    throw error
  }
}

async function markPdf(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  submissionId: string,
  state: { pdf_status: 'COMPLETE' | 'ERROR'; pdf_file_key: string | null; pdf_error: string | null },
): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('form_submissions')
      .set({ ...state, updated_at: new Date() })
      .where('id', '=', submissionId)
      .execute(),
  )
}
