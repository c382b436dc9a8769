import type { NavigationItem } from '#server/shell/navigation-item'
import { footerPagesFor, legalPagesFor, publicNavigationFor, withScheme, type PublishedForm, type WebPage } from '#server/shell/public-navigation'
import { isPublicPageAvailable, isPublicPathAvailable } from './available-paths'

export type PublicMenus = {
  /** The header menu: home first, about and contact last, forms as a group of forms. */
  menu: NavigationItem[]
  footerPages: NavigationItem[]
  legalPages: NavigationItem[]
  /** Where the logo goes: the external home link when home is one, otherwise the site root. */
  homeHref: string
  homeIsExternal: boolean
}

/** Menus of the public site from the tenant's published pages and forms (one query's worth). */
export function publicMenusFor(pages: readonly WebPage[], forms: readonly PublishedForm[]): PublicMenus {
  const shown = pages.filter((page) => isPublicPageAvailable(page.name))
  // The forms page becomes a group of links to the published forms, so it needs no listing screen.
  const inMenu = pages.filter((page) => isPublicPageAvailable(page.name) || page.name.toLowerCase() === 'forms')
  const home = shown.find((page) => page.name.toLowerCase() === 'home' && page.isPublished)
  const externalHome = home?.isExternalLink ? (home.externalLink?.trim() ?? '') : ''
  return {
    menu: publicNavigationFor(inMenu, isPublicPathAvailable('/pforms') ? forms : []),
    footerPages: footerPagesFor(shown),
    legalPages: legalPagesFor(shown),
    homeHref: externalHome ? withScheme(externalHome) : '/',
    homeIsExternal: externalHome !== '',
  }
}
