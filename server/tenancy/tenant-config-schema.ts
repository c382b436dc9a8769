import { z } from 'zod'

/**
 * The tenant config the ping answers (spec 000, "Tenant config (returned by the tenant ping)"),
 * as a strict schema: a key that is not listed here cannot reach a widget or the mobile app,
 * so a secret added to the settings later cannot leak through the ping by accident.
 *
 * Fields of the spec's list that wait for a capability that does not exist yet, and are left
 * out until it does:
 * - bankFees: bank (ACH) payments. paymentProvider and the publishable key are here once the
 *   studio takes cards; the provider's secret key, auth code and client id never appear here.
 * - cloudName: the media library.
 * - registrationLinkName: checkout.
 * - tenantAuthViewCmd, zoomApi, zoomAuthCode, clanMeetingDomain: the meeting integrations;
 *   clanMeetingSecret is a secret and never appears here.
 * - isShowSidebar, isCustomizeCss: the website builder.
 */
const pageLink = z.strictObject({
  name: z.string(),
  title: z.string(),
  url: z.string(),
  isExternalLink: z.boolean(),
  externalLink: z.string().nullable(),
})

export const tenantConfigSchema = z.strictObject({
  orgId: z.string(),
  orgGuId: z.string().uuid(),
  tenantId: z.string(),
  masterOrgId: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  country: z.string(),
  timezone: z.string(),
  csymbol: z.string(),
  customDomain: z.string().nullable(),
  environmentName: z.string(),
  version: z.string(),
  /** Whether the request that asked carries a valid session of this tenant. */
  isAuthValid: z.boolean(),
  isMasterFranchise: z.boolean(),
  isNewTenant: z.boolean(),
  isShowCalenderView: z.boolean(),
  isShowCourses: z.boolean(),
  isEnableCourses: z.boolean(),
  isEnableOnlineCourses: z.boolean(),
  isAddressNeededForEvent: z.boolean(),
  isRegAndPurchaseOnSamePage: z.boolean(),
  isShowRoomName: z.boolean(),
  isShowDonation: z.boolean(),
  isShowScheduleMenu: z.boolean(),
  isShowSchedule: z.boolean(),
  isShowStoreMenu: z.boolean(),
  isShowRegistrationLink: z.boolean(),
  isSupportGrn: z.boolean(),
  isMultiCountrySupport: z.boolean(),
  isWaiverFormToBeSigned: z.boolean(),
  waiverFormLink: z.string(),
  registerButtonLabel: z.string(),
  buyButtonLabel: z.string(),
  workshopLabel: z.string(),
  scheduleLabel: z.string(),
  promotionLabel: z.string(),
  primaryGuardianLabel: z.string(),
  secondaryGuardianLabel: z.string(),
  privacyPolicyLink: z.string(),
  termsOfServiceLink: z.string(),
  taxPercent: z.number(),
  cardFees: z.number(),
  paymentProvider: z.enum(['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE']).nullable(),
  /** The same provider, under the name the account detail gives it (spec 000's additional tenant fields). */
  activePaymentProvider: z.enum(['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE']).nullable(),
  publishableKey: z.string().nullable(),
  paymentAccountId: z.string().nullable(),
  /** Membership expiry period in months; null when not set. */
  itemExpiresAfter: z.number().int().nullable(),
  seoDescription: z.string(),
  seoKeywords: z.string(),
  logo: z.string(),
  bigLogo: z.string(),
  smallLogo: z.string(),
  address: z.strictObject({ line1: z.string() }),
  socials: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  org: z.strictObject({
    headerColor: z.string(),
    title: z.string(),
    seoDescription: z.string(),
    logo: z.string(),
    logoWidth: z.number().nullable(),
    logoHeight: z.number().nullable(),
    favIcon: z.string(),
    footerInfo: z.string(),
    isShowFooter: z.boolean(),
  }),
  /** 'external' when the tenant's home page is a link to a website elsewhere. */
  webstate: z.enum(['internal', 'external']),
  isExternalWebsite: z.boolean(),
  homepage: z.string().nullable(),
  home: pageLink.nullable(),
  /** The first five published pages in menu order, null where there are fewer. */
  page1: pageLink.nullable(),
  page2: pageLink.nullable(),
  page3: pageLink.nullable(),
  page4: pageLink.nullable(),
  page5: pageLink.nullable(),
  web: z.array(
    z.strictObject({
      name: z.string(),
      title: z.string(),
      url: z.string(),
      sequence: z.number(),
      isExternalLink: z.boolean(),
      externalLink: z.string().nullable(),
      isShowNavigation: z.boolean(),
      isShowFooter: z.boolean(),
      isLegal: z.boolean(),
    }),
  ),
  /** Published registration forms. */
  forms: z.array(z.strictObject({ name: z.string(), guId: z.string() })),
})

export type TenantConfig = z.infer<typeof tenantConfigSchema>
