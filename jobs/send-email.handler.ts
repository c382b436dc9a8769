import { deliverEmail } from '#server/mail/deliver-email'
import type { JobHandler } from './runtime/registry'
import type { sendEmailJob } from './send-email'

export const handleSendEmail: JobHandler<typeof sendEmailJob> = (payload, platform, context) =>
  deliverEmail(platform, payload, context)
