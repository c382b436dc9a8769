import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Looks for a sender domain's DNS records and, while they are not there, looks again later
 * (server/email-sender/verify-backoff.ts). On the bulk queue so polling never holds up mail.
 * `issuedAt` ties a run to one set of records: a run for records since replaced does nothing.
 */
export const dnsVerifyJob = defineJob({
  name: 'dns-verify',
  queue: 'bulk',
  payload: z.object({
    tenantId: z.string().uuid(),
    senderId: z.string().uuid(),
    issuedAt: z.string().datetime(),
    attempt: z.number().int().min(1).max(500),
  }),
  attempts: 3,
  backoffMs: 10_000,
})

export const dnsVerifyJobId = (senderId: string, attempt: number) => `dns-verify-${senderId}-${attempt}`
