import { runSmsSend } from '#server/sms/run-sms-send'
import type { smsSendJob } from './sms-send'
import type { JobHandler } from './runtime/registry'

export const handleSmsSend: JobHandler<typeof smsSendJob> = (payload, platform) => runSmsSend(platform, payload)
