import { sql, type Selectable } from 'kysely'
import type { SavedPaymentMethodsTable } from '#db/tables/payments'
import type { TenantExecutor } from '#db/tenant-scope'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { awaitsPayment } from '#server/payments/payable-invoice'
import type { Tenant } from '#server/tenancy/tenant'
import { afterFailedCharge, afterPaidPeriod, type AfterFailure } from './billing-schedule'
import { writeMembershipInvoices, type HeldMembership } from './membership-invoice'

/** A period that is due now, with its invoice and the kept card to charge (if any). */
export interface DuePeriod {
  membership: HeldMembership
  periodOn: string
  /** When the period fell due (its day at midnight in the studio's zone): retries count from here. */
  dueAt: Date
  invoice: { id: string; guid: string; number: number; status: string; totalMinor: number; currency: string; email: string; firstName: string }
  method: Pick<Selectable<SavedPaymentMethodsTable>, 'id' | 'provider' | 'account_id' | 'customer_ref' | 'method_ref' | 'kind' | 'last4' | 'brand'> | null
}

export type OpenedPeriod = { kind: 'due'; period: DuePeriod } | { kind: 'not-due' } | { kind: 'cancelled' } | { kind: 'settled' }

const BILLING_STATUSES = ['trial', 'active'] as const

/** The note a period's invoice carries when it is voided because its membership was cancelled. */
export const MEMBERSHIP_CANCELLED_NOTE = 'Membership cancelled'

/**
 * The membership's period that is due now, inside the caller's transaction with the membership
 * locked: its invoice is written the first time (one per membership and period, by the
 * billing's unique key), and found again on every retry. A membership cancelled at the end of
 * its period stops here instead of being billed.
 */
export async function openDuePeriod(trx: TenantExecutor, tenant: Tenant, membershipId: string, now: Date): Promise<OpenedPeriod> {
  return (await openDuePeriods(trx, tenant, [membershipId], now)).get(membershipId) ?? { kind: 'not-due' }
}

/**
 * openDuePeriod for many memberships of one studio at once (a billing run's batch), in a few
 * statements whatever their number: the memberships locked in one (in id order, so two runs
 * sharing some wait for each other rather than deadlock), the periods' billings read in one,
 * the missing invoices and billings written together, then their invoices and kept cards read
 * in one each. Answers each membership's period by its id.
 */
export async function openDuePeriods(trx: TenantExecutor, tenant: Tenant, membershipIds: readonly string[], now: Date): Promise<Map<string, OpenedPeriod>> {
  const opened = new Map<string, OpenedPeriod>(membershipIds.map((id) => [id, { kind: 'not-due' }]))
  if (membershipIds.length === 0) return opened
  const locked = await trx.selectFrom('contact_memberships').selectAll().where('id', 'in', [...opened.keys()]).orderBy('id').forUpdate().execute()
  const zone = tenant.settings.timezone
  const due: Array<{ membership: HeldMembership & { next_billing_at: Date }; periodOn: string }> = []
  for (const membership of locked) {
    if (membership.membership_type !== 'recurring' || !(BILLING_STATUSES as readonly string[]).includes(membership.status)) continue
    const nextBillingAt = membership.next_billing_at
    if (nextBillingAt === null || membership.period_price_minor === null) continue
    const wakesAt = membership.billing_retry_at ?? nextBillingAt
    if (wakesAt.getTime() > now.getTime()) continue
    if (membership.cancel_at_period_end) {
      await endMembership(trx, membership, { endsAt: nextBillingAt, now, reason: MEMBERSHIP_CANCELLED_NOTE })
      opened.set(membership.id, { kind: 'cancelled' })
      continue
    }
    due.push({ membership: { ...membership, next_billing_at: nextBillingAt }, periodOn: dateInputValue(nextBillingAt, zone) })
  }
  if (due.length === 0) return opened
  const billings = await trx
    .selectFrom('membership_billings')
    .select(['membership_id', 'invoice_id', 'status'])
    .where(sql<boolean>`(membership_id, period_on) in (select * from unnest(${due.map(({ membership }) => membership.id)}::uuid[], ${due.map(({ periodOn }) => periodOn)}::date[]))`)
    .execute()
  const billingOf = new Map(billings.map((billing) => [billing.membership_id, billing]))
  const unbilled = due.filter(({ membership }) => !billingOf.has(membership.id))
  if (unbilled.length > 0) {
    const invoiceOf = await writeMembershipInvoices(trx, tenant, unbilled, now)
    const written = await trx
      .insertInto('membership_billings')
      .values(unbilled.map(({ membership, periodOn }) => ({ tenant_id: tenant.id, membership_id: membership.id, period_on: periodOn, invoice_id: invoiceOf.get(membership.id) ?? '', created_at: now, updated_at: now })))
      .returning(['membership_id', 'invoice_id', 'status'])
      .execute()
    for (const billing of written) billingOf.set(billing.membership_id, billing)
  }
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'guid', 'number', 'status', 'total_minor', 'currency', 'email', 'first_name'])
    .where('id', 'in', [...billingOf.values()].map((billing) => billing.invoice_id))
    .execute()
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.id, invoice]))
  const methodIds = [...new Set(due.flatMap(({ membership }) => (membership.payment_method_id ? [membership.payment_method_id] : [])))]
  const methods =
    methodIds.length === 0
      ? []
      : await trx.selectFrom('saved_payment_methods').select(['id', 'provider', 'account_id', 'customer_ref', 'method_ref', 'kind', 'last4', 'brand']).where('id', 'in', methodIds).execute()
  const methodOf = new Map(methods.map((method) => [method.id, method]))
  for (const { membership, periodOn } of due) {
    const billing = billingOf.get(membership.id)
    const invoice = billing ? invoiceOf.get(billing.invoice_id) : undefined
    if (!billing || !invoice) throw new Error(`membership ${membership.id}'s period ${periodOn} has no invoice`)
    if (billing.status !== 'open' || !awaitsPayment(invoice.status)) {
      opened.set(membership.id, { kind: 'settled' })
      continue
    }
    opened.set(membership.id, {
      kind: 'due',
      period: {
        membership,
        periodOn,
        dueAt: membership.next_billing_at,
        invoice: {
          id: invoice.id,
          guid: invoice.guid,
          number: invoice.number,
          status: invoice.status,
          totalMinor: Number(invoice.total_minor),
          currency: invoice.currency,
          email: invoice.email,
          firstName: invoice.first_name,
        },
        method: membership.payment_method_id ? (methodOf.get(membership.payment_method_id) ?? null) : null,
      },
    })
  }
  return opened
}

/**
 * A membership period's invoice is paid (settle-invoice.ts calls this inside the payment's
 * transaction): the billing is closed as paid and, when it is the membership's current period,
 * the membership moves on to its next billing (or to its end after the last cycle), active
 * again, its failed charges forgotten: a suspended member who pays is restored.
 */
export async function settleMembershipPeriod(trx: TenantExecutor, tenant: Tenant, invoiceId: string, now: Date): Promise<void> {
  await settleMembershipPeriods(trx, tenant, [invoiceId], now)
}

/**
 * settleMembershipPeriod for many paid period invoices at once (a billing run's payments): the
 * billings closed in one statement, their memberships locked in one (in id order, so two runs
 * wait for each other rather than deadlock) and moved on in one.
 */
export async function settleMembershipPeriods(trx: TenantExecutor, tenant: Tenant, invoiceIds: readonly string[], now: Date): Promise<void> {
  if (invoiceIds.length === 0) return
  const billings = await trx
    .updateTable('membership_billings')
    .set({ status: 'paid', updated_at: now })
    .where('invoice_id', 'in', invoiceIds)
    .returning(['membership_id', 'period_on', 'invoice_id'])
    .execute()
  if (billings.length !== new Set(invoiceIds).size) throw new Error(`membership periods paid without a billing: ${invoiceIds.filter((id) => !billings.some((billing) => billing.invoice_id === id)).join(', ')}`)
  const membershipIds = [...new Set(billings.map((billing) => billing.membership_id))]
  const locked = await trx.selectFrom('contact_memberships').selectAll().where('id', 'in', membershipIds).orderBy('id').forUpdate().execute()
  const held = new Map(locked.map((membership) => [membership.id, membership]))
  const zone = tenant.settings.timezone
  const midnight = (on: string) => zonedTimeToInstant(on, '00:00', zone)
  const movedOn = new Map<string, { nextBillingAt: Date | null; cyclesLeft: number | null; expiresAt: Date | null }>()
  for (const billing of billings) {
    const membership = held.get(billing.membership_id)
    if (!membership) throw new Error(`membership ${billing.membership_id} of a paid period is gone`)
    const isCurrent = membership.next_billing_at !== null && dateInputValue(membership.next_billing_at, zone) === billing.period_on
    const isLive = membership.status === 'trial' || membership.status === 'active' || membership.status === 'suspended'
    if (!isCurrent || !isLive || membership.frequency === null) continue
    const after = afterPaidPeriod(billing.period_on, {
      frequency: membership.frequency,
      billingDayOfMonth: membership.billing_day_of_month,
      firstBillingOn: membership.first_billing_on ?? billing.period_on,
      cyclesLeft: membership.billing_cycles_left,
    })
    if (after === null) throw new Error(`membership ${membership.id} has billing terms no date follows`)
    const moved = {
      nextBillingAt: after.kind === 'next' ? midnight(after.nextOn) : null,
      cyclesLeft: after.kind === 'next' ? after.cyclesLeft : 0,
      expiresAt: after.kind === 'last' ? midnight(after.endsOn) : null,
    }
    movedOn.set(membership.id, moved)
    // A second period of the same membership in this call is current only if it follows this one.
    held.set(membership.id, { ...membership, status: 'active', next_billing_at: moved.nextBillingAt, billing_cycles_left: moved.cyclesLeft })
  }
  if (movedOn.size === 0) return
  const ids = [...movedOn.keys()]
  const each = [...movedOn.values()]
  // Active again, failed charges forgotten: a suspended member who pays is restored.
  await sql`
    update contact_memberships as m
       set status = 'active', suspended_at = null, failed_charges = 0, billing_retry_at = null,
           next_billing_at = moved.next_billing_at, billing_cycles_left = moved.cycles_left,
           expires_at = moved.expires_at, updated_at = ${now}
      from unnest(${ids}::uuid[], ${each.map((m) => m.nextBillingAt)}::timestamptz[], ${each.map((m) => m.cyclesLeft)}::int[], ${each.map((m) => m.expiresAt)}::timestamptz[])
           as moved(id, next_billing_at, cycles_left, expires_at)
     where m.id = moved.id`.execute(trx)
}

/**
 * Counts a refused charge (or, without a kept card, an invoice left unpaid) of the period due:
 * another try on day 1, 3 or 7 after the due day, or suspension after the last. Counted once
 * however many workers report the same refusal: the update expects the count the charge was
 * made with. Null when another worker counted it, or the membership moved on meanwhile.
 */
export async function recordFailedCharge(
  trx: TenantExecutor,
  period: Pick<DuePeriod, 'membership' | 'dueAt' | 'invoice'>,
  input: { markInvoiceFailed: boolean; now: Date },
): Promise<AfterFailure | null> {
  const after = afterFailedCharge(period.dueAt, period.membership.failed_charges + 1, input.now)
  const counted = await trx
    .updateTable('contact_memberships')
    .set(
      after.kind === 'retry'
        ? { failed_charges: after.failedCharges, billing_retry_at: after.retryAt, updated_at: input.now }
        : { failed_charges: after.failedCharges, billing_retry_at: null, status: 'suspended', suspended_at: input.now, updated_at: input.now },
    )
    .where('id', '=', period.membership.id)
    .where('failed_charges', '=', period.membership.failed_charges)
    .where('status', 'in', BILLING_STATUSES)
    .executeTakeFirst()
  if (Number(counted.numUpdatedRows) === 0) return null
  if (input.markInvoiceFailed) {
    await trx.updateTable('invoices').set({ status: 'failed', updated_at: input.now }).where('id', '=', period.invoice.id).where('status', '=', 'pending').execute()
  }
  return after
}

/**
 * Cancels a membership from `endsAt`, closing a period billed but not paid
 * and voiding its invoice, so nothing is charged or owed for time the member no longer has.
 */
export async function endMembership(trx: TenantExecutor, membership: Pick<HeldMembership, 'id' | 'starts_at'>, input: { endsAt: Date; now: Date; reason: string }): Promise<void> {
  const endsAt = input.endsAt.getTime() > membership.starts_at.getTime() ? input.endsAt : new Date(membership.starts_at.getTime() + 1000)
  await trx
    .updateTable('contact_memberships')
    .set({ status: 'cancelled', cancelled_at: input.now, expires_at: endsAt, next_billing_at: null, billing_retry_at: null, cancel_at_period_end: false, updated_at: input.now })
    .where('id', '=', membership.id)
    .execute()
  const open = await trx.selectFrom('membership_billings').select(['id', 'invoice_id']).where('membership_id', '=', membership.id).where('status', '=', 'open').execute()
  for (const billing of open) {
    await trx.updateTable('membership_billings').set({ status: 'closed', updated_at: input.now }).where('id', '=', billing.id).execute()
    await trx
      .updateTable('invoices')
      .set({ status: 'void', voided_at: input.now, balance_minor: 0, note: input.reason, updated_at: input.now })
      .where('id', '=', billing.invoice_id)
      .where('status', 'in', ['pending', 'failed'])
      .execute()
  }
}
