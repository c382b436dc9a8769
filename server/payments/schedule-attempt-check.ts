import { paymentAttemptCheckJob } from '#jobs/payment-attempt-check'
import type { Platform } from '#server/platform'

export type CheckedAttempt = { tenantId: string; provider: 'RAZORPAY' | 'PHONEPE'; checkoutRef: string; origin: string }

/**
 * When an open attempt is asked of its provider again: soon after the buyer left, then less and
 * less often for a day. After the last, the attempt stays open; the order page still asks.
 */
export const ATTEMPT_CHECK_DELAYS_MS = [10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000] as const

export async function scheduleAttemptCheck(platform: Pick<Platform, 'jobs'>, attempt: CheckedAttempt, round = 0): Promise<void> {
  const delayMs = ATTEMPT_CHECK_DELAYS_MS[round]
  if (delayMs === undefined) return
  await platform.jobs.enqueue(paymentAttemptCheckJob, { ...attempt, round }, { jobId: `payment-attempt-check-${attempt.provider}-${attempt.checkoutRef}-${round}`, delayMs })
}

