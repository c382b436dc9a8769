import type { Selectable } from 'kysely'
import type { SavedPaymentMethodsTable } from '#db/tables/payments'
import type { TenantExecutor } from '#db/tenant-scope'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { awaitsPayment } from '#server/payments/payable-invoice'
import type { Tenant } from '#server/tenancy/tenant'
import { afterFailedCharge, afterPaidPeriod, type AfterFailure } from './billing-schedule'
import { writeMembershipInvoice, type HeldMembership } from './membership-invoice'

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
  const membership = await trx.selectFrom('contact_memberships').selectAll().where('id', '=', membershipId).forUpdate().executeTakeFirst()
  if (!membership || membership.membership_type !== 'recurring' || !(BILLING_STATUSES as readonly string[]).includes(membership.status)) return { kind: 'not-due' }
  if (membership.next_billing_at === null || membership.period_price_minor === null) return { kind: 'not-due' }
  const wakesAt = membership.billing_retry_at ?? membership.next_billing_at
  if (wakesAt.getTime() > now.getTime()) return { kind: 'not-due' }
  if (membership.cancel_at_period_end) {
    await endMembership(trx, membership, { endsAt: membership.next_billing_at, now, reason: MEMBERSHIP_CANCELLED_NOTE })
    return { kind: 'cancelled' }
  }
  const periodOn = dateInputValue(membership.next_billing_at, tenant.settings.timezone)
  let billing = await trx.selectFrom('membership_billings').select(['invoice_id', 'status']).where('membership_id', '=', membership.id).where('period_on', '=', periodOn).executeTakeFirst()
  if (!billing) {
    const invoiceId = await writeMembershipInvoice(trx, tenant, membership, periodOn, now)
    billing = await trx
      .insertInto('membership_billings')
      .values({ tenant_id: tenant.id, membership_id: membership.id, period_on: periodOn, invoice_id: invoiceId, created_at: now, updated_at: now })
      .returning(['invoice_id', 'status'])
      .executeTakeFirstOrThrow()
  }
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'guid', 'number', 'status', 'total_minor', 'currency', 'email', 'first_name'])
    .where('id', '=', billing.invoice_id)
    .executeTakeFirstOrThrow()
  if (billing.status !== 'open' || !awaitsPayment(invoice.status)) return { kind: 'settled' }
  const method = membership.payment_method_id
    ? (await trx
        .selectFrom('saved_payment_methods')
        .select(['id', 'provider', 'account_id', 'customer_ref', 'method_ref', 'kind', 'last4', 'brand'])
        .where('id', '=', membership.payment_method_id)
        .executeTakeFirst()) ?? null
    : null
  return {
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
      method,
    },
  }
}

/**
 * A membership period's invoice is paid (settle-invoice.ts calls this inside the payment's
 * transaction): the billing is closed as paid and, when it is the membership's current period,
 * the membership moves on to its next billing (or to its end after the last cycle), active
 * again, its failed charges forgotten: a suspended member who pays is restored.
 */
export async function settleMembershipPeriod(trx: TenantExecutor, tenant: Tenant, invoiceId: string, now: Date): Promise<void> {
  const billing = await trx.selectFrom('membership_billings').select(['id', 'membership_id', 'period_on']).where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow()
  await trx.updateTable('membership_billings').set({ status: 'paid', updated_at: now }).where('id', '=', billing.id).execute()
  const membership = await trx.selectFrom('contact_memberships').selectAll().where('id', '=', billing.membership_id).forUpdate().executeTakeFirstOrThrow()
  const zone = tenant.settings.timezone
  const isCurrent = membership.next_billing_at !== null && dateInputValue(membership.next_billing_at, zone) === billing.period_on
  const isLive = membership.status === 'trial' || membership.status === 'active' || membership.status === 'suspended'
  if (!isCurrent || !isLive || membership.frequency === null) return
  const after = afterPaidPeriod(billing.period_on, {
    frequency: membership.frequency,
    billingDayOfMonth: membership.billing_day_of_month,
    firstBillingOn: membership.first_billing_on ?? billing.period_on,
    cyclesLeft: membership.billing_cycles_left,
  })
  if (after === null) throw new Error(`membership ${membership.id} has billing terms no date follows`)
  const midnight = (on: string) => zonedTimeToInstant(on, '00:00', zone)
  await trx
    .updateTable('contact_memberships')
    .set({
      status: 'active',
      suspended_at: null,
      failed_charges: 0,
      billing_retry_at: null,
      next_billing_at: after.kind === 'next' ? midnight(after.nextOn) : null,
      billing_cycles_left: after.kind === 'next' ? after.cyclesLeft : 0,
      expires_at: after.kind === 'last' ? midnight(after.endsOn) : null,
      updated_at: now,
    })
    .where('id', '=', membership.id)
    .execute()
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
