import { runCustomDomainCheck } from '#server/settings/custom-domain-verification'
import type { customDomainVerifyJob } from './custom-domain-verify'
import type { JobHandler } from './runtime/registry'

export const handleCustomDomainVerify: JobHandler<typeof customDomainVerifyJob> = (payload, platform) => runCustomDomainCheck(platform, payload)
