import { checkPaymentAttempt } from '#server/payments/payment-attempt-checks'
import type { paymentAttemptCheckJob } from './payment-attempt-check'
import type { JobHandler } from './runtime/registry'

export const handlePaymentAttemptCheck: JobHandler<typeof paymentAttemptCheckJob> = (payload, platform) => checkPaymentAttempt(platform, payload)
