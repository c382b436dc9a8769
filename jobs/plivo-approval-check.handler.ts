import { runPlivoApprovalCheck } from '#server/sms/plivo-approval'
import type { plivoApprovalCheckJob } from './plivo-approval-check'
import type { JobHandler } from './runtime/registry'

export const handlePlivoApprovalCheck: JobHandler<typeof plivoApprovalCheckJob> = (payload, platform) => runPlivoApprovalCheck(platform, payload)
