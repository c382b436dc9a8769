import type { MessageSource } from '#server/i18n/message-source'
import { PROVIDER_NAMES, providerToasts, type PaymentProvider } from '#server/payments/payment-providers'
import { KEY_FORM_LABELS, KEY_FORM_MESSAGES } from '#server/payments/provider-key-form'
import { STRIPE_CONNECT_MESSAGES } from '#server/payments/stripe-connect'
import { SENDER_MESSAGES } from '#server/email-sender/campaign-sender'
import { SENDER_FORM_MESSAGES } from '#server/email-sender/sender-form'
import { SENDER_SCREEN_MESSAGES } from '#server/email-sender/sender-screen-messages'
import { TWILIO_FORM_SHOWN_MESSAGES } from '#server/sms/twilio-form'
import { TWILIO_REFUSALS } from '#server/sms/save-twilio-settings'
import { PLIVO_FORM_SHOWN_MESSAGES, PLIVO_MESSAGES } from '#server/sms/plivo-form'
import { PLIVO_REFUSALS } from '#server/sms/plivo-page'
import { MAILING_LIST_FORM_SHOWN_MESSAGES, MAILING_LIST_MESSAGES } from '#server/mailing-list/mailing-list-form'
import { LIST_INFO_MESSAGES } from '#server/mailing-list/mailing-list-page'
import { RESYNC_FAILURES } from '#server/mailing-list/run-resync'
import { GAVE_UP_REASONS } from '#server/mailing-list/send-with-backoff'
import { PROVIDER_REFUSALS as MAILCHIMP_REFUSALS } from '#server/mailing-list/save-mailing-list'
import { EMAIL_ACCOUNT_MESSAGES } from '#server/connected-emails/email-providers'
import { THAT_PROVIDER } from '#server/meetings/meeting-links'
import { MEETING_MESSAGES, MEETING_PROVIDER_NAMES } from '#server/meetings/meeting-providers'
import { CONTACT_SMS_MESSAGES } from '#server/sms/contact-sms'

const { required, ...fixedKeyFormMessages } = KEY_FORM_MESSAGES

/** "Public Key is required." for each key name a key form shows, as the form says it. */
const requiredKeyMessages: MessageSource = Object.fromEntries(
  Object.values(KEY_FORM_LABELS)
    .flatMap((labels) => Object.values(labels))
    .map((label) => [label, required(label)]),
)

/** The payment providers page's toasts name the provider, so each provider's are listed. */
const providerToastSources = (Object.keys(PROVIDER_NAMES) as PaymentProvider[]).map((provider) => ({ name: `providerToasts(${provider})`, source: providerToasts(provider) }))

/**
 * The messages the integrations screens (payments, email sender, SMS, meetings), email
 * templates and widgets answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/integrations.json).
 */
export const INTEGRATIONS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'KEY_FORM_MESSAGES', source: { ...fixedKeyFormMessages, ...requiredKeyMessages } },
  { name: 'STRIPE_CONNECT_MESSAGES', source: STRIPE_CONNECT_MESSAGES },
  ...providerToastSources,
  // A check's stored words are the pending message and 'Not found yet: ...', sentence by sentence.
  { name: 'SENDER_MESSAGES', source: { ...SENDER_MESSAGES, pendingFirst: 'Verification is pending.', pendingSecond: 'Make sure DNS details are updated.', notFoundYetAlone: 'Not found yet:' } },
  { name: 'SENDER_FORM_MESSAGES', source: SENDER_FORM_MESSAGES },
  { name: 'SENDER_SCREEN_MESSAGES', source: SENDER_SCREEN_MESSAGES },
  { name: 'TWILIO_FORM_SHOWN_MESSAGES', source: { ...Object.fromEntries(TWILIO_FORM_SHOWN_MESSAGES.entries()), unknownAction: 'Unknown action.' } },
  { name: 'TWILIO_REFUSALS', source: TWILIO_REFUSALS },
  {
    name: 'PLIVO_MESSAGES',
    source: {
      ...Object.fromEntries(PLIVO_FORM_SHOWN_MESSAGES.entries()),
      areaCodeRequired: PLIVO_MESSAGES.areaCodeRequired,
      areaCodeShape: PLIVO_MESSAGES.areaCodeShape,
      numberShape: PLIVO_MESSAGES.numberShape,
      updated: PLIVO_MESSAGES.updated,
      stillWaiting: PLIVO_MESSAGES.stillWaiting,
      fixErrors: PLIVO_MESSAGES.fixErrors,
      unknownAction: PLIVO_MESSAGES.unknownAction,
    },
  },
  { name: 'PLIVO_REFUSALS', source: PLIVO_REFUSALS },
  // The questions of the Mailchimp page's dialogs are words of the page ('integrations'), not answers.
  {
    name: 'MAILING_LIST_MESSAGES',
    source: {
      ...Object.fromEntries(MAILING_LIST_FORM_SHOWN_MESSAGES.entries()),
      added: MAILING_LIST_MESSAGES.added,
      updated: MAILING_LIST_MESSAGES.updated,
      resyncStarted: MAILING_LIST_MESSAGES.resyncStarted,
      resyncRunning: MAILING_LIST_MESSAGES.resyncRunning,
      resyncNotReady: MAILING_LIST_MESSAGES.resyncNotReady,
      deleted: MAILING_LIST_MESSAGES.deleted,
      nothing: MAILING_LIST_MESSAGES.nothing,
      fixErrors: MAILING_LIST_MESSAGES.fixErrors,
      unknownAction: MAILING_LIST_MESSAGES.unknownAction,
    },
  },
  { name: 'MAILCHIMP_REFUSALS', source: MAILCHIMP_REFUSALS },
  { name: 'LIST_INFO_MESSAGES', source: LIST_INFO_MESSAGES },
  { name: 'RESYNC_FAILURES', source: RESYNC_FAILURES },
  { name: 'GAVE_UP_REASONS', source: GAVE_UP_REASONS },
  // The connect-email page draws its own words ('integrations'); these are its answers and toasts.
  {
    name: 'EMAIL_ACCOUNT_MESSAGES',
    source: {
      emailRequired: EMAIL_ACCOUNT_MESSAGES.emailRequired,
      other: EMAIL_ACCOUNT_MESSAGES.other,
      lookupFailed: EMAIL_ACCOUNT_MESSAGES.lookupFailed,
      notConfigured: EMAIL_ACCOUNT_MESSAGES.notConfigured,
      connected: EMAIL_ACCOUNT_MESSAGES.connected,
      failed: EMAIL_ACCOUNT_MESSAGES.failed,
      stateMismatch: EMAIL_ACCOUNT_MESSAGES.stateMismatch,
      revoked: EMAIL_ACCOUNT_MESSAGES.revoked,
      revokeFailed: EMAIL_ACCOUNT_MESSAGES.revokeFailed,
      franchiseMode: EMAIL_ACCOUNT_MESSAGES.franchiseMode,
      unknownAction: EMAIL_ACCOUNT_MESSAGES.unknownAction,
    },
  },
  // A new meeting link's own answers are listed with the class screens' (catalog-message-sources.ts).
  {
    name: 'MEETING_MESSAGES',
    source: {
      connected: MEETING_MESSAGES.connected,
      disconnected: MEETING_MESSAGES.disconnected,
      failed: MEETING_MESSAGES.failed,
      stateMismatch: MEETING_MESSAGES.stateMismatch,
      notConfigured: MEETING_MESSAGES.notConfigured,
      expired: MEETING_MESSAGES.expired,
      providerRefused: MEETING_MESSAGES.providerRefused,
      chooseConnect: MEETING_MESSAGES.chooseConnect,
      chooseDisconnect: MEETING_MESSAGES.chooseDisconnect,
      // Named one by one: a pattern "{{1}} is not connected." would also catch other areas' messages.
      ...Object.fromEntries([...Object.values(MEETING_PROVIDER_NAMES), THAT_PROVIDER].map((name) => [name, MEETING_MESSAGES.providerNotConnected(name)])),
    },
  },
  { name: 'CONTACT_SMS_MESSAGES', source: CONTACT_SMS_MESSAGES },
]
