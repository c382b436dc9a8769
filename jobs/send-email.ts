import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

export const sendEmailJob = defineJob({
  name: 'send-email',
  payload: z.object({ emailId: z.string().uuid(), tenantId: z.string().uuid().nullable() }),
  attempts: 5,
  backoffMs: 2000,
})
