import type { Platform } from '#server/platform'
import { CHECKOUT_HOUSEKEEPING_EVERY_MS, checkoutHousekeepingJob } from './checkout-housekeeping'
import { membershipBillingSweepJob } from './membership-billing-sweep'
import { PLAN_RENEWAL_SWEEP_EVERY_MS, planRenewalSweepJob } from './plan-renewal-sweep'
import { TENANT_PURGE_EVERY_MS, tenantPurgeJob } from './tenant-purge'
import { SMS_REMINDER_SWEEP_EVERY_MS, smsReminderSweepJob } from './sms-reminder-sweep'

/**
 * Sets up the jobs that run on a schedule. With Redis the worker does it (BullMQ keeps one
 * schedule per id, however many workers start); without, the web server's in-process runtime
 * runs them on timers.
 */
export async function scheduleRecurringJobs(platform: Pick<Platform, 'jobs' | 'env'>): Promise<void> {
  await platform.jobs.repeat(membershipBillingSweepJob, { tenantId: null }, { schedulerId: 'membership-billing-sweep', everyMs: platform.env.MEMBERSHIP_BILLING_EVERY_SECONDS * 1000 })
  await platform.jobs.repeat(planRenewalSweepJob, { tenantId: null }, { schedulerId: 'plan-renewal-sweep', everyMs: PLAN_RENEWAL_SWEEP_EVERY_MS })
  await platform.jobs.repeat(smsReminderSweepJob, { tenantId: null }, { schedulerId: 'sms-reminder-sweep', everyMs: SMS_REMINDER_SWEEP_EVERY_MS })
  await platform.jobs.repeat(checkoutHousekeepingJob, { tenantId: null }, { schedulerId: 'checkout-housekeeping', everyMs: CHECKOUT_HOUSEKEEPING_EVERY_MS })
  await platform.jobs.repeat(tenantPurgeJob, { tenantId: null }, { schedulerId: 'tenant-purge', everyMs: TENANT_PURGE_EVERY_MS })
}
