import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Looks for the TXT record that proves a tenant owns its custom domain, with the sender
 * domains' look-up and backoff (docs/decisions/131). `claimedAt` ties a run to one claim: a run
 * for a domain since changed, cleared or re-claimed does nothing. A `manual` run ('Check Again'
 * while pending) checks once and leaves the scheduled runs to carry on.
 */
export const customDomainVerifyJob = defineJob({
  name: 'custom-domain-verify',
  queue: 'bulk',
  payload: z.object({
    tenantId: z.string().uuid(),
    domain: z.string().min(1).max(253),
    claimedAt: z.string().datetime(),
    attempt: z.number().int().min(1).max(500),
    manual: z.boolean(),
  }),
  attempts: 3,
  backoffMs: 10_000,
})

export const customDomainVerifyJobId = (tenantId: string, claimedAt: Date, attempt: number) =>
  `custom-domain-verify-${tenantId}-${claimedAt.getTime()}-${attempt}`
