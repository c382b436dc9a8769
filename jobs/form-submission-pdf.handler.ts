import { generateSubmissionPdf } from '#server/forms/generate-submission-pdf'
import type { formSubmissionPdfJob } from './form-submission-pdf'
import type { JobHandler } from './runtime/registry'

export const handleFormSubmissionPdf: JobHandler<typeof formSubmissionPdfJob> = (payload, platform, context) =>
  generateSubmissionPdf(platform, payload, context)
