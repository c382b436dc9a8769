import { z } from 'zod'
import { registerJob, type RegisteredJob } from '#jobs/runtime/registry'
import { defineJob } from '#server/jobs/job-contract'

const payload = z.object({ tenantId: z.string().uuid(), label: z.string() })

/** Long work of the kind a mailing-list sync or an import does, for the tests of turn-taking. */
export const slowBulkJob = defineJob({ name: 'test-slow-bulk', queue: 'bulk', payload, attempts: 1 })
/** Work a person waits for, like a receipt. */
export const receiptJob = defineJob({ name: 'test-receipt', queue: 'interactive', payload, attempts: 1 })

export interface TurnTakingJobs {
  registered: RegisteredJob[]
  /** Labels in the order their jobs finished. */
  finished: string[]
  /** Lets every held job go on. */
  open(): void
}

/** Jobs whose labels start with `held` wait until the test opens the gate. */
export function turnTakingJobs(): TurnTakingJobs {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const finished: string[] = []
  const run = async ({ label }: { label: string }) => {
    if (label.startsWith('held')) await gate
    finished.push(label)
  }
  return {
    registered: [registerJob(slowBulkJob, run), registerJob(receiptJob, run)],
    finished,
    open,
  }
}
