import type { TenantExecutor } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import { formatInZone } from '#server/dates/tenant-dates'
import { paragraphsFrom, studioOrProductEmail } from '#server/email-templates/studio-email'
import type { Platform } from '#server/platform'
import { STAFF_ROLES } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import type { DuePeriod } from './billing-period'

/** What the member is told of a period that was not paid: by its invoice's status (spec invoice_pending, invoice_failed, invoice_reminder). */
export type PeriodNotice =
  /** No kept card: the invoice is sent to be paid (invoice_pending), then reminded (invoice_reminder). */
  | { kind: 'pending' }
  | { kind: 'reminder'; retryAt: Date | null }
  /** The card was refused (invoice_failed); another try follows on retryAt. */
  | { kind: 'failed'; reason: string; retryAt: Date }
  | { kind: 'suspended'; reason: string | null }

/** The words of a notice about a membership's period (plain text, like the receipt). */
export function periodNoticeText(
  notice: PeriodNotice,
  input: { studio: string; memberName: string; membership: string; numberText: string; totalText: string; dueText: string; payUrl: string; retryText: string | null; isGift?: boolean },
): { subject: string; text: string } {
  // A gift on repeat is billed the same way; the donor reads of their gift, not of a membership.
  const held = input.isGift ? 'gift' : 'membership'
  const hello = `Hello ${input.memberName || 'there'},`
  const what = `${input.membership} (invoice ${input.numberText}, ${input.totalText}, due ${input.dueText})`
  const pay = `To pay it now, open: ${input.payUrl}`
  switch (notice.kind) {
    case 'pending':
      return { subject: `Invoice ${input.numberText} from ${input.studio}`, text: [hello, '', input.isGift ? `Your next gift is due: ${what}.` : `Your membership's next period is due: ${what}.`, '', pay].join('\n') }
    case 'reminder':
      return {
        subject: `Reminder: invoice ${input.numberText} from ${input.studio} is not paid yet`,
        text: [
          hello,
          '',
          `Your ${held}'s ${input.isGift ? 'payment' : 'period'} is still waiting for its payment: ${what}.`,
          ...(input.retryText ? [`Please pay it before ${input.retryText} to keep your ${held}.`] : []),
          '',
          pay,
        ].join('\n'),
      }
    case 'failed':
      return {
        subject: `Your payment to ${input.studio} did not go through`,
        text: [hello, '', `We could not take the payment for ${what}: ${notice.reason}`, `We will try your card again on ${input.retryText}.`, '', `${pay} (you can use another card).`].join('\n'),
      }
    case 'suspended':
      return {
        subject: `Your ${held} at ${input.studio} is suspended`,
        text: [hello, '', `We could not take the payment for ${what}${notice.reason ? `: ${notice.reason}` : ''}.`, `Your ${held} is suspended until it is paid.`, '', pay].join('\n'),
      }
  }
}

/** The studio's template each notice may be sent with (spec 001: the payment statuses' invoice emails); a suspension has none. */
const NOTICE_TEMPLATES: Record<PeriodNotice['kind'], string | null> = { pending: 'invoice_pending', reminder: 'invoice_reminder', failed: 'invoice_failed', suspended: null }

/**
 * The email to the member about a period that was not paid (the studio's template for it, or the
 * product's words); null when the member has no address. Queued with the run's other emails.
 */
export async function periodNoticeEmail(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Tenant, period: DuePeriod, notice: PeriodNotice, origin: string): Promise<{ to: string; subject: string; text: string; html?: string } | null> {
  if (!period.invoice.email) return null
  const retryAt = notice.kind === 'failed' ? notice.retryAt : notice.kind === 'reminder' ? notice.retryAt : null
  const productEmail = periodNoticeText(notice, {
    studio: tenant.name,
    memberName: period.invoice.firstName,
    membership: period.membership.name,
    numberText: invoiceNumberText(period.invoice.number),
    totalText: moneyText(period.invoice.totalMinor, period.invoice.currency),
    dueText: formatInZone(period.dueAt, tenant.settings, 'date'),
    payUrl: `${origin}${orderPathFor(period.invoice.guid)}`,
    retryText: retryAt ? formatInZone(retryAt, tenant.settings, 'date') : null,
    isGift: period.membership.is_gift,
  })
  const templateName = NOTICE_TEMPLATES[notice.kind]
  const email = templateName
    ? await studioOrProductEmail(platform, tenant, {
        templateName,
        contact: { id: period.membership.contact_id },
        product: { name: period.membership.name, type: period.membership.is_gift ? 'Donation' : 'Membership' },
        productEmail,
        // Everything after the greeting: what is due, the next try and the link to pay.
        details: paragraphsFrom(productEmail.text, 1),
      })
    : productEmail
  return { to: period.invoice.email, ...email }
}

/**
 * The addresses of the studio's staff who asked for Sales notifications (user detail: "Sales
 * means the user buys a course, registers for an event or a recurring payment arrives"): read
 * once per billing run, however many payments it tells them of.
 */
export async function salesStaffAddresses(trx: TenantExecutor): Promise<string[]> {
  const staff = await trx.selectFrom('contacts').select('email').where('notify_sales', '=', true).where('role', 'in', STAFF_ROLES).where('is_account_locked', '=', false).where('email', 'is not', null).execute()
  return staff.flatMap((person) => (person.email ? [person.email] : []))
}

/** The staff's words for a membership billing event. */
export function salesNoticeText(
  kind: 'paid' | 'suspended',
  input: { studio: string; memberName: string; membership: string; numberText: string; totalText: string; reason: string | null },
): { subject: string; text: string } {
  if (kind === 'paid') {
    return {
      subject: `Membership payment: ${input.memberName}, ${input.totalText}`,
      text: `${input.memberName} paid ${input.totalText} for ${input.membership} (invoice ${input.numberText}) at ${input.studio}.`,
    }
  }
  return {
    subject: `Membership suspended: ${input.memberName}, ${input.membership}`,
    text: [
      `${input.memberName}'s membership ${input.membership} at ${input.studio} is suspended: invoice ${input.numberText} (${input.totalText}) could not be charged after every retry${
        input.reason ? ` (${input.reason})` : ''
      }.`,
      'It is restored as soon as the invoice is paid.',
    ].join('\n'),
  }
}
