import { generateInvoicePdf } from '#server/invoices/generate-invoice-pdf'
import type { invoicePdfJob } from './invoice-pdf'
import type { JobHandler } from './runtime/registry'

export const handleInvoicePdf: JobHandler<typeof invoicePdfJob> = (payload, platform, context) => generateInvoicePdf(platform, payload, context)
