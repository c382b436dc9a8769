import { sitemapEntriesFrom, type SitemapItem, type SitemapPage } from '#server/website/sitemap/sitemap-entries'
import { disallowedSegments, escapeXml, robotsTxt, sitemapXml } from '#server/website/sitemap/sitemap-text'
import { readTenantSettings } from '#server/tenancy/tenant-settings'

const day = (n: number) => new Date(Date.UTC(2026, 11, n))
const now = day(10)

const page = (name: string, sequence: number, extra: Partial<SitemapPage> = {}): SitemapPage => ({
  name,
  url: name,
  sequence,
  isExternalLink: false,
  hasBody: true,
  updatedAt: day(1),
  ...extra,
})

const item = (kind: SitemapItem['kind'], slug: string, extra: Partial<SitemapItem> = {}): SitemapItem => ({
  kind,
  guid: `00000000-0000-4000-8000-${String(slug.length).padStart(12, '0')}`,
  slug,
  updatedAt: day(2),
  endsAt: null,
  ...extra,
})

const pages = [
  page('home', 1),
  page('about', 2, { updatedAt: day(3) }),
  page('calendar', 4, { hasBody: false }),
  page('courses', 5, { hasBody: false }),
  page('events', 6, { hasBody: false }),
  page('forms', 7, { hasBody: false }),
  page('donations', 8, { hasBody: false }),
  page('merchandise', 9, { hasBody: false }),
  page('mediagallery', 10, { hasBody: false }),
  page('blog', 11, { isExternalLink: true }),
  page('news', 12, { url: 'news::medium.com/@demo' }),
  page('empty', 13, { hasBody: false }),
  page('a&b', 14, { url: 'fish & chips' }),
  page('privacypolicy', 15),
]

const items = [
  item('course', 'yoga-basics', { updatedAt: day(5) }),
  item('event', 'summer-retreat', { endsAt: day(20) }),
  item('event', 'last-year', { endsAt: day(1) }),
  item('product', 'yoga-mat'),
  item('bundle', 'starter-kit'),
  item('donation', 'roof-fund'),
  item('membership', 'monthly'),
  item('class', 'morning-flow'),
]

const allOn = readTenantSettings({ isShowDonation: true, isShowEventsMenu: true, isShowMerchandiseMenu: true, isShowDonationMenu: true })

describe('the sitemap entries of a tenant', () => {
  it('lists published internal pages, listings that are on and live item pages; never external links, forms or bodiless pages', () => {
    const entries = sitemapEntriesFrom({ pages, items, mediaChangedAt: day(7), settings: allOn, now })
    expect(entries.map((entry) => entry.path)).toEqual([
      '/home',
      '/about',
      '/calendar',
      '/courses',
      '/events',
      '/donations',
      '/merchandise',
      '/mediagallery',
      '/fish%20%26%20chips',
      '/privacypolicy',
      '/courses/details/yoga-basics',
      '/events/details/summer-retreat',
      '/merchandise/details/yoga-mat',
      '/merchandise/details/starter-kit',
      `/donate/${items[5]?.guid}`,
    ])
    const lastmod = Object.fromEntries(entries.map((entry) => [entry.path, entry.lastModified?.toISOString()]))
    expect(lastmod['/about']).toBe(day(3).toISOString())
    expect(lastmod['/courses']).toBe(day(5).toISOString())
    expect(lastmod['/mediagallery']).toBe(day(7).toISOString())
  })

  it('leaves out the listings and item pages the tenant switched off', () => {
    const settings = readTenantSettings({ isShowSchedule: false, isShowCourses: false, isShowEventsMenu: false, isShowMerchandiseMenu: false, isShowDonation: false })
    const paths = sitemapEntriesFrom({ pages, items, mediaChangedAt: null, settings, now }).map((entry) => entry.path)
    expect(paths).toEqual(['/home', '/about', '/mediagallery', '/fish%20%26%20chips', '/privacypolicy'])
  })
})

describe('the sitemap file', () => {
  it('is well-formed XML with absolute, escaped addresses and W3C lastmod dates', () => {
    const xml = sitemapXml('https://demo.example.com', [
      { path: '/home', lastModified: new Date('2026-12-01T10:20:30.456Z') },
      { path: '/a?x=1&y=<2>', lastModified: null },
    ])
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://demo.example.com/home</loc><lastmod>2026-12-01T10:20:30Z</lastmod></url>',
        '  <url><loc>https://demo.example.com/a?x=1&amp;y=&lt;2&gt;</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
    expect(escapeXml(`'"`)).toBe('&apos;&quot;')
  })
})

/** As a crawler reads Disallow lines: a prefix, or an exact path when it ends in '$'. */
function isBlocked(lines: readonly string[], path: string): boolean {
  return lines
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length))
    .some((rule) => (rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule)))
}

describe('robots.txt', () => {
  it('allows all, closes the staff and student areas and the checkout, order and invoice addresses, and names the sitemap', () => {
    const text = robotsTxt('https://demo.example.com')
    const lines = text.split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    for (const closed of ['/dashboard', '/settings', '/contacts', '/website', '/mycourses', '/profile', '/checkout', '/invoices', '/meminvoice', '/invoice']) {
      expect(
        lines.some((line) => line === `Disallow: ${closed}` || line === `Disallow: ${closed}$`),
        closed,
      ).toBe(true)
    }
    expect(lines).toContain('Sitemap: https://demo.example.com/sitemap.xml')
    // Public addresses stay open.
    for (const open of ['/calendar', '/courses', '/events', '/merchandise', '/donations', '/mediagallery', '/pforms/abc', '/uploads/x.webp', '/home', '/donation-days', '/settings-guide']) {
      expect(isBlocked(lines, open), open).toBe(false)
    }
    for (const closed of ['/donation', '/donation/abc', '/checkout/orders/abc', '/website/media']) expect(isBlocked(lines, closed), closed).toBe(true)
  })

  it("closes every area exactly, so a page whose address begins with one ('donation' and 'donations') stays open", () => {
    const lines = robotsTxt('https://demo.example.com').split('\n')
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /donation$', 'Disallow: /donation/', 'Disallow: /donation?', 'Disallow: /settings$', 'Disallow: /settings/']))
    expect(lines).not.toContain('Disallow: /donation')
    expect(disallowedSegments()).not.toContain('calendar')
  })
})
