import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Asks Razorpay or PhonePe, some time after a buyer was sent to pay, what came of an attempt
 * still open: their callbacks ride on the buyer's browser (Razorpay) or come once (PhonePe), so
 * a payment whose return was lost is settled without waiting for anyone to open the order.
 */
export const paymentAttemptCheckJob = defineJob({
  name: 'payment-attempt-check',
  queue: 'bulk',
  payload: z.object({
    tenantId: z.string().uuid(),
    provider: z.enum(['RAZORPAY', 'PHONEPE']),
    checkoutRef: z.string().min(1).max(255),
    /** The studio's address, for the receipt's link. */
    origin: z.string().url(),
    round: z.number().int().min(0).max(20),
  }),
  attempts: 3,
  backoffMs: 30_000,
})
