import { z } from 'zod'
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '#server/dates/date-formats'
import { DEFAULT_LANGUAGE, LANGUAGES } from '#server/i18n/languages'

const flag = (fallback: boolean) => z.boolean().default(fallback)
const text = (fallback = '') => z.string().max(2000).default(fallback)

/** One card of the Roles screen: whether Staff and whether FrontDesk may use it. */
const roleGrantSchema = z.object({ staff: flag(true), frontDesk: flag(true) }).default({})

/**
 * The Roles screen (settings spec): Classes or Programs (isAllowCreateClasses), Courses
 * (isShowCourse), Contacts (isShowContactsList) and Offers (isShowOffers), each granted to
 * Staff and FrontDesk separately. Admins always have all four.
 */
export const rolesSettingsSchema = z
  .object({
    classes: roleGrantSchema,
    courses: roleGrantSchema,
    contacts: roleGrantSchema,
    offers: roleGrantSchema,
  })
  .default({})

export type RolesSettings = z.infer<typeof rolesSettingsSchema>

/**
 * A tenant's settings, kept as one jsonb document and checked by this schema on every read
 * and write. Defaults make an older document readable after new settings are added.
 */
export const tenantSettingsSchema = z.object({
  email: text(),
  phone: text(),
  website: text(),
  country: text('United States'),
  timezone: text('America/New_York'),
  /** How dates read on every screen, PDF and export of the tenant (settings spec, dateFormat). */
  dateFormat: z.enum(DATE_FORMATS).default(DEFAULT_DATE_FORMAT),
  /** The language of the tenant's pages for people who chose none and whose browser asks for none we speak. */
  defaultLanguage: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  defaultCurrency: text('USD'),
  supportedCurrencies: z.array(z.string().length(3)).default(['USD', 'INR']),
  address: z
    .object({ line1: text(), line2: text(), city: text(), state: text(), zip: text() })
    .default({}),
  title: text(),
  seoDescription: text(),
  seoKeywords: text(),
  logo: text(),
  favIcon: text(),
  logoWidth: z.number().int().min(0).max(2000).nullable().default(null),
  logoHeight: z.number().int().min(0).max(2000).nullable().default(75),
  headerColor: text(),
  footerInfo: text(),
  isShowFooter: flag(true),
  socials: z
    .object({ facebook: text(), linkedin: text(), instagram: text(), twitter: text() })
    .default({}),
  googleReviewLink: text(),
  isNewTenant: flag(false),
  /** The onboarding wizard (spec 002 2.8): the step to show next (0, 1, 2) and its answers. */
  onBoardingStep: z.number().int().min(0).max(2).default(0),
  businessType: text('wellness-trainer'),
  businessSize: text('2'),
  businessReferer: text(),
  isShowSchedule: flag(true),
  isShowScheduleMenu: flag(true),
  /** 'Calendar Website view': on shows the public calendar by month, off by week. */
  isShowCalenderView: flag(true),
  /** Whether the public calendar names each class's room (the spec's isShowRoomName). */
  isShowRoomName: flag(true),
  isShowCourses: flag(true),
  /** Online courses (chapters viewed in the student portal); the ping's isEnableOnlineCourses. */
  isEnableOnlineCourses: flag(true),
  /** Events must carry a venue address (the event editor requires one while on). */
  isAddressNeededForEvent: flag(false),
  /** The public registration form and its payment on one page (read by checkout). */
  isRegAndPurchaseOnSamePage: flag(false),
  isShowStoreMenu: flag(true),
  isShowDonation: flag(true),
  isShowDonationMenu: flag(true),
  isShowEventsMenu: flag(true),
  isShowAssessment: flag(true),
  isShowFormsMenu: flag(true),
  isShowMerchandiseMenu: flag(true),
  isShowCampaignsMenu: flag(true),
  isShowRegistrationLink: flag(true),
  isSupportGrn: flag(false),
  isMultiCountrySupport: flag(false),
  isWaiverFormToBeSigned: flag(false),
  waiverFormLink: text(),
  registerButtonLabel: text('Register'),
  buyButtonLabel: text('Buy'),
  workshopLabel: text('Workshop'),
  scheduleLabel: text('Schedule'),
  promotionLabel: text('Promotion'),
  privacyPolicyLink: text(),
  termsOfServiceLink: text(),
  taxPercent: z.number().min(0).max(100).default(0),
  // Settings screens (settings spec 2 and 3): account, student app, payment and website.
  /** Contact id of the admin who owns the account. */
  accountOwner: text(),
  fromEmailName: text(),
  fromEmail: text(),
  dialCode: text('+1'),
  /** Membership expiry period, in months; null when not set. */
  itemExpiresAfter: z.number().int().min(0).max(120).nullable().default(null),
  aboutOrg: text(),
  appLabel1: text('Courses'),
  appLabel2: text('Schedule'),
  appLabel3: text('My Files'),
  appLabel4: text('Other'),
  /** Six hex digits without '#', as stored by the product ('4d8dfc' shows as '#4d8dfc'). */
  appPrimaryColor: text('4d8dfc'),
  appWelcomeImage1: text(),
  appWelcomeImage2: text(),
  appWelcomeImage3: text(),
  taxLabel1: text(),
  taxValue1: z.number().min(0).max(100).default(0),
  /** Card fees, a percentage. */
  cardFees: z.number().min(0).max(100).default(0),
  invoiceNote: z.string().max(255).default(''),
  /** Tenant-supplied script for its public pages. */
  pageScript: z.string().max(20000).default(''),
  roles: rolesSettingsSchema,
})

export type TenantSettings = z.infer<typeof tenantSettingsSchema>

/**
 * Reads a stored settings document; a damaged one falls back to defaults field by field, down
 * into nested groups (a bad address line keeps the city), so the next save does not lose them.
 */
export function readTenantSettings(stored: unknown): TenantSettings {
  // A JSON copy: the repair deletes keys, and jsonb documents are plain JSON anyway.
  const document: Record<string, unknown> = isPlainObject(stored) ? JSON.parse(JSON.stringify(stored)) : {}
  for (let round = 0; round < 5; round++) {
    const parsed = tenantSettingsSchema.safeParse(document)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) removeDamagedValue(document, issue.path)
  }
  return tenantSettingsSchema.parse({})
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Deletes the value at the deepest object key of the path; a bad list element drops the whole list. */
function removeDamagedValue(document: Record<string, unknown>, path: ReadonlyArray<string | number>): void {
  const [first, ...rest] = path
  if (typeof first !== 'string') return
  let parent = document
  let key = first
  for (const next of rest) {
    const child = parent[key]
    if (!isPlainObject(child) || typeof next !== 'string') break
    parent = child
    key = next
  }
  delete parent[key]
}
