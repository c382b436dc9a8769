import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import { tenantOrigin } from '#server/auth/tenant-origin'
import type { Env } from '#server/env.server'
import { recipientLanguage } from '#server/i18n/recipient-language'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { queueTenantEmails } from '#server/mail/queue-email'
import { openDuePeriods, recordFailedCharge, settleMembershipPeriods, type DuePeriod } from './billing-period'
import { chargeKeptCards } from './charge-kept-card'
import { periodNoticeEmail, salesNoticeFor, salesStaffAddresses, type PeriodNotice, type SalesNotice } from './membership-emails'

export type BillingOutcome = 'not-due' | 'cancelled' | 'settled' | 'paid' | 'waiting' | 'retry' | 'suspended' | 'counted-elsewhere'

type BillingPlatform = Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger' | 'tenants'>

/** How long a period waits after the provider could not be reached on every try of a job; not counted as a refusal. */
export const PROVIDER_DOWN_WAIT_MS = 60 * 60 * 1000

/** The studio's own address for links in emails a job sends (no request to take it from). */
export function jobOrigin(tenant: Tenant, env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'PLATFORM_DOMAINS' | 'isProduction'>): string {
  return tenantOrigin(tenant, new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`), env)
}

/** Some charges of a billing run failed in a way a try later may not (Stripe or the network): the run is tried again for them. */
export class MembershipChargesFailed extends Error {
  override name = 'MembershipChargesFailed'
  constructor(readonly failures: ReadonlyArray<{ membershipId: string; error: unknown }>) {
    super(`${failures.length} membership charge(s) failed: ${failures.map(({ error }) => (error instanceof Error ? error.message : String(error))).join('; ')}`.slice(0, 2000))
  }
}

/**
 * Bills one recurring membership whose period is due: a run of one (billMemberships). Throws
 * what its charge failed with when Stripe or the network failed.
 */
export async function billMembership(platform: BillingPlatform, input: { tenantId: string; membershipId: string; now: Date }): Promise<BillingOutcome> {
  try {
    return (await billMemberships(platform, { tenantId: input.tenantId, membershipIds: [input.membershipId], now: input.now })).get(input.membershipId) ?? 'not-due'
  } catch (error) {
    throw error instanceof MembershipChargesFailed && error.failures.length === 1 ? error.failures[0]?.error : error
  }
}

/**
 * Bills recurring memberships of one studio whose periods are due (the membership-charge job,
 * a batch of the sweep's): the periods' invoices (once) written together, then each kept card
 * charged off session, the answers recorded and settled together. Paid moves a membership on
 * and the member gets the receipt; a refusal is tried again on days 1, 3 and 7 and then
 * suspends the membership, with the member emailed each time and Sales staff told of the
 * suspension. Without a card the member is sent the invoice to pay, and reminded on the same
 * days. Every membership's outcome is decided before a charge that failed otherwise (Stripe or
 * the network) is thrown (MembershipChargesFailed), so the job's next try finds the others
 * billed and tries only those again.
 */
export async function billMemberships(platform: BillingPlatform, input: { tenantId: string; membershipIds: readonly string[]; now: Date }): Promise<Map<string, BillingOutcome>> {
  const tenant = await platform.tenants.findById(input.tenantId)
  if (!tenant) return new Map(input.membershipIds.map((id) => [id, 'not-due']))
  try {
    return await billPeriods(platform, tenant, input)
  } finally {
    // The periods' invoices, their payments and the memberships' next dates, whichever were written.
    platform.caches.changed(tenant.id, ['invoices', 'memberships'])
  }
}

/** What the run tells people: members of periods not paid, staff of payments and suspensions. */
interface RunNotices {
  members: Array<{ period: DuePeriod; notice: PeriodNotice }>
  staff: SalesNotice[]
}

async function billPeriods(platform: BillingPlatform, tenant: Tenant, input: { membershipIds: readonly string[]; now: Date }): Promise<Map<string, BillingOutcome>> {
  const { now } = input
  const opened = await withTenant(platform.database, tenant.id, (trx) => openDuePeriods(trx, tenant, input.membershipIds, now))
  const outcomes = new Map<string, BillingOutcome>()
  const due: DuePeriod[] = []
  for (const [membershipId, period] of opened) {
    if (period.kind === 'due') due.push(period.period)
    else outcomes.set(membershipId, period.kind)
  }
  if (due.length === 0) return outcomes
  const origin = jobOrigin(tenant, platform.env)
  const free = due.filter((period) => period.invoice.totalMinor === 0)
  await settleFreePeriods(platform, tenant, free, now)
  for (const period of free) outcomes.set(period.membership.id, 'paid')
  const paying = due.filter((period) => period.invoice.totalMinor > 0)
  const charges = await chargeKeptCards(platform, tenant, paying, { origin, now })
  const notices: RunNotices = { members: [], staff: [] }
  const unpaid: Array<{ period: DuePeriod; refusal: string | null }> = []
  const failures: Array<{ membershipId: string; error: unknown }> = []
  for (const period of paying) {
    const membershipId = period.membership.id
    const charge = charges.get(membershipId) ?? { kind: 'no-card' }
    if (charge.kind === 'paid') {
      outcomes.set(membershipId, 'paid')
      // Staff hear of a payment once: from the run that recorded it, not from a second worker given the same charge back.
      if (charge.recordedHere) notices.staff.push({ kind: 'paid', period, reason: null })
    } else if (charge.kind === 'waiting') outcomes.set(membershipId, 'waiting')
    else if (charge.kind === 'error') failures.push({ membershipId, error: charge.error })
    else unpaid.push({ period, refusal: charge.kind === 'refused' ? charge.message : null })
  }
  await countUnpaidPeriods(platform, tenant, unpaid, { now, outcomes, notices })
  await queueRunEmails(platform, tenant, notices, origin)
  if (failures.length > 0) throw new MembershipChargesFailed(failures)
  return outcomes
}

/**
 * Counts the refused charges and the periods without a card, in one transaction (in membership
 * order, so two runs wait rather than deadlock), and says what each member is told.
 */
async function countUnpaidPeriods(
  platform: BillingPlatform,
  tenant: Tenant,
  unpaid: ReadonlyArray<{ period: DuePeriod; refusal: string | null }>,
  run: { now: Date; outcomes: Map<string, BillingOutcome>; notices: RunNotices },
): Promise<void> {
  if (unpaid.length === 0) return
  const inOrder = [...unpaid].sort((a, b) => (a.period.membership.id < b.period.membership.id ? -1 : 1))
  const counted = await withTenant(platform.database, tenant.id, async (trx) => {
    const afters = []
    for (const { period, refusal } of inOrder) afters.push(await recordFailedCharge(trx, period, { markInvoiceFailed: refusal !== null, now: run.now }))
    return afters
  })
  inOrder.forEach(({ period, refusal }, index) => {
    const after = counted[index] ?? null
    const membershipId = period.membership.id
    if (after === null) {
      run.outcomes.set(membershipId, 'counted-elsewhere')
      return
    }
    if (after.kind === 'suspend') {
      run.outcomes.set(membershipId, 'suspended')
      run.notices.members.push({ period, notice: { kind: 'suspended', reason: refusal } })
      run.notices.staff.push({ kind: 'suspended', period, reason: refusal })
      return
    }
    run.outcomes.set(membershipId, 'retry')
    const notice: PeriodNotice =
      refusal !== null ? { kind: 'failed', reason: refusal, retryAt: after.retryAt } : after.failedCharges === 1 ? { kind: 'pending' } : { kind: 'reminder', retryAt: after.retryAt }
    run.notices.members.push({ period, notice })
  })
}

/**
 * The run's notices to members and to Sales staff (read once), written to the outbox together,
 * each in its reader's language. Never throws: billing stands without the emails, and a failure
 * is logged for staff.
 */
async function queueRunEmails(platform: BillingPlatform, tenant: Tenant, notices: RunNotices, origin: string): Promise<void> {
  if (notices.members.length === 0 && notices.staff.length === 0) return
  try {
    const { staff, languageOf } = await withTenant(platform.database, tenant.id, async (trx) => {
      const memberIds = [...new Set(notices.members.map(({ period }) => period.membership.contact_id))]
      const members = memberIds.length > 0 ? await trx.selectFrom('contacts').select(['id', 'language']).where('id', 'in', memberIds).execute() : []
      return {
        staff: notices.staff.length > 0 ? await salesStaffAddresses(trx, tenant) : [],
        languageOf: new Map(members.map((member) => [member.id, recipientLanguage(member.language, tenant)])),
      }
    })
    const toMembers = await Promise.all(
      notices.members.map(({ period, notice }) =>
        periodNoticeEmail(platform, tenant, period, notice, { origin, language: languageOf.get(period.membership.contact_id) ?? recipientLanguage(null, tenant) }),
      ),
    )
    const toStaff = notices.staff.flatMap((notice) => staff.map((person) => ({ to: person.email, ...salesNoticeFor(tenant, notice, person.language) })))
    await queueTenantEmails(platform, tenant.id, [...toMembers.flatMap((email) => (email ? [email] : [])), ...toStaff])
  } catch (error) {
    platform.logger.error({ err: error, tenant: tenant.id }, 'the emails of a membership billing run could not be queued')
  }
}

/** Periods that cost nothing are paid as they fall due. */
async function settleFreePeriods(platform: BillingPlatform, tenant: Tenant, periods: readonly DuePeriod[], now: Date): Promise<void> {
  if (periods.length === 0) return
  const invoiceIds = periods.map((period) => period.invoice.id)
  await withTenant(platform.database, tenant.id, async (trx) => {
    await settleMembershipPeriods(trx, tenant, invoiceIds, now)
    await trx.updateTable('invoices').set({ status: 'paid', payment_method: 'free', paid_at: now, updated_at: now }).where('id', 'in', invoiceIds).execute()
  })
}

/**
 * The provider could not be reached on any try of the job: the periods still due wait an hour
 * and the sweep queues them again. Not a refusal, so the member is not told and dunning does not
 * advance. A membership billed meanwhile, or waiting for a retry already, is left as it is.
 */
export async function postponeBilling(platform: Pick<Platform, 'database' | 'caches'>, input: { tenantId: string; membershipIds: readonly string[]; now: Date }): Promise<void> {
  if (input.membershipIds.length === 0) return
  await withTenant(platform.database, input.tenantId, (trx) =>
    trx
      .updateTable('contact_memberships')
      .set({ billing_retry_at: new Date(input.now.getTime() + PROVIDER_DOWN_WAIT_MS), updated_at: input.now })
      .where('id', 'in', input.membershipIds)
      .where('status', 'in', ['trial', 'active'])
      .where(sql<Date>`coalesce(billing_retry_at, next_billing_at)`, '<=', input.now)
      .execute(),
  )
  platform.caches.changed(input.tenantId, ['memberships'])
}
