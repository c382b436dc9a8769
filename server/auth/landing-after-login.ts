import type { Platform } from '#server/platform'
import { isPublicScheduleShown } from '#server/catalog/public/public-item-gates'
import { landingPathFor, type LandingTenant } from '#server/shell/landing-path'
import type { Role } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { loadPublicSite } from '#server/website/public-pages'
import { safeRedirectPath } from './safe-redirect'

/** The landing rules' view of a tenant: its settings and its published website pages. */
export async function landingTenantFor(platform: Pick<Platform, 'database'>, tenant: Tenant): Promise<LandingTenant> {
  const { pages } = await loadPublicSite(platform.database, tenant, null)
  const firstExternal = pages.find((page) => page.isExternalLink && page.externalLink && page.name !== 'home')
  return {
    isMaster: tenant.isMaster,
    isNewTenant: tenant.settings.isNewTenant,
    hasHomePage: pages.some((page) => page.name === 'home' && !page.isExternalLink),
    // The landing rules' 'schedule shown' is the visitors' one: shown and the Classes module on.
    isShowSchedule: isPublicScheduleShown(tenant.settings),
    isShowCourses: tenant.settings.isShowCourses,
    isShowScheduleMenu: tenant.settings.isShowScheduleMenu,
    firstExternalPagePath: firstExternal?.externalLink ?? null,
    websitePagePaths: pages.filter((page) => !page.isExternalLink).map((page) => `/${page.url}`),
  }
}

/**
 * Where a person goes right after signing in: the page they were sent away from when it is
 * a safe same-site path their role may open, otherwise their role's landing page
 * ("Landing after login", spec 000 section 2).
 */
export async function landingAfterLogin(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  role: Role,
  unsafeRedirectTo: string | null,
): Promise<string> {
  const landingTenant = await landingTenantFor(platform, tenant)
  const user = { role, isPreviewMode: false, isStudentPreview: false, isPreviewOfSecuredPage: false, isFranchiseMode: false }
  const home = landingPathFor({ path: '/', user, tenant: landingTenant, pendingEvent: null })
  const homePath = home.kind === 'redirect' ? home.to : '/'
  const wanted = safeRedirectPath(unsafeRedirectTo)
  if (!wanted || wanted === '/') return homePath
  const landing = landingPathFor({ path: wanted, user, tenant: landingTenant, pendingEvent: null })
  if (landing.kind === 'ok') return wanted
  if (landing.kind === 'redirect') return landing.to
  return homePath
}
