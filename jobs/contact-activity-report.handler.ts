import { generateActivityReport } from '#server/contacts/activity-report/generate-activity-report'
import type { contactActivityReportJob } from './contact-activity-report'
import type { JobHandler } from './runtime/registry'

export const handleContactActivityReport: JobHandler<typeof contactActivityReportJob> = (payload, platform, context) =>
  generateActivityReport(platform, payload, context)
