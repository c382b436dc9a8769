import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Renders one contact's activity report PDF (website spec 7: cform/pdf/cactivityreport) into the tenant's files. */
export const contactActivityReportJob = defineJob({
  name: 'contact-activity-report',
  payload: z.object({ reportId: z.string().uuid(), tenantId: z.string().uuid() }),
  attempts: 5,
  backoffMs: 2000,
})

/** One run per report at a time: a second enqueue while the first waits is dropped. */
export function contactActivityReportJobId(reportId: string): string {
  return `contact-activity-report-${reportId}`
}
