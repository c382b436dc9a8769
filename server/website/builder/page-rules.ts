import { err, ok, type WordedResult } from '#server/errors/result'
import { isAdminPath, isPublicPath, isStudentPath } from '#server/shell/route-tables'

/** Pages every studio keeps: no delete button, and a delete request is refused (spec 002 section 5). */
export const MANDATORY_PAGE_NAMES: ReadonlySet<string> = new Set(['home', 'about', 'contact', 'calendar', 'donations', 'forms', 'events', 'courses', 'mediagallery', 'privacypolicy', 'termsofservice'])

/** Pages that show a list from another area of the product instead of a body of their own. */
export const LISTING_PAGE_NAMES = ['events', 'forms', 'calendar', 'courses', 'merchandise', 'donations', 'mediagallery'] as const
export type ListingPageName = (typeof LISTING_PAGE_NAMES)[number]

export const LEGAL_PAGE_NAMES: ReadonlySet<string> = new Set(['privacypolicy', 'termsofservice'])

export const BUILDER_MESSAGES = {
  nameRequired: 'Page Name is required!',
  nameTooLong: 'Page Name must be at most 100 characters.',
  urlRequired: 'URL is required!',
  urlInvalid: 'Enter a web address such as example.com/services.',
  added: (page: string) => `${page} page added.`,
  deleted: (page: string) => `${page} is deleted successfully.`,
  updated: (page: string) => `${page} is updated successfully.`,
  published: (page: string) => `${page} Page is Published.`,
  private: (page: string) => `${page} Page is Private.`,
  settingsSaved: 'Updated successfully.',
  sequenceSaved: 'Sequence updated.',
  sequenceFailed: 'Some error occured. Please try again.',
  mandatory: (page: string) => `${page} is one of the pages every website keeps, so it cannot be deleted.`,
  notFound: 'That page does not exist.',
  deleteQuestion: 'Are you sure you want to delete this page?',
  addressTaken: (url: string) => `Another page or screen already uses the address /${url}. Choose another name.`,
  formsNote: 'All Form with a green dot are visible in public view.',
} as const

/**
 * An external page's address: an optional http, https, sftp or ftp scheme, a dotted host and
 * an optional port and path (spec 002 section 5).
 */
export const EXTERNAL_URL_PATTERN = /^(?:(?:https?|s?ftp):\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i

export function checkExternalUrl(value: string): WordedResult<string, 'invalid_input'> {
  const url = value.trim()
  if (url === '') return err('invalid_input', BUILDER_MESSAGES.urlRequired)
  if (url.length > 2000 || !EXTERNAL_URL_PATTERN.test(url)) return err('invalid_input', BUILDER_MESSAGES.urlInvalid)
  return ok(url)
}

export function checkPageTitle(value: string): WordedResult<string, 'invalid_input'> {
  const title = value.replace(/\s+/g, ' ').trim()
  if (title === '') return err('invalid_input', BUILDER_MESSAGES.nameRequired)
  if (title.length > 100) return err('invalid_input', BUILDER_MESSAGES.nameTooLong)
  return ok(title)
}

/** A new page's name, title and address: a random number from 1000 to 9999 (spec 002 section 4). */
export function randomPageNumber(random: () => number = Math.random): string {
  return String(1000 + Math.floor(random() * 9000))
}

/** The address a custom page takes from its title: lower case letters, digits and dashes. */
export function pageSlugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** Addresses the product's own screens answer, which a custom page must not shadow. */
const OTHER_RESERVED = new Set([
  'api',
  'assets',
  'build',
  'uploads',
  'plugin',
  'webhooks',
  'item',
  'session',
  'franchise',
  'auth',
  'altcha',
  'cache',
  'signup',
  'invoice',
  'downloads',
  'registration',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  '404',
  'logout',
  'profile',
  'website-templates',
  'classes',
  'mycourses',
])

export function isReservedAddress(slug: string): boolean {
  const path = `/${slug}`
  return OTHER_RESERVED.has(slug) || isPublicPath(path) || isAdminPath(path) || isStudentPath(path)
}

/** The editor the stepper opens for a page: the visual one when it has a design, raw HTML otherwise for legal pages. */
export function isRawHtmlPage(page: { name: string; design: unknown; isExternalLink: boolean; html: string }): boolean {
  // "Privacy-policy and terms-of-service pages are treated as raw HTML unless they have design
  // json, an external link, or empty html."
  if (!LEGAL_PAGE_NAMES.has(page.name.toLowerCase())) return false
  return !page.design && !page.isExternalLink && page.html.trim() !== ''
}
