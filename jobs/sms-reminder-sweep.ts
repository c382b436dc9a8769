import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** How often the sweep looks for classes starting within the reminder lead time. */
export const SMS_REMINDER_SWEEP_EVERY_MS = 15 * 60_000

/**
 * Runs on a schedule (jobs/scheduled-jobs.ts): in every studio with SMS set up, queues a
 * reminder text for each booking of a class starting within the lead time, to contacts whose
 * SMS reminder flag is on, once per booking, then starts each studio's send job; and forgets
 * providers' callback nonces older than a week (docs/decisions/145).
 */
export const smsReminderSweepJob = defineJob({
  name: 'sms-reminder-sweep',
  queue: 'bulk',
  payload: z.object({ tenantId: z.null() }),
  attempts: 3,
  backoffMs: 5_000,
})
