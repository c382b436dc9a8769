import { loader as robotsLoader } from '#app/routes/_site+/robots[.]txt'
import { loader as sitemapLoader } from '#app/routes/_site+/sitemap[.]xml'
import { asSystem } from '#db/tenant-scope'
import type { CatalogItemKind } from '#db/tables/catalog'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantWithPeople } from '#tests/integration/shell/shell-world'
import { routeTable } from '#tests/support/route-table'
import { callRoute, getRequest } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const MODULES_ON = { isShowEventsMenu: true, isShowMerchandiseMenu: true, isShowDonationMenu: true, isShowDonation: true }
const DAY = 86_400_000

/** The whole document in the one shape the sitemap writes: anything else (a stray '&', a lost tag) fails. */
const WELL_FORMED =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n( {2}<url><loc>(?:[^<>&"']|&(?:amp|lt|gt|quot|apos);)+<\/loc>(?:<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>)?<\/url>\n)*<\/urlset>\n$/

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

describe(`sitemap.xml and robots.txt of each tenant (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant } = await tenantWithPeople(platform, { orgId: 'mapa', settings: MODULES_ON }))
    ;({ tenant: other } = await tenantWithPeople(platform, { orgId: 'mapb', settings: MODULES_ON }))
    const now = Date.now()
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const page = (tenantId: string, name: string, extra: Record<string, unknown>) =>
        trx
          .insertInto('web_pages')
          .values({ tenant_id: tenantId, name, title: name, url: name, sequence: 50, html: '<p>Body</p>', ...extra })
          .execute()
      await page(tenant.id, 'workshops', {})
      await page(tenant.id, 'drafts', { is_published: false })
      await page(tenant.id, 'partners', { is_external_link: true, external_link: 'https://partners.example.com' })
      await page(tenant.id, 'blog', { url: 'news::medium.com/@studio' })
      await page(tenant.id, 'rock-n-roll', { url: "rock'n'roll" })
      await page(other.id, 'only-in-b', {})
      const item = async (tenantId: string, kind: CatalogItemKind, slug: string, extra: Record<string, unknown> = {}) =>
        await trx
          .insertInto('catalog_items')
          .values({ tenant_id: tenantId, kind, name: slug, slug, is_published: true, ...extra })
          .returning(['id', 'guid'])
          .executeTakeFirstOrThrow()
      await item(tenant.id, 'course', 'yoga-basics')
      await item(tenant.id, 'course', 'secret-course', { is_published: false })
      await item(tenant.id, 'product', 'cork-block')
      await item(tenant.id, 'product', 'old-mat', { is_archived: true })
      await item(tenant.id, 'membership', 'monthly-pass')
      const donation = await item(tenant.id, 'donation', 'roof-fund')
      for (const [slug, startsIn, endsIn] of [
        ['summer-retreat', 10, 11],
        ['winter-2020', -20, -19],
      ] as const) {
        const event = await item(tenant.id, 'event', slug)
        await trx
          .insertInto('event_details')
          .values({ item_id: event.id, tenant_id: tenant.id, starts_at: new Date(now + startsIn * DAY), ends_at: new Date(now + endsIn * DAY), time_zone: 'UTC' })
          .execute()
      }
      await item(other.id, 'course', 'only-in-b-course')
      return donation
    })
  }, 120_000)
  afterAll(() => platform.close())

  const sitemap = async (on: Tenant = tenant, url = 'http://mapa.localhost/sitemap.xml') => {
    const outcome = await callRoute(sitemapLoader, getRequest(url), contextFor(platform, on))
    const xml = String(outcome.body)
    return { outcome, xml, locs: [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => unescape(match[1] ?? '')) }
  }

  it('answers /sitemap.xml and /robots.txt from their own routes, not from the page route or the catch-all', async () => {
    const routes = await routeTable()
    expect(routes.find((route) => route.urlPath === '/sitemap.xml')?.file).toBe('_site+/sitemap[.]xml.ts')
    expect(routes.find((route) => route.urlPath === '/robots.txt')?.file).toBe('_site+/robots[.]txt.ts')
  })

  it("lists the tenant's published internal pages, its listings and its live item pages, absolute on its own host", async () => {
    const { outcome, xml, locs } = await sitemap()
    expect(outcome.status).toBe(200)
    expect(outcome.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    expect(outcome.headers.get('Cache-Control')).toBe('public, max-age=300, s-maxage=60')
    expect(xml).toMatch(WELL_FORMED)
    const donation = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('catalog_items').select('guid').where('tenant_id', '=', tenant.id).where('slug', '=', 'roof-fund').executeTakeFirstOrThrow(),
    )
    const origin = 'http://mapa.localhost'
    expect(locs).toEqual(
      expect.arrayContaining([
        `${origin}/home`,
        `${origin}/about`,
        `${origin}/contact`,
        `${origin}/calendar`,
        `${origin}/courses`,
        `${origin}/events`,
        `${origin}/donations`,
        `${origin}/merchandise`,
        `${origin}/mediagallery`,
        `${origin}/privacypolicy`,
        `${origin}/termsofservice`,
        `${origin}/workshops`,
        `${origin}/rock'n'roll`,
        `${origin}/courses/details/yoga-basics`,
        `${origin}/merchandise/details/cork-block`,
        `${origin}/events/details/summer-retreat`,
        `${origin}/donate/${donation.guid}`,
      ]),
    )
    // The apostrophes of the page's address are escaped in the XML.
    expect(xml).toContain(`<loc>${origin}/rock&apos;n&apos;roll</loc>`)
    for (const left of ['drafts', 'partners', 'blog', 'news', 'forms', 'secret-course', 'old-mat', 'monthly-pass', 'winter-2020', 'only-in-b']) {
      expect(
        locs.some((loc) => loc.includes(left)),
        left,
      ).toBe(false)
    }
    expect(locs.every((loc) => loc.startsWith(`${origin}/`))).toBe(true)
    expect(xml).toMatch(/<url><loc>http:\/\/mapa\.localhost\/home<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[\d:]{8}Z<\/lastmod><\/url>/)
  })

  it("never lists another tenant's pages or items", async () => {
    const { locs } = await sitemap(other, 'http://mapb.localhost/sitemap.xml')
    expect(locs).toContain('http://mapb.localhost/only-in-b')
    expect(locs).toContain('http://mapb.localhost/courses/details/only-in-b-course')
    for (const loc of locs) expect(loc.startsWith('http://mapb.localhost/')).toBe(true)
    expect(locs.some((loc) => /workshops|yoga-basics|cork-block|summer-retreat/.test(loc))).toBe(false)
  })

  it('uses https when the request came over https, and leaves out what is unpublished or switched off', async () => {
    expect((await sitemap(tenant, 'https://mapa.localhost/sitemap.xml')).locs.every((loc) => loc.startsWith('https://mapa.localhost/'))).toBe(true)
    await asSystem(platform.database, 'test: unpublish pages', (trx) =>
      trx.updateTable('web_pages').set({ is_published: false }).where('tenant_id', '=', tenant.id).where('name', 'in', ['mediagallery', 'workshops']).execute(),
    )
    const hidden = await platform.tenants.findById(tenant.id)
    if (!hidden) throw new Error('tenant gone')
    const { locs } = await sitemap({ ...hidden, settings: { ...hidden.settings, isShowCourses: false, isShowEventsMenu: false } })
    for (const left of ['/mediagallery', '/workshops', '/courses', '/events'])
      expect(
        locs.some((loc) => loc.includes(left)),
        left,
      ).toBe(false)
    expect(locs).toContain('http://mapa.localhost/merchandise/details/cork-block')
  })

  it('robots.txt allows all, closes the staff and student areas and checkout, orders and invoices, and names the sitemap', async () => {
    const outcome = await callRoute(robotsLoader, getRequest('http://mapa.localhost/robots.txt'), contextFor(platform, tenant))
    expect(outcome.status).toBe(200)
    expect(outcome.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const lines = String(outcome.body).split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    expect(lines).toEqual(
      expect.arrayContaining(['Disallow: /dashboard$', 'Disallow: /settings/', 'Disallow: /contacts/', 'Disallow: /mycourses?', 'Disallow: /checkout/', 'Disallow: /invoices/', 'Disallow: /meminvoice/']),
    )
    // '/donation' is the staff screen, '/donations' the public listing: closed exactly.
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /donation$', 'Disallow: /donation/']))
    expect(lines).toContain('Sitemap: http://mapa.localhost/sitemap.xml')
  })
})
