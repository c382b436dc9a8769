import type { JobContext, JobContract } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { contactImportJob } from '#jobs/contact-import'
import { handleContactImport } from '#jobs/contact-import.handler'
import { contactActivityReportJob } from '#jobs/contact-activity-report'
import { handleContactActivityReport } from '#jobs/contact-activity-report.handler'
import { invoicePdfJob } from '#jobs/invoice-pdf'
import { handleInvoicePdf } from '#jobs/invoice-pdf.handler'
import { formSubmissionPdfJob } from '#jobs/form-submission-pdf'
import { handleFormSubmissionPdf } from '#jobs/form-submission-pdf.handler'
import { paymentAttemptCheckJob } from '#jobs/payment-attempt-check'
import { handlePaymentAttemptCheck } from '#jobs/payment-attempt-check.handler'
import { checkoutHousekeepingJob } from '#jobs/checkout-housekeeping'
import { handleCheckoutHousekeeping } from '#jobs/checkout-housekeeping.handler'
import { tenantPurgeJob } from '#jobs/tenant-purge'
import { handleTenantPurge } from '#jobs/tenant-purge.handler'
import { membershipBillingSweepJob } from '#jobs/membership-billing-sweep'
import { handleMembershipBillingSweep } from '#jobs/membership-billing-sweep.handler'
import { membershipChargeJob } from '#jobs/membership-charge'
import { planRenewalJob } from '#jobs/plan-renewal'
import { handlePlanRenewal } from '#jobs/plan-renewal.handler'
import { planRenewalSweepJob } from '#jobs/plan-renewal-sweep'
import { handlePlanRenewalSweep } from '#jobs/plan-renewal-sweep.handler'
import { handleMembershipCharge } from '#jobs/membership-charge.handler'
import { sendEmailJob } from '#jobs/send-email'
import { handleSendEmail } from '#jobs/send-email.handler'
import { mailingListResyncJob } from '#jobs/mailing-list-resync'
import { handleMailingListResync } from '#jobs/mailing-list-resync.handler'
import { mailingListPushJob } from '#jobs/mailing-list-push'
import { handleMailingListPush } from '#jobs/mailing-list-push.handler'
import { dnsVerifyJob } from '#jobs/dns-verify'
import { handleDnsVerify } from '#jobs/dns-verify.handler'
import { customDomainVerifyJob } from '#jobs/custom-domain-verify'
import { handleCustomDomainVerify } from '#jobs/custom-domain-verify.handler'
import { smsSendJob } from '#jobs/sms-send'
import { handleSmsSend } from '#jobs/sms-send.handler'
import { plivoApprovalCheckJob } from '#jobs/plivo-approval-check'
import { handlePlivoApprovalCheck } from '#jobs/plivo-approval-check.handler'
import { smsReminderSweepJob } from '#jobs/sms-reminder-sweep'
import { handleSmsReminderSweep } from '#jobs/sms-reminder-sweep.handler'
import { InvalidJobPayloadError } from './job-failure'
import { auditJobCacheWrites } from './job-cache-audit'

type PayloadOf<C> = C extends JobContract<infer P> ? P : never

export type JobHandler<C extends JobContract<unknown>> = (
  payload: PayloadOf<C>,
  platform: Platform,
  context: JobContext,
) => Promise<void>

export interface RegisteredJob {
  contract: JobContract<unknown>
  handle: (payload: unknown, platform: Platform, context: JobContext) => Promise<void>
}

/** Pairs a contract with its handler; the payload is checked against the schema before each run. */
export function registerJob<C extends JobContract<unknown>>(contract: C, handler: JobHandler<C>): RegisteredJob {
  return {
    contract,
    handle: async (payload, platform, context) => {
      const parsed = contract.payload.safeParse(payload)
      if (!parsed.success) throw new InvalidJobPayloadError(contract.name, parsed.error)
      await auditJobCacheWrites(contract.name, parsed.data, platform, () => handler(parsed.data as PayloadOf<C>, platform, context))
    },
  }
}

/** Every job the product runs, with its handler. */
export const registeredJobs: readonly RegisteredJob[] = [
  registerJob(sendEmailJob, handleSendEmail),
  registerJob(formSubmissionPdfJob, handleFormSubmissionPdf),
  registerJob(contactImportJob, handleContactImport),
  registerJob(contactActivityReportJob, handleContactActivityReport),
  registerJob(invoicePdfJob, handleInvoicePdf),
  registerJob(paymentAttemptCheckJob, handlePaymentAttemptCheck),
  registerJob(membershipBillingSweepJob, handleMembershipBillingSweep),
  registerJob(membershipChargeJob, handleMembershipCharge),
  registerJob(planRenewalSweepJob, handlePlanRenewalSweep),
  registerJob(planRenewalJob, handlePlanRenewal),
  registerJob(checkoutHousekeepingJob, handleCheckoutHousekeeping),
  registerJob(tenantPurgeJob, handleTenantPurge),
  registerJob(mailingListResyncJob, handleMailingListResync),
  registerJob(mailingListPushJob, handleMailingListPush),
  registerJob(dnsVerifyJob, handleDnsVerify),
  registerJob(customDomainVerifyJob, handleCustomDomainVerify),
  registerJob(smsSendJob, handleSmsSend),
  registerJob(smsReminderSweepJob, handleSmsReminderSweep),
  registerJob(plivoApprovalCheckJob, handlePlivoApprovalCheck),
]

/** The product's jobs plus any a test adds. */
export function jobCatalog(extra: readonly RegisteredJob[] = []): readonly RegisteredJob[] {
  return extra.length === 0 ? registeredJobs : [...registeredJobs, ...extra]
}

export function findJob(name: string, catalog: readonly RegisteredJob[] = registeredJobs): RegisteredJob | undefined {
  return catalog.find((job) => job.contract.name === name)
}
