import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Imports the rows of one uploaded contacts file, in batches, from where the import's
 * committed progress (rows done) says it stopped: a retry, a continuation and a job run
 * again after its worker died all start there.
 */
export const contactImportJob = defineJob({
  name: 'contact-import',
  payload: z.object({ tenantId: z.string().uuid(), importId: z.string().uuid() }),
  queue: 'bulk',
  attempts: 5,
  backoffMs: 1000,
})

/** One run per import and starting row: enqueueing the same continuation twice adds it once. */
export function contactImportJobId(importId: string, fromRow: number): string {
  return `contact-import-${importId}-${fromRow}`
}
