import type { SessionUser } from '#server/auth/session-user'
import { hiddenPublicListings } from '#server/catalog/public/public-item-gates'
import type { PublishedForm, WebPage } from '#server/shell/public-navigation'
import { ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { pageScriptTags, type PageScriptTag } from '#server/website/page-script'
import { siteIdentityFor, type SiteIdentity } from '#server/website/site-identity'
import { footerFor, type FooterView } from './footer'
import { publicMenusFor, type PublicMenus } from './public-menu'

export type PublicViewer = {
  /** Staff looking at the site through Web Preview: the Login button returns them instead. */
  isPreviewing: boolean
  isSignedIn: boolean
  /** The tenant has a page script that this viewer does not get (staff are never given it). */
  pageScriptHeld: boolean
}

export type PublicShell = {
  site: SiteIdentity
  menus: PublicMenus
  footer: FooterView
  viewer: PublicViewer
  /** The tenant's page script (Website Settings), run by the public site only. */
  pageScripts: PageScriptTag[]
}

/** The public website's toolbar, menu and footer (horizontal layout) for one request. */
export function publicShellFor(input: {
  tenant: Tenant
  pages: readonly WebPage[]
  forms: readonly PublishedForm[]
  user: SessionUser | null
}): PublicShell {
  const { tenant, user } = input
  // A listing the tenant switched off (the calendar with the schedule hidden or Classes off,
  // courses, events, merchandise, donations with their modules) answers 404, so no menu or
  // footer leads there.
  const hiddenListings = hiddenPublicListings(tenant.settings)
  const pages = input.pages.filter((page) => !hiddenListings.has(page.name.toLowerCase()))
  const pageScripts = pageScriptTags(tenant.settings.pageScript)
  const runsPageScript = pageScriptRunsFor(user)
  return {
    site: siteIdentityFor(tenant),
    menus: publicMenusFor(pages, input.forms),
    // A preview shows the site as visitors see it, so the footer is the visitors' one.
    footer: footerFor({ tenant, pages, signedIn: null }),
    viewer: {
      isPreviewing: Boolean(user && (user.isPreviewMode || user.previewedByContactId)),
      isSignedIn: user !== null,
      pageScriptHeld: !runsPageScript && pageScripts.length > 0,
    },
    pageScripts: runsPageScript ? pageScripts : [],
  }
}

/**
 * The tenant's page script is code of the tenant's choosing running on our origin: given to a
 * browser that holds a staff session, it could read any back-office screen with that session
 * (fetch('/settings/account')). It runs only for visitors and students; a staff member in Web
 * Preview, Student Preview or preview as a contact is still staff.
 */
export function pageScriptRunsFor(user: SessionUser | null): boolean {
  if (!user) return true
  return user.role === ROLE_STUDENT && !user.isPreviewMode && !user.isStudentPreview && user.previewedByContactId === null
}
