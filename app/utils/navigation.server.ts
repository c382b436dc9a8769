import { readsCachedData } from '#server/cache/cache-reads'
import { redirect, type AppLoadContext } from '@remix-run/node'
import { readCookieValue, readSessionToken } from '#server/auth/session-cookie'
import { isPublicPageAvailable } from '#server/navigation/available-paths'
import { landingFor } from '#server/navigation/landing'
import { publicShellFor, type PublicShell } from '#server/navigation/public-shell'
import { loadSignedInShell, type SignedInShell } from '#server/navigation/signed-in-shell'
import { SHORTCUTS_COOKIE } from '#server/navigation/shortcuts'
import { isVisitorFallback } from '#server/navigation/visitor-outcome'
import type { Tenant } from '#server/tenancy/tenant'
import { loadPublicSite, loadPublicSiteShell, type PublicPage, type PublicPageSummary } from '#server/website/public-pages'
import { SIDEBAR_FOLDED_COOKIE } from '#app/components/layout/sidebar-cookie'
import { getSessionUser, requireStaff, requireStudent, returnPathOf, type GuardAccess, type SessionUser } from './auth.server'
import { endPreviewAndRedirect } from './session.server'
import { requireTenant } from './tenant.server'
import { portalToast } from './portal-toast.server'
import { getToast, type Toast } from './toast.server'

/** The website's page-not-found screen (the named route 404: the site with page name 404). */
export const PAGE_NOT_FOUND_PATH = '/404'

/** What the area guards answer: the same `{ tenant, user }` as every guard. */
export type AreaAccess = GuardAccess

/**
 * The guard of every staff screen: the shell's landing rules first (students go to their
 * portal, a new tenant to onboarding, a web preview ends), then requireStaff.
 *
 * Visitors and signed-out users are told apart by the session cookie. A request without one
 * is a visitor, and "public URLs that match admin or student routes become page-not-found";
 * a request whose session has ended goes to /login and comes back here (docs/decisions/010).
 */
export async function requireStaffArea(request: Request, context: AppLoadContext): Promise<AreaAccess> {
  await admitToArea(request, context)
  return requireStaff(request, context)
}

/** The guard of every student screen; staff on a student screen go to their dashboard. */
export async function requireStudentArea(request: Request, context: AppLoadContext): Promise<AreaAccess> {
  await admitToArea(request, context)
  return requireStudent(request, context)
}

async function admitToArea(request: Request, context: AppLoadContext): Promise<Tenant> {
  const tenant = requireTenant(context)
  const path = returnPathOf(request)
  const user = await getSessionUser(request, context)
  if (!user && !readSessionToken(request.headers.get('Cookie'))) throw visitorRedirect(path, tenant)
  if (!user) return tenant // requireStaff / requireStudent send them to sign in again
  const landing = landingFor({ path, user, tenant, pages: null })
  switch (landing.kind) {
    case 'ok':
      return tenant
    case 'redirect':
      throw redirect(landing.to)
    case 'not-found':
      throw redirect(PAGE_NOT_FOUND_PATH)
    case 'end-preview':
      // A back-office address while previewing the website: "browser back in preview mode
      // returns to /dashboard and ends preview".
      throw await endPreviewAndRedirect(request, context, landing.to)
  }
}

/** Where a visitor asking for a staff or student address goes: sign-in for set-up links, else 404. */
function visitorRedirect(path: string, tenant: Tenant): Response {
  const landing = landingFor({ path, user: null, tenant, pages: null })
  if (landing.kind === 'redirect' && !isVisitorFallback(path, landing)) return redirect(landing.to)
  return redirect(PAGE_NOT_FOUND_PATH)
}

export type SignedInShellData = {
  shell: SignedInShell
  toast: Toast | null
  sidebarFolded: boolean
  /** What the 'Session Expired' dialog needs. */
  session: { expiresAt: string; refreshBufferMinutes: number }
  /** Set-Cookie headers the layout must return (the toast is shown once). */
  headers: Headers
}

/** The menus, toolbar and footer around a staff or student screen. */
export async function signedInShellFor(
  request: Request,
  context: AppLoadContext,
  access: AreaAccess & { kind: 'staff' | 'student' },
): Promise<SignedInShellData> {
  const cookieHeader = request.headers.get('Cookie')
  const shell = await loadSignedInShell(context.platform, {
    tenant: access.tenant,
    user: access.user,
    kind: access.kind,
    shortcutsCookie: readCookieValue(cookieHeader, SHORTCUTS_COOKIE),
    language: context.language,
  })
  readsCachedData(context, 'tenant', 'site')
  const { toast, headers } = getToast(request)
  return {
    shell,
    // Actions write toasts in English; a signed-in page shows them in its language where translated.
    toast: portalToast(toast, context.language),
    sidebarFolded: readCookieValue(cookieHeader, SIDEBAR_FOLDED_COOKIE) === '1',
    session: { expiresAt: access.user.expiresAt, refreshBufferMinutes: context.platform.env.SESSION_REFRESH_BUFFER_MINUTES },
    headers: headers ?? new Headers(),
  }
}

export type PublicPageData = {
  shell: PublicShell
  page: PublicPage | null
}

/**
 * A public website page and everything around it, in one database transaction: the pages
 * (menu, footer, the page's content) and the published forms (forms menu).
 */
export async function loadPublicPage(
  context: AppLoadContext,
  input: { tenant: Tenant; user: SessionUser | null; pageName: string | null },
): Promise<PublicPageData & { pages: PublicPageSummary[] }> {
  // Pages around the site without content of their own (checkout, an order) draw only its menus, kept per tenant.
  const site = input.pageName === null ? { ...(await loadPublicSiteShell(context.platform, input.tenant)), page: null } : await loadPublicSite(context.platform.database, input.tenant, input.pageName, { withForms: true })
  const page = site.page && isPublicPageAvailable(site.page.name) ? site.page : null
  const shell = publicShellFor({ tenant: input.tenant, pages: site.pages, forms: site.forms, user: input.user })
  readsCachedData(context, 'tenant', 'site', 'forms')
  if (shell.pageScripts.length > 0 && context.thirdPartyScripts) context.thirdPartyScripts.allowed = true
  return {
    shell,
    page,
    pages: site.pages,
  }
}
