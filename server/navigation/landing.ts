import type { SessionUser } from '#server/auth/session-user'
import { isPublicScheduleShown } from '#server/catalog/public/public-item-gates'
import { landingPathFor, type Landing, type LandingTenant, type LandingUser } from '#server/shell/landing-path'
import { withScheme, type WebPage } from '#server/shell/public-navigation'
import type { Tenant } from '#server/tenancy/tenant'
import { isPublicPageAvailable } from './available-paths'

export function landingUserOf(user: SessionUser | null): LandingUser | null {
  if (!user) return null
  return {
    role: user.role,
    isPreviewMode: user.isPreviewMode,
    isStudentPreview: user.isStudentPreview,
    // Previewing a secured page is not a session state here: previews always show the public site.
    isPreviewOfSecuredPage: false,
    isFranchiseMode: user.isFranchiseMode,
  }
}

/**
 * The tenant facts the landing rules read. Pages are only needed for a visitor's landing (home
 * page, external pages, the tenant's own page routes); staff and student screens pass null.
 */
export function landingTenantOf(tenant: Tenant, pages: readonly WebPage[] | null): LandingTenant {
  const published = (pages ?? []).filter((page) => page.isPublished)
  const home = published.find((page) => page.name.toLowerCase() === 'home')
  const firstExternal = published.find((page) => page.name.toLowerCase() !== 'home' && page.isExternalLink && page.externalLink)
  return {
    isMaster: tenant.isMaster,
    isNewTenant: tenant.settings.isNewTenant,
    hasHomePage: Boolean(home && !home.isExternalLink),
    // The landing rules' 'schedule shown' is the visitors' one: shown and the Classes module on.
    isShowSchedule: isPublicScheduleShown(tenant.settings),
    isShowCourses: tenant.settings.isShowCourses,
    isShowScheduleMenu: tenant.settings.isShowScheduleMenu,
    // The page's own route would only say it lives elsewhere, so the visitor goes straight there.
    firstExternalPagePath: firstExternal?.externalLink ? withScheme(firstExternal.externalLink) : null,
    websitePagePaths: published
      .filter((page) => !page.isExternalLink && isPublicPageAvailable(page.name))
      .map((page) => `/${page.url.replace(/^\/+/, '') || page.name}`),
  }
}

/** Where this request should go by the shell's landing rules (spec 000 section 2). */
export function landingFor(input: {
  path: string
  user: SessionUser | null
  tenant: Tenant
  pages: readonly WebPage[] | null
}): Landing {
  return landingPathFor({
    path: input.path,
    user: landingUserOf(input.user),
    tenant: landingTenantOf(input.tenant, input.pages),
    // Pending class sign-ups are stored by the schedule capability, which does not exist yet.
    pendingEvent: null,
  })
}
