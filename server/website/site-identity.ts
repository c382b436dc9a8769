import { brandCssVariablesFor } from '#server/shell/brand-colours'
import type { Tenant } from '#server/tenancy/tenant'

export interface SiteIdentity {
  orgId: string
  name: string
  title: string
  description: string
  faviconUrl: string | null
  logoUrl: string | null
  headerColor: string | null
  /** The brand colour's readable shades as CSS variables, for the layouts' root element. */
  brandColours: Readonly<Record<string, string>>
  phone: string
  email: string
}

const DEFAULT_DESCRIPTION = 'Classes, courses, events and registrations, online.'

/** What every page of a tenant shows about it: safe, public fields only. */
export function siteIdentityFor(tenant: Tenant): SiteIdentity {
  const s = tenant.settings
  return {
    orgId: tenant.orgId,
    name: tenant.name,
    title: s.title || tenant.name,
    description: s.seoDescription || DEFAULT_DESCRIPTION,
    faviconUrl: s.favIcon || null,
    logoUrl: s.logo || null,
    headerColor: s.headerColor ? `#${s.headerColor.replace(/^#/, '')}` : null,
    brandColours: brandCssVariablesFor(s.appPrimaryColor),
    phone: s.phone,
    email: s.email,
  }
}
