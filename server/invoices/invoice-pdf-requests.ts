import { withTenant } from '#db/tenant-scope'
import { invoicePdfJob, invoicePdfJobId } from '#jobs/invoice-pdf'
import { err, ok, type Result } from '#server/errors/result'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { parseInvoiceGuid, readInvoicePdfSource, type InvoicePdfTarget } from './invoice-pdf-data'

/**
 * Who is reading: staff read every invoice of their tenant, a student only the invoices whose
 * contact they are. Anything else finds nothing, exactly as an invoice that does not exist.
 */
export type InvoiceReader = { kind: 'staff' } | { kind: 'student'; contactId: string }

/** What the PDF's page shows: not asked for yet (for the invoice as it is now), being made, ready, or failed. */
export type InvoicePdfProgress = 'none' | 'preparing' | 'ready' | 'failed'

export interface InvoicePdfPage {
  guid: string
  numberText: string
  fileName: string
  progress: InvoicePdfProgress
  /** Why it failed, for staff only: a student reads the page's own words, not a server's message. */
  error: string | null
}

/** How long a PDF may stay in progress before its page queues the job again (its run was lost with an in-process queue). */
const REQUEUE_AFTER_MS = 30_000

type RequestPlatform = Pick<Platform, 'database' | 'jobs' | 'env'> & { files?: Platform['files'] }

function targetOf(reader: InvoiceReader, guid: string): InvoicePdfTarget {
  return { guid, onlyContactId: reader.kind === 'student' ? reader.contactId : null }
}

/**
 * Asks for the PDF of the invoice as it is now: records it and queues the job that makes it.
 * Idempotent: one row per invoice and version, so a double click (or two people) make one PDF;
 * one being made is queued again under the same job id, which the queue drops while the first
 * run waits; a finished one is left as it is; a failed one (or one whose file is gone) is tried
 * again as a new attempt.
 */
export async function requestInvoicePdf(
  platform: RequestPlatform,
  input: { tenant: Tenant; reader: InvoiceReader; unverifiedGuid: unknown; actorContactId: string },
): Promise<Result<{ pdfId: string }, 'not_found'>> {
  const guid = parseInvoiceGuid(input.unverifiedGuid)
  if (!guid) return err('not_found')
  const tenantId = input.tenant.id
  const store = fileStoreFor(platform)
  const asked = await withTenant(platform.database, tenantId, async (trx) => {
    const source = await readInvoicePdfSource(trx, tenantId, targetOf(input.reader, guid))
    if (!source) return null
    const created = await trx
      .insertInto('invoice_pdfs')
      .values({ tenant_id: tenantId, invoice_id: source.invoice.id, version: source.version, file_name: source.fileName, requested_by: input.actorContactId })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'invoice_id', 'version']).doNothing())
      .returning(['id', 'attempt'])
      .executeTakeFirst()
    if (created) return { pdfId: created.id, attempt: created.attempt, queue: true }
    // Asked for already (a concurrent request waits for the first's commit, then lands here).
    const existing = await trx
      .selectFrom('invoice_pdfs')
      .select(['id', 'status', 'attempt', 'file_key'])
      .where('invoice_id', '=', source.invoice.id)
      .where('version', '=', source.version)
      .executeTakeFirstOrThrow()
    const fileLost = existing.status === 'COMPLETE' && !(existing.file_key && (await store.exists(tenantId, existing.file_key)))
    if (existing.status === 'ERROR' || fileLost) {
      const again = await trx
        .updateTable('invoice_pdfs')
        .set((eb) => ({ status: 'IN_PROGRESS', file_key: null, error: null, attempt: eb('attempt', '+', 1), requested_by: input.actorContactId, updated_at: new Date() }))
        .where('id', '=', existing.id)
        .returning('attempt')
        .executeTakeFirstOrThrow()
      return { pdfId: existing.id, attempt: again.attempt, queue: true }
    }
    return { pdfId: existing.id, attempt: existing.attempt, queue: existing.status === 'IN_PROGRESS' }
  })
  if (!asked) return err('not_found')
  // Queued after the commit, so the job finds the row.
  if (asked.queue) await queuePdf(platform, tenantId, asked.pdfId, asked.attempt)
  return ok({ pdfId: asked.pdfId })
}

/**
 * The state of the invoice's PDF for its page: of the invoice as it is now, so a PDF made
 * before the invoice changed reads as not asked for. One stuck in progress is queued again.
 */
export async function invoicePdfPage(
  platform: Pick<Platform, 'database' | 'jobs' | 'clock'>,
  input: { tenant: Tenant; reader: InvoiceReader; unverifiedGuid: unknown },
): Promise<InvoicePdfPage | null> {
  const guid = parseInvoiceGuid(input.unverifiedGuid)
  if (!guid) return null
  const tenantId = input.tenant.id
  const found = await withTenant(platform.database, tenantId, async (trx) => {
    const source = await readInvoicePdfSource(trx, tenantId, targetOf(input.reader, guid))
    if (!source) return null
    const pdf = await trx
      .selectFrom('invoice_pdfs')
      .select(['id', 'status', 'attempt', 'error', 'updated_at'])
      .where('invoice_id', '=', source.invoice.id)
      .where('version', '=', source.version)
      .executeTakeFirst()
    return { source, pdf: pdf ?? null }
  })
  if (!found) return null
  const { source, pdf } = found
  if (pdf?.status === 'IN_PROGRESS' && platform.clock.now().getTime() - new Date(pdf.updated_at).getTime() > REQUEUE_AFTER_MS) {
    await queuePdf(platform, tenantId, pdf.id, pdf.attempt)
  }
  const progress: InvoicePdfProgress = !pdf ? 'none' : pdf.status === 'COMPLETE' ? 'ready' : pdf.status === 'ERROR' ? 'failed' : 'preparing'
  return {
    guid,
    numberText: source.data.numberText,
    fileName: source.fileName,
    progress,
    error: progress === 'failed' && input.reader.kind === 'staff' ? pdf?.error ?? null : null,
  }
}

/**
 * The finished PDF of the invoice as it is now, for the download route; null when it is not
 * ready, is of an earlier version, or the invoice is not this reader's (or this tenant's).
 */
export async function openInvoicePdf(
  platform: Pick<Platform, 'database' | 'env'> & { files?: Platform['files'] },
  input: { tenant: Tenant; reader: InvoiceReader; unverifiedGuid: unknown },
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const guid = parseInvoiceGuid(input.unverifiedGuid)
  if (!guid) return null
  const tenantId = input.tenant.id
  const found = await withTenant(platform.database, tenantId, async (trx) => {
    const source = await readInvoicePdfSource(trx, tenantId, targetOf(input.reader, guid))
    if (!source) return null
    const pdf = await trx.selectFrom('invoice_pdfs').select(['status', 'file_key', 'file_name']).where('invoice_id', '=', source.invoice.id).where('version', '=', source.version).executeTakeFirst()
    return pdf?.status === 'COMPLETE' && pdf.file_key ? { fileKey: pdf.file_key, fileName: pdf.file_name } : null
  })
  if (!found) return null
  const bytes = await fileStoreFor(platform).get(tenantId, found.fileKey)
  return bytes ? { fileName: found.fileName, bytes } : null
}

async function queuePdf(platform: Pick<Platform, 'jobs'>, tenantId: string, pdfId: string, attempt: number): Promise<void> {
  await platform.jobs.enqueue(invoicePdfJob, { pdfId, tenantId }, { jobId: invoicePdfJobId(pdfId, attempt) })
}
