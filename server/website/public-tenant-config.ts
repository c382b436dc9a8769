import type { Tenant } from '../tenancy/tenant'
import type { PublicPageSummary } from './public-pages'

export const PRODUCT_VERSION = 'v6.4 December 2022'

/**
 * The tenant config of the ping call, for embeddable widgets and the mobile app: only what
 * any visitor of the public site may see. Payment, meeting and API secrets never appear here.
 */
export function publicTenantConfig(tenant: Tenant, input: { masterOrgId: string; pages: PublicPageSummary[]; environmentName: string }) {
  const s = tenant.settings
  const home = input.pages.find((page) => page.name === 'home')
  return {
    orgId: tenant.orgId,
    orgGuId: tenant.id,
    tenantId: tenant.tenantId,
    masterOrgId: input.masterOrgId,
    name: tenant.name,
    title: s.title || tenant.name,
    email: s.email,
    phone: s.phone,
    website: s.website,
    country: s.country,
    timezone: s.timezone,
    csymbol: s.defaultCurrency === 'INR' ? '₹' : '$',
    customDomain: tenant.customDomain,
    environmentName: input.environmentName,
    version: PRODUCT_VERSION,
    isMasterFranchise: tenant.isMasterFranchise,
    isNewTenant: s.isNewTenant,
    isShowCalenderView: s.isShowCalenderView,
    isShowCourses: s.isShowCourses,
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
    privacyPolicyLink: s.privacyPolicyLink,
    termsOfServiceLink: s.termsOfServiceLink,
    taxPercent: s.taxPercent,
    seoDescription: s.seoDescription,
    seoKeywords: s.seoKeywords,
    logo: s.logo,
    address: { line1: s.address.line1 },
    socials: Object.entries(s.socials)
      .filter(([, value]) => value)
      .map(([name, value]) => ({ name, value })),
    org: {
      headerColor: s.headerColor,
      title: s.title || tenant.name,
      seoDescription: s.seoDescription,
      logo: s.logo,
      logoWidth: s.logoWidth,
      logoHeight: s.logoHeight,
      favIcon: s.favIcon,
      footerInfo: s.footerInfo,
      isShowFooter: s.isShowFooter,
    },
    homepage: home ? home.url : null,
    web: input.pages
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
  }
}
