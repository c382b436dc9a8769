import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Renders the PDF of one invoice at one version into the tenant's files (a person is waiting for it). */
export const invoicePdfJob = defineJob({
  name: 'invoice-pdf',
  payload: z.object({ pdfId: z.string().uuid(), tenantId: z.string().uuid() }),
  attempts: 5,
  backoffMs: 2000,
})

/**
 * One run per PDF and attempt: a second enqueue while the first waits is dropped (a double
 * click), and a failed PDF asked for again is a new attempt, so a new run (BullMQ keeps failed
 * runs' ids for a week and would drop a second run under the same id).
 */
export function invoicePdfJobId(pdfId: string, attempt: number): string {
  return `invoice-pdf-${pdfId}-${attempt}`
}
