/** Page types of the template gallery (spec 002 section 3, Website template). */
export const TEMPLATE_PAGE_TYPES = ['home', 'about', 'contact', 'privacypolicy', 'termsofservice', 'others'] as const
export type TemplatePageType = (typeof TEMPLATE_PAGE_TYPES)[number]

/** The org id the spec gives the shared templates every studio may use and none may delete. */
export const MASTER_ORG_ID = 'master'

/**
 * A template shipped with the product. Its HTML and CSS are what a page built from it starts
 * with; images live under public/website-templates/{slug}/ and are referred to by absolute path.
 */
export interface MasterTemplate {
  /** Stable id, 'master-{slug}'. */
  id: string
  slug: string
  name: string
  pageType: TemplatePageType
  /** Body markup; every element the CSS styles sits under one root element of class `tpl-{slug}`. */
  html: string
  /** Plain CSS for that markup; the product scopes it to the page body when it renders. */
  css: string
  /** Card image for the gallery, e.g. /website-templates/{slug}/thumbnail.webp */
  thumbnail: string
}
