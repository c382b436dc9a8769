import { withTenant } from '#db/tenant-scope'
import { formatInZone } from '#server/dates/tenant-dates'
import { err, ok, type WordedResult } from '#server/errors/result'
import { isUuid } from '#server/text/is-uuid'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { endMembership, MEMBERSHIP_CANCELLED_NOTE } from './billing-period'
import type { MembershipBillingView } from './membership-billing-view'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/**
 * How a recurring membership stops (issue: "Staff and the student can cancel at period end or
 * at once"): at the end of the period paid for (it bills no more and ends on its next billing
 * day), at once (staff only: it ends now and a period billed but unpaid is voided), or a
 * cancellation at period end taken back before that day. Pausing is not offered (decision 119).
 */
export type MembershipStop = 'period-end' | 'now' | 'keep'

export const CANCEL_MESSAGES = {
  notFound: 'That membership was not found.',
  notRecurring: 'Only a membership that bills on repeat can be cancelled here.',
  ended: 'This membership has already ended.',
  notBilling: 'This membership bills no more; it ends on its own.',
  notCancelling: 'This membership is not set to end.',
  endsOn: (name: string, date: string) => `${name} ends on ${date}. Nothing more will be charged.`,
  endedNow: (name: string) => `${name} is cancelled. Nothing more will be charged.`,
  kept: (name: string) => `${name} continues. It renews as before.`,
} as const

/**
 * Stops (or keeps) a recurring membership of this tenant by its guid. `contactId` limits it to
 * one member's own memberships (a student); staff pass null. Another tenant's or member's
 * membership is not found.
 */
export async function stopMembership(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { membershipGuid: string; contactId: string | null; stop: MembershipStop; now: Date; giftsOnly?: boolean },
): Promise<WordedResult<{ message: string }>> {
  if (!isUuid(input.membershipGuid)) return err('not_found', CANCEL_MESSAGES.notFound)
  try {
    return await stopInTransaction(platform, tenant, input)
  } finally {
    // Ending a membership voids the invoice of a period billed but not paid.
    platform.caches.changed(tenant.id, ['memberships', 'invoices'])
  }
}

async function stopInTransaction(platform: Pick<Platform, 'database'>, tenant: Tenant, input: Parameters<typeof stopMembership>[2]): Promise<WordedResult<{ message: string }>> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    let query = trx
      .selectFrom('contact_memberships')
      .select(['id', 'name', 'membership_type', 'status', 'next_billing_at', 'cancel_at_period_end', 'starts_at'])
      .where('guid', '=', input.membershipGuid)
    if (input.contactId !== null) query = query.where('contact_id', '=', input.contactId)
    // My Donations stops gifts only; a member's screens stop memberships only.
    if (input.giftsOnly !== undefined) query = query.where('is_gift', '=', input.giftsOnly)
    const membership = await query.forUpdate().executeTakeFirst()
    if (!membership) return err('not_found', CANCEL_MESSAGES.notFound)
    if (membership.membership_type !== 'recurring') return err('conflict', CANCEL_MESSAGES.notRecurring)
    if (membership.status === 'cancelled' || membership.status === 'expired') return err('conflict', CANCEL_MESSAGES.ended)
    switch (input.stop) {
      case 'period-end': {
        if (membership.next_billing_at === null) return err('conflict', CANCEL_MESSAGES.notBilling)
        // A suspended membership has no paid period left to run: it ends now.
        if (membership.status === 'suspended') {
          await endMembership(trx, membership, { endsAt: input.now, now: input.now, reason: MEMBERSHIP_CANCELLED_NOTE })
          return ok({ message: CANCEL_MESSAGES.endedNow(membership.name) })
        }
        await trx.updateTable('contact_memberships').set({ cancel_at_period_end: true, updated_at: input.now }).where('id', '=', membership.id).execute()
        return ok({ message: CANCEL_MESSAGES.endsOn(membership.name, formatInZone(membership.next_billing_at, tenant.settings, 'date')) })
      }
      case 'now':
        await endMembership(trx, membership, { endsAt: input.now, now: input.now, reason: MEMBERSHIP_CANCELLED_NOTE })
        return ok({ message: CANCEL_MESSAGES.endedNow(membership.name) })
      case 'keep':
        if (!membership.cancel_at_period_end) return err('conflict', CANCEL_MESSAGES.notCancelling)
        await trx.updateTable('contact_memberships').set({ cancel_at_period_end: false, updated_at: input.now }).where('id', '=', membership.id).execute()
        return ok({ message: CANCEL_MESSAGES.kept(membership.name) })
    }
  })
}

/** A stop the page asks to confirm, drawn at its own address (`?stopMembership=&stop=`) so it works without JavaScript. */
export interface MembershipStopping {
  guid: string
  name: string
  stop: 'period-end' | 'now'
  /** The day the paid period runs out, where a stop at period end ends it. */
  endsText: string | null
  /** The confirmation's words in the page's language: its title (for a membership or a gift), question and buttons. */
  words: { membershipTitle: string; giftTitle: string; message: string; yes: string; no: string }
}

/**
 * The stop the address asks to confirm among these memberships, when it may be made: a member
 * (`mayCancelNow` false) cancels at period end only; staff also at once. Null for anything else.
 */
export function stopToConfirm(
  memberships: ReadonlyArray<{ name: string; billing: MembershipBillingView | null }>,
  search: URLSearchParams,
  mayCancelNow: boolean,
  language: Language = 'en',
): MembershipStopping | null {
  const stop = mayCancelNow && search.get('stop') === 'now' ? 'now' : 'period-end'
  const asked = memberships.find((membership) => membership.billing !== null && membership.billing.guid === search.get('stopMembership'))
  const billing = asked?.billing
  if (!asked || !billing || !(stop === 'now' ? billing.canCancelNow : billing.canCancelAtPeriodEnd)) return null
  const t = tFor(language, 'portal')
  const endsText = billing.periodEndText
  const what =
    stop === 'now'
      ? t('stopNowMessage', { name: asked.name })
      : endsText
        ? t('stopEndsOnMessage', { name: asked.name, date: endsText })
        : t('stopRenewingMessage', { name: asked.name })
  return {
    guid: billing.guid,
    name: asked.name,
    stop,
    endsText,
    words: { membershipTitle: t('cancelMembershipTitle'), giftTitle: t('stopGivingTitle'), message: `${what} ${t('continueQuestion')}`, yes: t('yes'), no: t('no') },
  }
}
