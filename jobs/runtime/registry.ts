import type { z } from 'zod'
import type { JobContext, JobContract } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { sendEmailJob } from '../send-email'
import { handleSendEmail } from '../send-email.handler'
import { formSubmissionPdfJob } from '../form-submission-pdf'
import { handleFormSubmissionPdf } from '../form-submission-pdf.handler'

type PayloadOf<C> = C extends JobContract<infer P> ? P : never

export type JobHandler<C extends JobContract<unknown>> = (
  payload: PayloadOf<C>,
  platform: Platform,
  context: JobContext,
) => Promise<void>

export interface RegisteredJob {
  contract: JobContract<unknown>
  handle: (payload: unknown, platform: Platform, context: JobContext) => Promise<void>
}

function register<C extends JobContract<unknown>>(contract: C, handler: JobHandler<C>): RegisteredJob {
  return {
    contract,
    handle: (payload, platform, context) =>
      handler((contract.payload as z.ZodType<PayloadOf<C>>).parse(payload), platform, context),
  }
}

/** Every job the product runs, with its handler. */
export const registeredJobs: readonly RegisteredJob[] = [register(sendEmailJob, handleSendEmail), register(formSubmissionPdfJob, handleFormSubmissionPdf)]

export function findJob(name: string): RegisteredJob | undefined {
  return registeredJobs.find((job) => job.contract.name === name)
}
