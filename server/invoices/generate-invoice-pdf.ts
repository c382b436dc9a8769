// Only the job handler reaches this module: it loads sharp, which a route's browser build cannot parse.
import sharp from 'sharp'
import { withTenant } from '#db/tenant-scope'
import { fileStoreFor } from '#server/files/file-store'
import { openTenantUpload } from '#server/files/tenant-uploads'
import { MAX_IMAGE_PIXELS } from '#server/files/upload-limits'
import { UnrecoverableJobError, type JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { invoicePdfKey, readInvoicePdfSource } from './invoice-pdf-data'
import { renderInvoicePdf } from './render-invoice-pdf'

/** Why a PDF asked for before its invoice changed is not made: the page asks for the new one. */
export const INVOICE_CHANGED_MESSAGE = 'The invoice changed before its PDF was made.'

type GeneratePlatform = Pick<Platform, 'database' | 'env' | 'logger' | 'clock'> & { files?: Platform['files'] }

/**
 * The invoice PDF job's work, idempotent like the activity report's: the file's key is fixed by
 * the invoice and the version, written whole or not at all, and a retry that finds it only
 * records COMPLETE. The tenant is checked again here: the PDF row is read under the payload's
 * tenant only, so a payload naming another tenant's PDF finds nothing and stops. The invoice is
 * read as it is now; when it no longer prints what was asked for (it was paid or edited since),
 * this PDF is not made, since it would carry another version's contents under this one's name.
 */
export async function generateInvoicePdf(platform: GeneratePlatform, payload: { pdfId: string; tenantId: string }, context: JobContext): Promise<void> {
  const { pdfId, tenantId } = payload
  const loaded = await withTenant(platform.database, tenantId, async (trx) => {
    const pdf = await trx.selectFrom('invoice_pdfs').select(['id', 'invoice_id', 'version', 'status', 'file_key']).where('id', '=', pdfId).executeTakeFirst()
    if (!pdf) return null
    const source = await readInvoicePdfSource(trx, tenantId, { invoiceId: pdf.invoice_id })
    return source ? { pdf, source } : null
  })
  if (!loaded) throw new UnrecoverableJobError(`invoice pdf ${pdfId} not found in tenant ${tenantId}`)
  const { pdf, source } = loaded
  const store = fileStoreFor(platform)
  if (pdf.status === 'COMPLETE' && pdf.file_key && (await store.exists(tenantId, pdf.file_key))) return
  if (source.version !== pdf.version) {
    await markFailed(platform, tenantId, pdf.id, INVOICE_CHANGED_MESSAGE)
    return
  }

  const key = invoicePdfKey(source.invoice.id, source.version)
  try {
    if (!(await store.exists(tenantId, key))) {
      const logoPng = await readLogo(platform, tenantId, source.data.organisation.logoUrl)
      const bytes = await renderInvoicePdf(source.data, { logoPng, madeAt: platform.clock.now() })
      await store.put(tenantId, key, bytes)
    }
    const replaced = await withTenant(platform.database, tenantId, async (trx) => {
      await trx.updateTable('invoice_pdfs').set({ status: 'COMPLETE', file_key: key, error: null, updated_at: new Date() }).where('id', '=', pdf.id).execute()
      // The invoice's earlier versions are never served again: their rows and files go. One still being made is left to its own job.
      return trx.deleteFrom('invoice_pdfs').where('invoice_id', '=', source.invoice.id).where('id', '!=', pdf.id).where('status', '!=', 'IN_PROGRESS').returning('file_key').execute()
    })
    for (const old of replaced) if (old.file_key && old.file_key !== key) await store.delete(tenantId, old.file_key)
  } catch (error) {
    if (context.isLastAttempt || error instanceof UnrecoverableJobError) {
      await markFailed(platform, tenantId, pdf.id, error instanceof Error ? error.message : String(error))
    }
    throw error
  }
}

async function markFailed(platform: Pick<Platform, 'database'>, tenantId: string, pdfId: string, message: string): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('invoice_pdfs')
      .set({ status: 'ERROR', file_key: null, error: message.slice(0, 1000), updated_at: new Date() })
      .where('id', '=', pdfId)
      .execute(),
  )
}

/**
 * The tenant's logo as a small PNG: pdf-lib embeds PNG and JPEG only, and a logo may be WebP
 * or GIF. A logo that cannot be read is left out rather than failing the invoice: the
 * letterhead's name and address still say whose invoice it is.
 */
async function readLogo(platform: GeneratePlatform, tenantId: string, logoUrl: string | null): Promise<Uint8Array | null> {
  if (!logoUrl) return null
  try {
    const upload = await openTenantUpload(platform.env, { id: tenantId }, logoUrl.slice('/uploads/'.length))
    if (!upload) return null
    const chunks: Buffer[] = []
    for await (const chunk of upload.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
    // Three times the size it is printed at, for a sharp print; never larger than the upload.
    return await sharp(Buffer.concat(chunks), { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, failOn: 'error' })
      .resize({ width: 480, height: 180, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer()
  } catch (error) {
    platform.logger.warn({ err: error, tenantId }, 'the logo could not be read for an invoice PDF; it is made without')
    return null
  }
}
