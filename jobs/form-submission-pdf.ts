import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Renders the PDF copy of one form submission and stores it with the tenant's files. */
export const formSubmissionPdfJob = defineJob({
  name: 'form-submission-pdf',
  payload: z.object({ submissionId: z.string().uuid(), tenantId: z.string().uuid() }),
  attempts: 5,
  backoffMs: 2000,
})

/** One job per submission at a time: a second enqueue while the first waits is dropped. */
export function formSubmissionPdfJobId(submissionId: string): string {
  return `form-pdf-${submissionId}`
}
