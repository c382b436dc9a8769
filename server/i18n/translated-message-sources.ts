import { AUTH_FORM_MESSAGES } from '#server/auth/auth-forms'
import { RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '#server/auth/password-reset'
import { EMAIL_TAKEN_MESSAGE, OTHER_FRANCHISE_MESSAGE, UNKNOWN_ORG_MESSAGE } from '#server/auth/register-student'
import { VERIFICATION_LINK_INVALID_MESSAGE } from '#server/auth/email-verification'
import {
  ACCOUNT_LOCKED_MESSAGE,
  FIND_ORGANISATION_MESSAGES,
  GOOGLE_SIGN_IN_REASONS,
  LOGIN_BOT_CHECK_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_PAGE_MESSAGES,
  ORG_CHOICE_EXPIRED_MESSAGE,
  SELECT_ORG_DIALOG,
} from '#server/auth/sign-in-messages'
import { ACCOUNT_MESSAGES } from '#server/checkout/account-on-request'
import { DROP_IN_MESSAGES } from '#server/checkout/add-class-drop-in'
import { DONATE_MESSAGES } from '#server/checkout/add-donation'
import { BUYER_MESSAGES } from '#server/checkout/buyer-form'
import { CART_MESSAGES } from '#server/checkout/cart-line-rules'
import { OFFER_CODE_MESSAGES } from '#server/checkout/cart-offer-code'
import { ADD_TO_CART_MESSAGES, CHANGE_CART_MESSAGES } from '#server/checkout/cart-store'
import { OFFER_MESSAGES } from '#server/checkout/offer-rules'
import { PLACE_ORDER_MESSAGES } from '#server/checkout/place-order'
import { TILL_MESSAGES } from '#server/checkout/till'
import { PAYMENTSPRING_TOKEN_MESSAGES } from '#server/payments/paymentspring-token'
import {
  FORM_MESSAGES,
  invalidDateMessage,
  notANumberMessage,
  notAnOptionMessage,
  PDF_STATUS_MESSAGES,
  REGISTERED_MESSAGE,
  requiredMessage,
  submittedMessage,
  tooLongMessage,
} from '#server/forms/form-messages'
import { NAME_PLACEHOLDER, STANDARD_INPUT_LABELS } from '#server/forms/form-inputs'
import { PHONE_REQUIRED_MESSAGE } from '#server/forms/phone-mask'
import { SIGN_UP_MESSAGES } from '#server/platform-admin/sign-up-organisation'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import { tooManyAttemptsMessage } from '#server/security/rate-limit'
import { BOOKING_MESSAGES, bookedMessage, cancelledMessage, cutOffText } from '#server/catalog/bookings/booking-rules'
import { COURSE_ENROLLED } from '#server/catalog/courses/enrolments'
import { DONATION_MESSAGES } from '#server/catalog/public/donation-choice'
import { REGISTER_POST_MESSAGES, REGISTRATION_MESSAGES } from '#server/catalog/public/register-for-event'
import { CANCEL_MESSAGES } from '#server/memberships/cancel-membership'
import { CHARGE_MESSAGES } from '#server/memberships/charge-kept-card'
import { RENEWAL_MESSAGES } from '#server/plans/plan-renewal'
import { PORTAL_MESSAGES } from '#server/portal/portal-messages'
import { LANGUAGE_MESSAGES } from '#server/profile/contact-language'
import { PROFILE_MESSAGES } from '#server/profile/profile-schema'
import { CONTACT_ACTION_MESSAGES } from '#server/contacts/actions/action-messages'
import { ONBOARDING_MESSAGES } from '#server/onboarding/onboarding-steps'
import { FEEDBACK_MESSAGES } from '#server/feedback/feedback-rules'
import { NOTICE_MESSAGES } from '#server/noticeboard/notice-words'
import { REVIEW_MESSAGES } from '#server/reviews/review-rules'
import { CONTACTS_MESSAGE_SOURCES } from '#server/contacts/contacts-message-sources'
import { CATALOG_MESSAGE_SOURCES } from '#server/catalog/catalog-message-sources'
import { BILLING_MESSAGE_SOURCES } from '#server/invoices/billing-message-sources'
import { SETTINGS_MESSAGE_SOURCES } from '#server/settings/settings-message-sources'
import { INTEGRATIONS_MESSAGE_SOURCES } from '#server/integrations/integrations-message-sources'
import { WEBSITE_MESSAGE_SOURCES } from '#server/website/website-message-sources'
import { FORMBUILDER_MESSAGE_SOURCES } from '#server/custom-fields/formbuilder-message-sources'
import { TEMPLATES_MESSAGE_SOURCES } from '#server/email-templates/templates-message-sources'
import { PLATFORM_MESSAGE_SOURCES } from '#server/platform-admin/platform-message-sources'
import { PAYMENT_MESSAGE_SOURCES } from '#server/payments/payment-message-sources'
import { ONBOARDING_MESSAGE_SOURCES } from '#server/onboarding/onboarding-message-sources'
import type { MessageSource } from './message-source'

/**
 * Each message of a source as its catalog entry: a fixed one as it is, one with values with
 * {{1}}, {{2}}... where the values go ("{{1}} is in your cart.").
 */
export function messagesOf(source: MessageSource): string[] {
  return Object.values(source).map((message) => {
    if (typeof message === 'string') return message
    const placeholders = Array.from({ length: message.length }, (_unused, index) => `{{${index + 1}}}`)
    // Called with text where numbers go too: a count's words read the same for "{{2}}".
    return (message as (...values: string[]) => string)(...placeholders)
  })
}

/**
 * The messages of the screens drawn in Turkish: each must have its translation
 * (tests/unit/i18n/catalog-complete.test.ts), so a new message cannot reach a Turkish page in
 * English unnoticed.
 */
export const TRANSLATED_MESSAGE_SOURCES: { name: string; messages: string[] }[] = [
  { name: 'PLACE_ORDER_MESSAGES', messages: messagesOf(PLACE_ORDER_MESSAGES) },
  { name: 'DONATE_MESSAGES', messages: messagesOf(DONATE_MESSAGES) },
  { name: 'PAYMENTSPRING_TOKEN_MESSAGES', messages: messagesOf(PAYMENTSPRING_TOKEN_MESSAGES) },
  { name: 'CART_MESSAGES', messages: messagesOf(CART_MESSAGES) },
  { name: 'ACCOUNT_MESSAGES', messages: messagesOf(ACCOUNT_MESSAGES) },
  { name: 'OFFER_MESSAGES', messages: messagesOf(OFFER_MESSAGES) },
  { name: 'DROP_IN_MESSAGES', messages: messagesOf(DROP_IN_MESSAGES) },
  { name: 'OFFER_CODE_MESSAGES', messages: messagesOf(OFFER_CODE_MESSAGES) },
  { name: 'BUYER_MESSAGES', messages: messagesOf(BUYER_MESSAGES) },
  { name: 'ADD_TO_CART_MESSAGES', messages: messagesOf(ADD_TO_CART_MESSAGES) },
  { name: 'CHANGE_CART_MESSAGES', messages: messagesOf(CHANGE_CART_MESSAGES) },
  { name: 'TILL_MESSAGES', messages: messagesOf(TILL_MESSAGES) },
  { name: 'FORM_MESSAGES', messages: messagesOf(FORM_MESSAGES) },
  {
    name: 'form field messages',
    messages: messagesOf({ requiredMessage, tooLongMessage, notANumberMessage, notAnOptionMessage, invalidDateMessage }),
  },
  { name: 'PHONE_REQUIRED_MESSAGE', messages: [PHONE_REQUIRED_MESSAGE] },
  { name: 'form thank-you messages', messages: messagesOf({ REGISTERED_MESSAGE, submittedMessage }) },
  { name: 'PDF_STATUS_MESSAGES', messages: messagesOf(PDF_STATUS_MESSAGES) },
  { name: 'STANDARD_INPUT_LABELS', messages: [...messagesOf(STANDARD_INPUT_LABELS), NAME_PLACEHOLDER] },
  {
    name: 'sign-in messages',
    messages: [ACCOUNT_LOCKED_MESSAGE, LOGIN_BOT_CHECK_MESSAGE, LOGIN_FAILED_MESSAGE, ORG_CHOICE_EXPIRED_MESSAGE, SELECT_ORG_DIALOG.noChoice],
  },
  { name: 'LOGIN_PAGE_MESSAGES', messages: messagesOf(LOGIN_PAGE_MESSAGES) },
  { name: 'FIND_ORGANISATION_MESSAGES', messages: messagesOf(FIND_ORGANISATION_MESSAGES) },
  { name: 'GOOGLE_SIGN_IN_REASONS', messages: [...messagesOf(GOOGLE_SIGN_IN_REASONS), GOOGLE_SIGN_IN_REASONS.noAccount(GOOGLE_SIGN_IN_REASONS.thatEmail)] },
  { name: 'AUTH_FORM_MESSAGES', messages: messagesOf(AUTH_FORM_MESSAGES) },
  { name: 'registration messages', messages: [EMAIL_TAKEN_MESSAGE, OTHER_FRANCHISE_MESSAGE, UNKNOWN_ORG_MESSAGE, messagesOf({ contactLimit: PLAN_MESSAGES.contactLimit })].flat() },
  { name: 'reset and verification messages', messages: [RESET_REQUESTED_MESSAGE, RESET_LINK_INVALID_MESSAGE, VERIFICATION_LINK_INVALID_MESSAGE] },
  { name: 'tooManyAttemptsMessage', messages: [tooManyAttemptsMessage(1), ...messagesOf({ tooManyAttemptsMessage })] },
  { name: 'SIGN_UP_MESSAGES', messages: messagesOf(SIGN_UP_MESSAGES) },
  { name: 'PORTAL_MESSAGES', messages: messagesOf(PORTAL_MESSAGES) },
  { name: 'LANGUAGE_MESSAGES', messages: messagesOf(LANGUAGE_MESSAGES) },
  { name: 'PROFILE_MESSAGES', messages: messagesOf(PROFILE_MESSAGES) },
  {
    name: "a student's email verification answers",
    messages: [ONBOARDING_MESSAGES.verificationSent, ONBOARDING_MESSAGES.verificationNotSent, CONTACT_ACTION_MESSAGES.alreadyVerified, CONTACT_ACTION_MESSAGES.noEmail],
  },
  { name: 'COURSE_ENROLLED', messages: [COURSE_ENROLLED] },
  {
    name: 'booking cancelled messages',
    messages: [
      cancelledMessage({ usedCredit: false, returnedCredit: false }),
      cancelledMessage({ usedCredit: true, returnedCredit: true }),
      'Booking cancelled. It was less than {{1}} before the class, so the credit is used.',
    ],
  },
  { name: 'BOOKING_MESSAGES', messages: [...messagesOf(BOOKING_MESSAGES), ...messagesOf({ bookedMessage })] },
  { name: 'DONATION_MESSAGES', messages: messagesOf(DONATION_MESSAGES) },
  { name: 'event registration messages', messages: [...Object.values(REGISTRATION_MESSAGES).map((entry) => entry.message), ...messagesOf(REGISTER_POST_MESSAGES)] },
  { name: 'CANCEL_MESSAGES', messages: messagesOf(CANCEL_MESSAGES) },
  { name: 'FEEDBACK_MESSAGES', messages: messagesOf(FEEDBACK_MESSAGES) },
  { name: 'NOTICE_MESSAGES', messages: messagesOf(NOTICE_MESSAGES) },
  { name: 'REVIEW_MESSAGES', messages: messagesOf(REVIEW_MESSAGES) },
  { name: 'card refusals in billing emails', messages: [...messagesOf(CHARGE_MESSAGES), RENEWAL_MESSAGES.noCard, RENEWAL_MESSAGES.refused, RENEWAL_MESSAGES.needsAction] },
  { name: 'the plan screens', messages: [...messagesOf(PLAN_MESSAGES), ...messagesOf(RENEWAL_MESSAGES)] },
  { name: 'cutOffText', messages: [cutOffText(60), '{{1}} hours', '{{1}} minutes'] },
  ...[...CONTACTS_MESSAGE_SOURCES, ...CATALOG_MESSAGE_SOURCES, ...BILLING_MESSAGE_SOURCES, ...SETTINGS_MESSAGE_SOURCES, ...INTEGRATIONS_MESSAGE_SOURCES, ...WEBSITE_MESSAGE_SOURCES, ...FORMBUILDER_MESSAGE_SOURCES, ...TEMPLATES_MESSAGE_SOURCES, ...PLATFORM_MESSAGE_SOURCES, ...PAYMENT_MESSAGE_SOURCES, ...ONBOARDING_MESSAGE_SOURCES].map(({ name, source }) => ({ name, messages: messagesOf(source) })),
]
