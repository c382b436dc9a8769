import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** The SMS providers the spec names (settings spec, SMS tenant); the row's provider is the one that sends. */
export type SmsProvider = 'twilio' | 'plivo'

/** A studio's SMS settings (settings spec, SMS tenant): one row per studio. */
export interface SmsSettingsTable {
  id: Generated<string>
  tenant_id: string
  provider: SmsProvider
  twilio_sid: string | null
  /** The auth token, sealed (server/security/secret-box.ts); never sent to a browser. */
  twilio_token_sealed: string | null
  /** The sender's phone number; null when a messaging service id sends instead. */
  twilio_phone: string | null
  twilio_messaging_id: string | null
  admin_phone: string | null
  footer: string | null
  /** Messages per page of the send job (spec default 250). */
  page_size: Generated<number>
  /** Minutes between pages (spec default 3). */
  page_wait_minutes: Generated<number>
  /** The studio's Plivo account (its auth id); set while Plivo is the provider. */
  plivo_auth_id: string | null
  /** The Plivo auth token, sealed (server/security/secret-box.ts); never sent to a browser. */
  plivo_token_sealed: string | null
  /** The studio agreed to the SMS terms (spec isAgreeToTerms) with Get Started. */
  is_agree_to_terms: Generated<boolean>
  terms_agreed_at: Timestamp | null
  /** The number rented from Plivo (E.164), the sender of every text (spec plivoPhoneNumber). */
  plivo_phone_number: string | null
  /** Carriers approved the number for texting (spec isMessagingApproved); texts wait until then. */
  is_messaging_approved: Generated<boolean>
  plivo_approval_checked_at: Timestamp | null
  /** A buy is in flight since then: a second Buy is refused rather than renting a second number. */
  plivo_buying_at: Timestamp | null
  /** The number has waited for carriers' approval since then: the approval check looks again on a schedule from it. */
  plivo_waiting_since: Timestamp | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export type SmsMessageStatus = 'queued' | 'sending' | 'sent' | 'failed'
export type SmsMessageKind = 'message' | 'reminder'

/** One text message in the outbox, from queued to sent or failed. */
export interface SmsMessagesTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string | null
  to_number: string
  body: string
  kind: SmsMessageKind
  status: ColumnType<SmsMessageStatus, SmsMessageStatus | undefined, SmsMessageStatus>
  /** The provider's id of the message once it took it (Twilio's sid, Plivo's message UUID). */
  provider_message_id: string | null
  error: string | null
  /** The messages queued together (one send, one reminder sweep). */
  batch_id: string
  /** Keeps one message per purpose (a class reminder: occurrence and contact). */
  dedupe_key: string | null
  /** Calls the provider rate-limited or could not take; the message waits and is tried again. */
  tries: Generated<number>
  /** A rate-limited message waits until then. */
  not_before: Timestamp | null
  /** When a send page claimed it: the page window counts these. */
  claimed_at: Timestamp | null
  /** Set just before the provider call: a message attempted is never sent again. */
  attempted_at: Timestamp | null
  created_by: string | null
  created_at: CreatedAt
  sent_at: Timestamp | null
  /** What the provider's delivery report said of a sent message (Plivo's and Twilio's callbacks); null until one came; final once set. */
  delivery_status: SmsDeliveryStatus | null
  /** The provider's error code when it could not deliver. */
  delivery_error: string | null
  delivery_reported_at: Timestamp | null
}

export type SmsDeliveryStatus = 'delivered' | 'failed'

/** A signed callback's nonce a studio has taken: never taken twice (docs/decisions/145). */
export interface SmsCallbackNoncesTable {
  id: Generated<string>
  tenant_id: string
  provider: SmsProvider
  nonce: string
  seen_at: Timestamp
}

export interface SmsTables {
  sms_settings: SmsSettingsTable
  sms_messages: SmsMessagesTable
  sms_callback_nonces: SmsCallbackNoncesTable
}
