import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { SmsDeliveryStatus, SmsMessageStatus } from '#db/tables/sms'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { contactDisplayName } from '#server/contacts/actions/action-target'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { queueSmsIn, startSmsSend } from './queue-sms'
import { smsNumberOf } from './sms-number'
import { canSendSms } from './sms-settings-store'

/** Twilio's limit for one message body. */
export const SMS_BODY_MAX = 1600

export const CONTACT_SMS_MESSAGES = {
  bodyRequired: 'Message is required',
  bodyTooLong: `Message is at most ${SMS_BODY_MAX} characters`,
  notSetUp: 'SMS is not set up yet: an administrator connects Twilio or Plivo under Settings > Integrations.',
  plivoWaiting: "SMS waits for the studio's Plivo number to be approved for texting (Settings > Integrations > Plivo).",
  noPhone: 'This contact has no phone number to text. Add one to the profile first.',
  badPhone: (phone: string) => `This contact's phone number (${phone}) is not one a text message can go to. Correct it on the profile first.`,
  queued: (phone: string) => `SMS queued for ${phone}. It is sent within a few minutes.`,
  notFound: 'Contact not found',
} as const

export const contactSmsSchema = z.object({
  body: z
    .string({ required_error: CONTACT_SMS_MESSAGES.bodyRequired })
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .refine((value) => value.trim().length > 0, CONTACT_SMS_MESSAGES.bodyRequired)
        .refine((value) => value.trim().length <= SMS_BODY_MAX, CONTACT_SMS_MESSAGES.bodyTooLong),
    ),
})

export interface ContactSmsPage {
  guId: string
  fullName: string
  phone: string | null
  /** The number the message goes to (E.164), when the phone can be one. */
  smsNumber: string | null
  /** Why a message cannot be sent, or null when it can. */
  blockedBy: string | null
  recent: Array<{ id: string; body: string; status: SmsMessageStatus; error: string | null; createdAt: string; createdAtText: string; sentAt: string | null; delivery: SmsDelivery | null }>
}

/**
 * What the carrier reported of a sent message, in words: delivered (with when), not delivered
 * (with the provider's error code), or sent while no report came yet; null for a message not sent.
 */
export type SmsDelivery =
  | { kind: 'delivered'; at: string; atText: string }
  | { kind: 'failed'; errorCode: string | null; at: string; atText: string }
  | { kind: 'awaiting' }

function deliveryOf(
  row: { status: SmsMessageStatus; delivery_status: SmsDeliveryStatus | null; delivery_error: string | null; delivery_reported_at: Date | null },
  tenant: Tenant,
  language: Language,
): SmsDelivery | null {
  if (row.status !== 'sent') return null
  if (!row.delivery_status || !row.delivery_reported_at) return { kind: 'awaiting' }
  const at = row.delivery_reported_at.toISOString()
  const atText = dateInLanguage(row.delivery_reported_at, tenant.settings, 'dateTime', language)
  return row.delivery_status === 'delivered' ? { kind: 'delivered', at, atText } : { kind: 'failed', errorCode: row.delivery_error, at, atText }
}

type Db = Pick<Platform, 'database'>

/**
 * The contact behind a guid of this tenant with what its SMS page shows, its dates written in
 * the page's language, or null (bad guid, another tenant's). Why a message cannot be sent stays
 * English, as the refusals it also answers with: the page translates it where it answers.
 */
export async function loadContactSmsPage(platform: Db, tenant: Tenant, unverifiedGuid: unknown, language: Language = 'en'): Promise<(ContactSmsPage & { contactId: string }) | null> {
  const guid = parseContactGuid(unverifiedGuid)
  if (!guid) return null
  return withTenant(platform.database, tenant.id, async (trx) => {
    const contact = await trx.selectFrom('contacts').select(['id', 'guid', 'first_name', 'last_name', 'email', 'phone']).where('guid', '=', guid).executeTakeFirst()
    if (!contact) return null
    const settings = await trx
      .selectFrom('sms_settings')
      .select(['provider', 'twilio_sid', 'twilio_token_sealed', 'plivo_token_sealed', 'plivo_phone_number', 'is_messaging_approved'])
      .executeTakeFirst()
    const recent = await trx
      .selectFrom('sms_messages')
      .select(['id', 'body', 'status', 'error', 'created_at', 'sent_at', 'delivery_status', 'delivery_error', 'delivery_reported_at'])
      .where('contact_id', '=', contact.id)
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute()
    const phone = contact.phone?.trim() || null
    const configured = canSendSms(settings)
    const notReady = settings?.provider === 'plivo' && settings.plivo_phone_number ? CONTACT_SMS_MESSAGES.plivoWaiting : CONTACT_SMS_MESSAGES.notSetUp
    const smsNumber = smsNumberOf(phone, tenant.settings.country)
    return {
      contactId: contact.id,
      guId: contact.guid,
      fullName: contactDisplayName(contact.first_name, contact.last_name, contact.email),
      phone,
      smsNumber,
      blockedBy: !configured ? notReady : !phone ? CONTACT_SMS_MESSAGES.noPhone : !smsNumber ? CONTACT_SMS_MESSAGES.badPhone(phone) : null,
      recent: recent.map((row) => ({ id: row.id, body: row.body, status: row.status, error: row.error, createdAt: row.created_at.toISOString(), createdAtText: dateInLanguage(row.created_at, tenant.settings, 'dateTime', language), sentAt: row.sent_at ? row.sent_at.toISOString() : null, delivery: deliveryOf(row, tenant, language) })),
    }
  })
}

/**
 * Staff text one contact from the profile: the message is queued in the outbox to the
 * contact's phone and the send job started. Refused (nothing written) when SMS is not set up or
 * the contact has no phone a message can go to; another tenant's contact is not found.
 */
export async function sendContactSms(
  platform: Db & Pick<Platform, 'jobs'>,
  input: { tenant: Tenant; unverifiedGuid: unknown; actorContactId: string; body: string },
): Promise<WordedResult<{ message: string }, 'not_found' | 'conflict'>> {
  const page = await loadContactSmsPage(platform, input.tenant, input.unverifiedGuid)
  if (!page) return err('not_found', CONTACT_SMS_MESSAGES.notFound)
  if (page.blockedBy || !page.phone || !page.smsNumber) return err('conflict', page.blockedBy ?? CONTACT_SMS_MESSAGES.noPhone)
  const to = page.smsNumber
  const { batchId } = await withTenant(platform.database, input.tenant.id, (trx) =>
    queueSmsIn(trx, input.tenant.id, [{ contactId: page.contactId, to, body: input.body.trim() }], { kind: 'message', createdBy: input.actorContactId }),
  )
  await startSmsSend(platform, input.tenant.id, batchId)
  return ok({ message: CONTACT_SMS_MESSAGES.queued(to) })
}
