import { withTenant } from '#db/tenant-scope'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import type { Env } from '#server/env.server'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { openDuePeriod, recordFailedCharge, settleMembershipPeriod, type DuePeriod } from './billing-period'
import { chargeKeptCard } from './charge-kept-card'
import { emailPeriodNotice, notifySalesStaff, salesNoticeText } from './membership-emails'

export type BillingOutcome = 'not-due' | 'cancelled' | 'settled' | 'paid' | 'waiting' | 'retry' | 'suspended' | 'counted-elsewhere'

type BillingPlatform = Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger' | 'tenants'>

/** How long a period waits after the provider could not be reached on every try of a job; not counted as a refusal. */
export const PROVIDER_DOWN_WAIT_MS = 60 * 60 * 1000

/** The studio's own address for links in emails a job sends (no request to take it from). */
export function jobOrigin(tenant: Tenant, env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'PLATFORM_DOMAINS' | 'isProduction'>): string {
  return tenantOrigin(tenant, new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`), env)
}

/**
 * Bills one recurring membership whose period is due (the membership-charge job): the
 * period's invoice (once), then its kept card off session. Paid moves the membership on and
 * the member gets the receipt; a refusal is tried again on days 1, 3 and 7 and then suspends
 * the membership, with the member emailed each time and Sales staff told of the suspension.
 * Without a card the member is sent the invoice to pay, and reminded on the same days.
 */
export async function billMembership(platform: BillingPlatform, input: { tenantId: string; membershipId: string; now: Date }): Promise<BillingOutcome> {
  const tenant = await platform.tenants.findById(input.tenantId)
  if (!tenant) return 'not-due'
  try {
    return await billPeriod(platform, tenant, input)
  } finally {
    // The period's invoice, its payment and the membership's next date, whichever were written.
    platform.caches.changed(tenant.id, ['invoices', 'memberships'])
  }
}

async function billPeriod(platform: BillingPlatform, tenant: Tenant, input: { membershipId: string; now: Date }): Promise<BillingOutcome> {
  const opened = await withTenant(platform.database, tenant.id, (trx) => openDuePeriod(trx, tenant, input.membershipId, input.now))
  if (opened.kind !== 'due') return opened.kind
  const { period } = opened
  const origin = jobOrigin(tenant, platform.env)
  if (period.invoice.totalMinor === 0) return settleFreePeriod(platform, tenant, period, input.now)
  const charge = await chargeKeptCard(platform, tenant, period, { origin, now: input.now })
  if (charge.kind === 'paid') {
    // Staff hear of a payment once: from the run that recorded it, not from a second worker given the same charge back.
    if (charge.recordedHere) await notifySalesStaff(platform, tenant, salesNoticeText('paid', noticeFacts(tenant, period, null)))
    return 'paid'
  }
  if (charge.kind === 'waiting') return 'waiting'
  const refusal = charge.kind === 'refused' ? charge.message : null
  const after = await withTenant(platform.database, tenant.id, (trx) => recordFailedCharge(trx, period, { markInvoiceFailed: refusal !== null, now: input.now }))
  if (after === null) return 'counted-elsewhere'
  if (after.kind === 'suspend') {
    await emailPeriodNotice(platform, tenant, period, { kind: 'suspended', reason: refusal }, origin)
    await notifySalesStaff(platform, tenant, salesNoticeText('suspended', noticeFacts(tenant, period, refusal)))
    return 'suspended'
  }
  const notice =
    refusal !== null
      ? ({ kind: 'failed', reason: refusal, retryAt: after.retryAt } as const)
      : after.failedCharges === 1
      ? ({ kind: 'pending' } as const)
      : ({ kind: 'reminder', retryAt: after.retryAt } as const)
  await emailPeriodNotice(platform, tenant, period, notice, origin)
  return 'retry'
}

/** A period that costs nothing is paid as it falls due. */
async function settleFreePeriod(platform: BillingPlatform, tenant: Tenant, period: DuePeriod, now: Date): Promise<BillingOutcome> {
  await withTenant(platform.database, tenant.id, async (trx) => {
    await settleMembershipPeriod(trx, tenant, period.invoice.id, now)
    await trx.updateTable('invoices').set({ status: 'paid', payment_method: 'free', paid_at: now, updated_at: now }).where('id', '=', period.invoice.id).execute()
  })
  return 'paid'
}

/**
 * The provider could not be reached on any try of the job: the period waits an hour and the
 * sweep queues it again. Not a refusal, so the member is not told and dunning does not advance.
 */
export async function postponeBilling(platform: Pick<Platform, 'database' | 'caches'>, input: { tenantId: string; membershipId: string; now: Date }): Promise<void> {
  await withTenant(platform.database, input.tenantId, (trx) =>
    trx
      .updateTable('contact_memberships')
      .set({ billing_retry_at: new Date(input.now.getTime() + PROVIDER_DOWN_WAIT_MS), updated_at: input.now })
      .where('id', '=', input.membershipId)
      .where('status', 'in', ['trial', 'active'])
      .execute(),
  )
  platform.caches.changed(input.tenantId, ['memberships'])
}

function noticeFacts(tenant: Tenant, period: DuePeriod, reason: string | null) {
  return {
    studio: tenant.name,
    memberName: period.invoice.firstName,
    membership: period.membership.name,
    numberText: invoiceNumberText(period.invoice.number),
    totalText: moneyText(period.invoice.totalMinor, period.invoice.currency),
    reason,
  }
}
