import { balanceText } from '#server/contacts/balance-text'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { CONTACT_STATUS_COLUMN } from '#db/tables/contacts'
import type { Tenant } from '#server/tenancy/tenant'
import { contactPictureUrl } from './contact-picture-url'
import { displayNameOf, initialsOf } from './contact-name'
import type { ProfileContactRow } from './find-profile-contact'

/** What the profile's header shows, and what the actions menu (built apart) needs to act. */
export interface ProfileHeaderView {
  guId: string
  fullName: string
  initials: string
  pictureUrl: string | null
  statuses: string[]
  isWalkIn: boolean
  isArchived: boolean
  balance: string
  balanceSign: number
  email: string | null
  phone: string | null
  /** For the actions menu: can sign in (has a password), has a verified email. */
  hasLogin: boolean
  isEmailVerified: boolean
}

/** The header in the page's language: the statuses' names and the balance's number. */
export function profileHeaderOf(contact: ProfileContactRow, tenant: Pick<Tenant, 'settings'>, language: Language = 'en'): ProfileHeaderView {
  const t = tFor(language, 'contacts')
  const balanceMinor = Number(contact.balance_minor)
  return {
    guId: contact.guid,
    fullName: displayNameOf(contact),
    initials: initialsOf(contact.first_name, contact.last_name, contact.email),
    pictureUrl: contactPictureUrl(contact.picture_key),
    statuses: (Object.keys(CONTACT_STATUS_COLUMN) as Array<keyof typeof CONTACT_STATUS_COLUMN>)
      .filter((status) => contact[CONTACT_STATUS_COLUMN[status]])
      .map((status) => t(`status_${status}`)),
    isWalkIn: contact.is_walk_in,
    isArchived: contact.is_archived,
    balance: balanceText(balanceMinor, tenant.settings.defaultCurrency, language),
    balanceSign: Math.sign(balanceMinor),
    email: contact.email,
    phone: contact.phone,
    hasLogin: contact.password_hash !== null,
    isEmailVerified: contact.is_email_verified,
  }
}
