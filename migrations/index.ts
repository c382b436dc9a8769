import type { Migration } from 'kysely'
import * as core from './2026-11-22T05-30-00_core'
import * as userNotifications from './2026-11-22T05-32-00_user-notifications'
import * as forms from './2026-11-22T05-33-30_forms'
import * as screens from './2026-11-22T05-34-00_screens'
import * as auth from './2026-11-22T05-37-00_auth'
import * as sessionRotationGrace from './2026-11-22T09-00-00_session-rotation-grace'
import * as contactsList from './2026-11-24T01-30-00_contacts-list'
import * as contactListSpeed from './2026-11-24T01-50-00_contact-list-speed'
import * as contactProfile from './2026-11-24T05-00-00_contact-profile'
import * as contactActions from './2026-11-24T05-41-00_contact-actions'
import * as contactLookups from './2026-11-24T06-30-00_contact-lookups'
import * as catalog from './2026-11-24T08-00-00_catalog'
import * as contactFieldValueFilter from './2026-11-24T08-30-00_contact-field-value-filter'
import * as calendarFeedTokens from './2026-11-24T09-40-00_calendar-feed-tokens'
import * as checkout from './2026-11-25T08-00-00_checkout'
import * as payments from './2026-11-25T10-00-00_payments'
import * as offers from './2026-11-26T08-00-00_offers'
import * as paymentProviders from './2026-11-27T08-00-00_payment-providers'
import * as savedPaymentMethods from './2026-11-27T09-00-00_saved-payment-methods'
import * as stripeSavedCards from './2026-11-28T08-00-00_stripe-saved-cards'
import * as checkoutForm from './2026-11-28T09-00-00_checkout-form'
import * as membershipBilling from './2026-11-29T08-00-00_membership-billing'
import * as invoicePayments from './2026-11-30T08-00-00_invoice-payments'
import * as invoicePdfs from './2026-11-30T09-00-00_invoice-pdfs'
import * as invoiceLineSearch from './2026-11-30T10-00-00_invoice-line-search'
import * as emailTemplates from './2026-11-30T11-00-00_email-templates'
import * as websiteBuilder from './2026-12-01T08-00-00_website-builder'
import * as widgets from './2026-12-01T09-00-00_widgets'
import * as mediaGallery from './2026-12-01T10-00-00_media-gallery'
import * as mailingList from './2026-12-02T08-00-00_mailing-list'
import * as plans from './2026-12-02T10-00-00_plans'
import * as contactCounts from './2026-12-03T07-00-00_contact-counts'
import * as refundFailures from './2026-12-03T07-30-00_refund-failures'
import * as tenantSuspension from './2026-12-03T07-45-00_tenant-suspension'
import * as franchises from './2026-12-03T10-00-00_franchises'
import * as invoiceLineOccurrence from './2026-12-03T11-00-00_invoice-line-occurrence'
import * as recurringGifts from './2026-12-03T11-30-00_recurring-gifts'
import * as sms from './2026-12-03T12-00-00_sms'
import * as onlineMeetings from './2026-12-03T13-00-00_online-meetings'
import * as connectedEmailAccounts from './2026-12-03T14-00-00_connected-email-accounts'
import * as plivoSms from './2026-12-03T15-00-00_plivo-sms'
import * as contactLanguage from './2026-12-03T17-00-00_contact-language'
import * as plivoApprovalAndDelivery from './2026-12-04T09-00-00_plivo-approval-and-delivery'
import * as smsCallbackNonces from './2026-12-05T10-00-00_sms-callback-nonces'
import * as planRenewals from './2026-12-05T11-00-00_plan-renewals'
import * as sharedFiles from './2026-12-05T12-00-00_shared-files'
import * as emailSender from './2026-12-02T09-00-00_email-sender'
import * as noticesFeedbackReviews from './2026-12-03T09-00-00_notices-feedback-reviews'
import * as customDomainOwnership from './2026-12-03T08-00-00_custom-domain-ownership'

/**
 * Every migration, by name. Listed by hand (not read from disk) so the bundled server and
 * the worker carry them. Names sort in the order they run; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T05-30-00_core': core,
  '2026-11-22T05-32-00_user-notifications': userNotifications,
  '2026-11-22T05-33-30_forms': forms,
  '2026-11-22T05-34-00_screens': screens,
  '2026-11-22T05-37-00_auth': auth,
  '2026-11-22T09-00-00_session-rotation-grace': sessionRotationGrace,
  '2026-11-24T01-30-00_contacts-list': contactsList,
  '2026-11-24T01-50-00_contact-list-speed': contactListSpeed,
  '2026-11-24T05-00-00_contact-profile': contactProfile,
  '2026-11-24T05-41-00_contact-actions': contactActions,
  '2026-11-24T06-30-00_contact-lookups': contactLookups,
  '2026-11-24T08-00-00_catalog': catalog,
  '2026-11-24T08-30-00_contact-field-value-filter': contactFieldValueFilter,
  '2026-11-24T09-40-00_calendar-feed-tokens': calendarFeedTokens,
  '2026-11-25T08-00-00_checkout': checkout,
  '2026-11-25T10-00-00_payments': payments,
  '2026-11-26T08-00-00_offers': offers,
  '2026-11-27T08-00-00_payment-providers': paymentProviders,
  '2026-11-27T09-00-00_saved-payment-methods': savedPaymentMethods,
  '2026-11-28T08-00-00_stripe-saved-cards': stripeSavedCards,
  '2026-11-28T09-00-00_checkout-form': checkoutForm,
  '2026-11-29T08-00-00_membership-billing': membershipBilling,
  '2026-11-30T08-00-00_invoice-payments': invoicePayments,
  '2026-11-30T09-00-00_invoice-pdfs': invoicePdfs,
  '2026-11-30T10-00-00_invoice-line-search': invoiceLineSearch,
  '2026-11-30T11-00-00_email-templates': emailTemplates,
  '2026-12-01T08-00-00_website-builder': websiteBuilder,
  '2026-12-01T09-00-00_widgets': widgets,
  '2026-12-01T10-00-00_media-gallery': mediaGallery,
  '2026-12-02T08-00-00_mailing-list': mailingList,
  '2026-12-02T10-00-00_plans': plans,
  '2026-12-02T09-00-00_email-sender': emailSender,
  '2026-12-03T07-00-00_contact-counts': contactCounts,
  '2026-12-03T07-30-00_refund-failures': refundFailures,
  '2026-12-03T07-45-00_tenant-suspension': tenantSuspension,
  '2026-12-03T08-00-00_custom-domain-ownership': customDomainOwnership,
  '2026-12-03T09-00-00_notices-feedback-reviews': noticesFeedbackReviews,
  '2026-12-03T10-00-00_franchises': franchises,
  '2026-12-03T11-00-00_invoice-line-occurrence': invoiceLineOccurrence,
  '2026-12-03T11-30-00_recurring-gifts': recurringGifts,
  '2026-12-03T12-00-00_sms': sms,
  '2026-12-03T13-00-00_online-meetings': onlineMeetings,
  '2026-12-03T14-00-00_connected-email-accounts': connectedEmailAccounts,
  '2026-12-03T15-00-00_plivo-sms': plivoSms,
  '2026-12-03T17-00-00_contact-language': contactLanguage,
  '2026-12-04T09-00-00_plivo-approval-and-delivery': plivoApprovalAndDelivery,
  '2026-12-05T10-00-00_sms-callback-nonces': smsCallbackNonces,
  '2026-12-05T11-00-00_plan-renewals': planRenewals,
  '2026-12-05T12-00-00_shared-files': sharedFiles,
}
