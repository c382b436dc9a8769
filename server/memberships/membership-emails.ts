import type { TenantExecutor } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import { giftNameIn } from '#server/checkout/gift-name-in'
import { dateInLanguage } from '#server/dates/language-dates'
import { productTypeText } from '#server/email-templates/render-template'
import { paragraphsFrom, studioOrProductEmail } from '#server/email-templates/studio-email'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
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

/** The words of a notice about a membership's period (plain text, like the receipt), in the member's language. */
export function periodNoticeText(
  notice: PeriodNotice,
  input: { studio: string; memberName: string; membership: string; numberText: string; totalText: string; dueText: string; payUrl: string; retryText: string | null; isGift?: boolean },
  language: Language = 'en',
): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  // A gift on repeat is billed the same way; the donor reads of their gift, not of a membership.
  const held = input.isGift ? 'gift' : 'membership'
  const hello = input.memberName ? t('hello', { name: input.memberName }) : t('helloThere')
  const what = t('periodWhat', { membership: input.membership, number: input.numberText, total: input.totalText, due: input.dueText })
  const pay = t('periodPayNow', { url: input.payUrl })
  const values = { studio: input.studio, number: input.numberText, what, date: input.retryText ?? '' }
  switch (notice.kind) {
    case 'pending':
      return { subject: t('invoicePendingSubject', values), text: [hello, '', t(`periodDue_${held}`, values), '', pay].join('\n') }
    case 'reminder':
      return {
        subject: t('periodReminderSubject', values),
        text: [hello, '', t(`periodStillWaiting_${held}`, values), ...(input.retryText ? [t(`periodPayBefore_${held}`, values)] : []), '', pay].join('\n'),
      }
    case 'failed':
      return {
        subject: t('periodFailedSubject', values),
        text: [hello, '', t('periodFailedNotTaken', { what, reason: notice.reason }), t('periodTryAgainOn', values), '', t('periodPayNowAnotherCard', { url: input.payUrl })].join('\n'),
      }
    case 'suspended':
      return {
        subject: t(`periodSuspendedSubject_${held}`, values),
        text: [
          hello,
          '',
          notice.reason ? t('periodSuspendedNotTakenBecause', { what, reason: notice.reason }) : t('periodSuspendedNotTaken', values),
          t(`periodSuspendedUntilPaid_${held}`, values),
          '',
          pay,
        ].join('\n'),
      }
  }
}

/** The studio's template each notice may be sent with (spec 001: the payment statuses' invoice emails); a suspension has none. */
const NOTICE_TEMPLATES: Record<PeriodNotice['kind'], string | null> = { pending: 'invoice_pending', reminder: 'invoice_reminder', failed: 'invoice_failed', suspended: null }

/**
 * The email to the member about a period that was not paid (the studio's template for it, or the
 * product's words in the member's language, with its amounts and dates); null when the member
 * has no address. Queued with the run's other emails.
 */
export async function periodNoticeEmail(
  platform: Pick<Platform, 'database' | 'tenants'>,
  tenant: Tenant,
  period: DuePeriod,
  notice: PeriodNotice,
  input: { origin: string; language: Language },
): Promise<{ to: string; subject: string; text: string; html?: string } | null> {
  if (!period.invoice.email) return null
  const { language } = input
  const retryAt = notice.kind === 'failed' ? notice.retryAt : notice.kind === 'reminder' ? notice.retryAt : null
  const productEmail = periodNoticeText(
    noticeIn(notice, language),
    {
      studio: tenant.name,
      memberName: period.invoice.firstName,
      membership: heldName(period, language),
      numberText: invoiceNumberText(period.invoice.number),
      totalText: moneyText(period.invoice.totalMinor, period.invoice.currency, language),
      dueText: dateInLanguage(period.dueAt, tenant.settings, 'date', language),
      payUrl: `${input.origin}${orderPathFor(period.invoice.guid)}`,
      retryText: retryAt ? dateInLanguage(retryAt, tenant.settings, 'date', language) : null,
      isGift: period.membership.is_gift,
    },
    language,
  )
  const templateName = NOTICE_TEMPLATES[notice.kind]
  const email = templateName
    ? await studioOrProductEmail(platform, tenant, {
        templateName,
        contact: { id: period.membership.contact_id },
        product: { name: heldName(period, language), type: productTypeText(period.membership.is_gift ? 'donation' : 'membership', language) },
        productEmail,
        // Everything after the greeting: what is due, the next try and the link to pay.
        details: paragraphsFrom(productEmail.text, 1),
      })
    : productEmail
  return { to: period.invoice.email, ...email }
}

/** The held membership's name; a gift on repeat keeps the product's gift name, written in the reader's language. */
function heldName(period: DuePeriod, language: Language): string {
  return period.membership.is_gift ? giftNameIn(period.membership.name, language) : period.membership.name
}

/** The refusal in a notice is the card's answer: a known one is said in the reader's language. */
function noticeIn(notice: PeriodNotice, language: Language): PeriodNotice {
  switch (notice.kind) {
    case 'failed':
      return { ...notice, reason: translateMessage(language, notice.reason) }
    case 'suspended':
      return { ...notice, reason: notice.reason === null ? null : translateMessage(language, notice.reason) }
    default:
      return notice
  }
}

/**
 * The studio's staff who asked for Sales notifications (user detail: "Sales means the user buys
 * a course, registers for an event or a recurring payment arrives"), each with the language they
 * read: read once per billing run, however many payments it tells them of.
 */
export async function salesStaffAddresses(trx: TenantExecutor, tenant: Pick<Tenant, 'settings'>): Promise<Array<{ email: string; language: Language }>> {
  const staff = await trx
    .selectFrom('contacts')
    .select(['email', 'language'])
    .where('notify_sales', '=', true)
    .where('role', 'in', STAFF_ROLES)
    .where('is_account_locked', '=', false)
    .where('email', 'is not', null)
    .execute()
  return staff.flatMap((person) => (person.email ? [{ email: person.email, language: recipientLanguage(person.language, tenant) }] : []))
}

/** What staff are told of a membership billing event: its facts, written when the reader's language is known. */
export interface SalesNotice {
  kind: 'paid' | 'suspended'
  period: DuePeriod
  reason: string | null
}

/** The staff's words for a membership billing event, in the reader's language. */
export function salesNoticeText(
  kind: 'paid' | 'suspended',
  input: { studio: string; memberName: string; membership: string; numberText: string; totalText: string; reason: string | null },
  language: Language = 'en',
): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  const values = { studio: input.studio, member: input.memberName, membership: input.membership, number: input.numberText, total: input.totalText }
  if (kind === 'paid') return { subject: t('salesPaidSubject', values), text: t('salesPaidText', values) }
  return {
    subject: t('salesSuspendedSubject', values),
    text: [input.reason ? t('salesSuspendedTextBecause', { ...values, reason: input.reason }) : t('salesSuspendedText', values), t('salesRestoredWhenPaid')].join('\n'),
  }
}

/** A staff notice's words for one reader: its amount, the gift's name and a known refusal in their language. */
export function salesNoticeFor(tenant: Tenant, notice: SalesNotice, language: Language): { subject: string; text: string } {
  const { period } = notice
  return salesNoticeText(
    notice.kind,
    {
      studio: tenant.name,
      memberName: period.invoice.firstName,
      membership: heldName(period, language),
      numberText: invoiceNumberText(period.invoice.number),
      totalText: moneyText(period.invoice.totalMinor, period.invoice.currency, language),
      reason: notice.reason === null ? null : translateMessage(language, notice.reason),
    },
    language,
  )
}
