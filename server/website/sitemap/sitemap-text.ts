import { firstSegment } from '#server/shell/request-path'
import { ADMIN_ROUTES, PUBLIC_ROUTES, STUDENT_ROUTES } from '#server/shell/route-tables'
import type { SitemapEntry } from './sitemap-entries'

/** Text for XML content: the five characters XML gives a meaning of their own, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character)
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** A W3C datetime to the second, in UTC: what the sitemap protocol's lastmod takes. */
function lastmodOf(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** The sitemap (sitemaps.org protocol 0.9): each address absolute on `origin`, with its lastmod when known. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${lastmodOf(entry.lastModified)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`
  })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}

/**
 * Addresses with nothing for a search engine: buying and paying (checkout, orders, invoices and
 * their payment calls), form downloads, and signing in or out.
 */
const PRIVATE_SEGMENTS = [
  'checkout',
  'invoice',
  'invoices',
  'meminvoice',
  'item',
  'downloads',
  'free',
  'introductory',
  'preview',
  'login',
  'logout',
  'register',
  'forgot-password',
  'reset-password',
  'verify-email',
  'session',
  'signup',
] as const

const PUBLIC_SEGMENTS: ReadonlySet<string> = new Set(Object.values(PUBLIC_ROUTES).map(firstSegment))

/** The staff and student areas (spec 000's route tables) that are not also public, and the private addresses above. */
export function disallowedSegments(): string[] {
  const areas = [...Object.values(ADMIN_ROUTES), ...Object.values(STUDENT_ROUTES)].map(firstSegment).filter((segment) => !PUBLIC_SEGMENTS.has(segment))
  return [...new Set([...areas, ...PRIVATE_SEGMENTS])].filter(Boolean).sort()
}

/**
 * robots.txt: everything is allowed except the staff and student areas and the private
 * addresses, and it names the sitemap. A Disallow line matches by prefix, and a studio may call
 * a page anything ('donation-days', 'settings-guide'), so every segment is closed exactly: the
 * bare path, its query and what lies below it. Nothing of the studio's is read to write it.
 */
export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /']
  for (const segment of disallowedSegments()) lines.push(`Disallow: /${segment}$`, `Disallow: /${segment}/`, `Disallow: /${segment}?`)
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '')
  return lines.join('\n')
}
