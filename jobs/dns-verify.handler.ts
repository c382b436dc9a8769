import { runScheduledSenderCheck } from '#server/email-sender/campaign-sender'
import type { dnsVerifyJob } from './dns-verify'
import type { JobHandler } from './runtime/registry'

export const handleDnsVerify: JobHandler<typeof dnsVerifyJob> = (payload, platform) => runScheduledSenderCheck(platform, payload)
