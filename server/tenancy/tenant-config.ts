import type { PaymentProvider } from '#db/tables/payments'
import type { PublishedFormLink } from '#server/forms/list-published-forms'
import { PRODUCT_VERSION } from '#server/website/public-tenant-config'
import type { PublicPageSummary } from '#server/website/public-pages'
import type { Tenant } from './tenant'
import { tenantConfigSchema, type TenantConfig } from './tenant-config-schema'

/** The guardian sections of registration forms are titled this way (server/forms/form-inputs.ts). */
const GUARDIAN_LABELS = { primary: 'Mother', secondary: 'Father' } as const

export type TenantConfigInput = {
  masterOrgId: string
  environmentName: string
  /** The tenant's published pages, in menu order. */
  pages: readonly PublicPageSummary[]
  forms: readonly PublishedFormLink[]
  isAuthValid: boolean
  /**
   * The payment provider checkout uses now, with what a browser needs to open it: Stripe's
   * publishable key and the studio's connected account, a Razorpay key id, a PaymentSpring
   * public key, a PhonePe merchant id (none is a secret).
   */
  payment: { provider: PaymentProvider; publishableKey: string | null; accountId: string } | null
}

/**
 * The tenant config of the ping call, for embeddable widgets and the mobile app: only what any
 * visitor of the public site may see. Checked by the strict schema on the way out, so a field
 * that is not in it fails here rather than reaching a widget.
 */
export function tenantConfigFor(tenant: Tenant, input: TenantConfigInput): TenantConfig {
  const s = tenant.settings
  const pages = [...input.pages].sort((a, b) => a.sequence - b.sequence)
  const home = pages.find((page) => page.name.toLowerCase() === 'home') ?? null
  const isExternalWebsite = Boolean(home?.isExternalLink && home.externalLink)
  const title = s.title || tenant.name
  const nthPage = (index: number) => linkOf(pages[index] ?? null)
  return tenantConfigSchema.parse({
    orgId: tenant.orgId,
    orgGuId: tenant.id,
    tenantId: tenant.tenantId,
    masterOrgId: input.masterOrgId,
    name: tenant.name,
    title,
    email: s.email,
    phone: s.phone,
    website: s.website,
    country: s.country,
    timezone: s.timezone,
    csymbol: s.defaultCurrency === 'INR' ? '₹' : '$',
    customDomain: tenant.customDomain,
    environmentName: input.environmentName,
    version: PRODUCT_VERSION,
    isAuthValid: input.isAuthValid,
    isMasterFranchise: tenant.isMasterFranchise,
    isNewTenant: s.isNewTenant,
    isShowCalenderView: s.isShowCalenderView,
    isShowCourses: s.isShowCourses,
    // One courses switch rules both the courses screens and the public courses pages.
    isEnableCourses: s.isShowCourses,
    isEnableOnlineCourses: s.isEnableOnlineCourses,
    isAddressNeededForEvent: s.isAddressNeededForEvent,
    isRegAndPurchaseOnSamePage: s.isRegAndPurchaseOnSamePage,
    isShowRoomName: s.isShowRoomName,
    isShowDonation: s.isShowDonation,
    isShowScheduleMenu: s.isShowScheduleMenu,
    isShowSchedule: s.isShowSchedule,
    isShowStoreMenu: s.isShowStoreMenu,
    isShowRegistrationLink: s.isShowRegistrationLink,
    isSupportGrn: s.isSupportGrn,
    isMultiCountrySupport: s.isMultiCountrySupport,
    isWaiverFormToBeSigned: s.isWaiverFormToBeSigned,
    waiverFormLink: s.waiverFormLink,
    registerButtonLabel: s.registerButtonLabel,
    buyButtonLabel: s.buyButtonLabel,
    workshopLabel: s.workshopLabel,
    scheduleLabel: s.scheduleLabel,
    promotionLabel: s.promotionLabel,
    primaryGuardianLabel: GUARDIAN_LABELS.primary,
    secondaryGuardianLabel: GUARDIAN_LABELS.secondary,
    privacyPolicyLink: s.privacyPolicyLink,
    termsOfServiceLink: s.termsOfServiceLink,
    taxPercent: s.taxPercent,
    cardFees: s.cardFees,
    paymentProvider: input.payment?.provider ?? null,
    activePaymentProvider: input.payment?.provider ?? null,
    publishableKey: input.payment?.publishableKey ?? null,
    paymentAccountId: input.payment?.accountId ?? null,
    itemExpiresAfter: s.itemExpiresAfter,
    seoDescription: s.seoDescription,
    seoKeywords: s.seoKeywords,
    // The product keeps one logo; the big and small variants of the spec are the same image.
    logo: s.logo,
    bigLogo: s.logo,
    smallLogo: s.logo,
    address: { line1: s.address.line1 },
    socials: Object.entries(s.socials)
      .filter(([, value]) => value)
      .map(([name, value]) => ({ name, value })),
    org: {
      headerColor: s.headerColor,
      title,
      seoDescription: s.seoDescription,
      logo: s.logo,
      logoWidth: s.logoWidth,
      logoHeight: s.logoHeight,
      favIcon: s.favIcon,
      footerInfo: s.footerInfo,
      isShowFooter: s.isShowFooter,
    },
    webstate: isExternalWebsite ? 'external' : 'internal',
    isExternalWebsite,
    homepage: home ? home.url : null,
    home: linkOf(home),
    page1: nthPage(0),
    page2: nthPage(1),
    page3: nthPage(2),
    page4: nthPage(3),
    page5: nthPage(4),
    web: pages
      .filter((page) => page.isShowNavigation || page.isShowFooter)
      .map((page) => ({
        name: page.name,
        title: page.title,
        url: page.url,
        sequence: page.sequence,
        isExternalLink: page.isExternalLink,
        externalLink: page.externalLink,
        isShowNavigation: page.isShowNavigation,
        isShowFooter: page.isShowFooter,
        isLegal: page.isLegal,
      })),
    forms: input.forms.map((form) => ({ name: form.name, guId: form.guId })),
  })
}

function linkOf(page: PublicPageSummary | null) {
  if (!page) return null
  return { name: page.name, title: page.title, url: page.url, isExternalLink: page.isExternalLink, externalLink: page.externalLink }
}
