import { z } from 'zod'
import { registeredJobs } from '#jobs/runtime/registry'
import { defineJob } from '#server/jobs/job-contract'

describe('the product’s job contracts', () => {
  it('every payload names its tenant, so the runtime can let tenants take turns', () => {
    for (const { contract } of registeredJobs) {
      const schema = contract.payload
      expect(schema, contract.name).toBeInstanceOf(z.ZodObject)
      expect(Object.keys((schema as z.AnyZodObject).shape), contract.name).toContain('tenantId')
    }
  })

  it.each([
    ['send-email', 'interactive'],
    ['form-submission-pdf', 'interactive'],
    ['payment-attempt-check', 'bulk'],
  ])('%s waits in the %s queue', (name, queue) => {
    expect(registeredJobs.find((job) => job.contract.name === name)?.contract.queue).toBe(queue)
  })

  it('refuses, when type-checked, a payload without a tenant', () => {
    // @ts-expect-error: defineJob requires `tenantId` in the payload (null for platform work).
    const contract = defineJob({ name: 'no-tenant', payload: z.object({ recordId: z.string() }) })
    expect(contract).toMatchObject({ queue: 'interactive', attempts: 5 })
  })
})
