import type { MessageSource } from '#server/i18n/message-source'
import { ACCOUNT_SAVED } from './account-settings'
import { DOMAIN_OF_PLATFORM, DOMAIN_TAKEN } from './custom-domain'
import { MULTI_COUNTRY_SAVED, SETTINGS_SAVED } from './module-settings'
import { DEFAULT_CURRENCY_NOT_SUPPORTED, PAYMENT_SETTINGS_SAVED } from './payment-settings'
import { ROLES_SAVED } from './roles-settings'
import { CHOOSE_AN_IMAGE, LOGO_SAVED } from './save-tenant-logo'
import { SEO_SAVED } from './seo-settings'
import { STUDENT_APP_SAVED } from './student-app-settings'
import { SETTING_NOT_SAVED } from './update-tenant'
import { FOOTER_TOO_LONG, WEBSITE_SAVED } from './website-settings'
import { SCREEN_ROUTE_MESSAGES } from './screen-route-messages'
import { ARCHIVED_FRANCHISE_MESSAGES } from '#server/franchises/archived-franchises'
import { FRANCHISE_MESSAGES } from '#server/franchises/franchise-form'
import { PUSH_MESSAGES } from '#server/franchises/push-settings'
import { PICK_REQUIRED_MESSAGE, PICKED_CONTACT_GONE_MESSAGE } from '#server/users/add-user-from-contact'
import { LAST_ADMIN_DEMOTE_MESSAGE, LAST_ADMIN_SUSPEND_MESSAGE, USER_UPDATED_MESSAGE } from '#server/users/update-user'
import { ROLE_REQUIRED_MESSAGE } from '#server/users/user-settings-schema'

/**
 * The messages the settings screens (users, roles, franchises, the descriptor screens and
 * custom fields) answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/settings.json).
 */
export const SETTINGS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  {
    name: 'descriptor settings screens',
    source: {
      ACCOUNT_SAVED, DOMAIN_OF_PLATFORM, DOMAIN_TAKEN, MULTI_COUNTRY_SAVED, SETTINGS_SAVED, DEFAULT_CURRENCY_NOT_SUPPORTED, PAYMENT_SETTINGS_SAVED,
      ROLES_SAVED, CHOOSE_AN_IMAGE, LOGO_SAVED, SEO_SAVED, STUDENT_APP_SAVED, SETTING_NOT_SAVED, FOOTER_TOO_LONG, WEBSITE_SAVED,
      invalidForm: 'Invalid Form!',
    },
  },
  { name: 'settings screen routes', source: SCREEN_ROUTE_MESSAGES },
  { name: 'franchise screens', source: FRANCHISE_MESSAGES },
  { name: 'deleted franchises', source: ARCHIVED_FRANCHISE_MESSAGES },
  // One franchise reads 'to 1 franchise', which the '{{1}} franchises' entry does not match.
  { name: 'franchise settings push', source: { ...PUSH_MESSAGES, pushedToOne: PUSH_MESSAGES.pushed(1) } },
  { name: 'users screens', source: { USER_UPDATED_MESSAGE, LAST_ADMIN_DEMOTE_MESSAGE, LAST_ADMIN_SUSPEND_MESSAGE, ROLE_REQUIRED_MESSAGE, PICK_REQUIRED_MESSAGE, PICKED_CONTACT_GONE_MESSAGE } },
]
