import { withTenant } from '#db/tenant-scope'
import type { SessionUser } from '#server/auth/session-user'
import type { Platform } from '#server/platform'
import { ONBOARDING_COUNTRY_CODES, TIME_ZONES } from '#server/shell/dial-codes'
import type { Tenant } from '#server/tenancy/tenant'
import { onboardingCountryOf, PRODUCT_TOGGLES, stepToShow, type ProductName } from './onboarding-steps'

/** What the wizard draws: the step, the answers saved so far, and who is signing up. */
export interface OnboardingView {
  step: number
  /** The furthest step saved: earlier steps can be gone back to. */
  savedStep: number
  values: {
    businessType: string
    businessSize: string
    businessReferer: string
    name: string
    logo: string
    phone: string
    country: string
    timezone: string
    website: string
  }
  /** Each toggle by name: the page words its label in the page's language. */
  products: Array<{ name: ProductName; on: boolean; alwaysOn: boolean }>
  timeZones: Array<{ timeZone: string; country: string }>
  /** The unverified user's panel; null once their email is verified. */
  unverified: { name: string; email: string } | null
}

/** The wizard as it stands for this tenant and user; `askedStep` is the address's ?step. */
export async function loadOnboardingView(platform: Pick<Platform, 'database'>, tenant: Tenant, user: SessionUser, askedStep: string | null): Promise<OnboardingView> {
  const s = tenant.settings
  const verified = await isEmailVerified(platform, tenant.id, user.contactId)
  const timeZone = s.timezone
  return {
    step: stepToShow(s.onBoardingStep, askedStep),
    savedStep: s.onBoardingStep,
    values: {
      businessType: s.businessType,
      businessSize: s.businessSize,
      businessReferer: s.businessReferer,
      name: tenant.name,
      logo: s.logo,
      phone: s.phone,
      country: onboardingCountryOf(s).code,
      timezone: timeZone,
      website: s.website,
    },
    products: PRODUCT_TOGGLES.map((toggle) => ({ name: toggle.name, on: toggle.alwaysOn || s[toggle.flag], alwaysOn: toggle.alwaysOn })),
    timeZones: TIME_ZONES.filter((entry) => (ONBOARDING_COUNTRY_CODES as readonly string[]).includes(entry.country)).map((entry) => ({ ...entry })),
    unverified: verified ? null : { name: user.fullName, email: user.email },
  }
}

export async function isEmailVerified(platform: Pick<Platform, 'database'>, tenantId: string, contactId: string): Promise<boolean> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('contacts').select('is_email_verified').where('id', '=', contactId).executeTakeFirst())
  return row?.is_email_verified === true
}
