import type { SessionUser } from '#server/auth/session-user'
import type { PublishedForm, WebPage } from '#server/shell/public-navigation'
import type { Tenant } from '#server/tenancy/tenant'
import { pageScriptTags, type PageScriptTag } from '#server/website/page-script'
import { siteIdentityFor, type SiteIdentity } from '#server/website/site-identity'
import { footerFor, type FooterView } from './footer'
import { publicMenusFor, type PublicMenus } from './public-menu'

export type PublicViewer = {
  /** Staff looking at the site through Web Preview: the Login button returns them instead. */
  isPreviewing: boolean
  isSignedIn: boolean
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
  return {
    site: siteIdentityFor(tenant),
    menus: publicMenusFor(input.pages, input.forms),
    // A preview shows the site as visitors see it, so the footer is the visitors' one.
    footer: footerFor({ tenant, pages: input.pages, signedIn: null }),
    viewer: {
      isPreviewing: Boolean(user && (user.isPreviewMode || user.previewedByContactId)),
      isSignedIn: user !== null,
    },
    pageScripts: pageScriptTags(tenant.settings.pageScript),
  }
}
