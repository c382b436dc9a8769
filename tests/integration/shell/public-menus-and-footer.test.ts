import { PRODUCT_VERSION } from '#server/website/public-tenant-config'
import { footerFor } from '#server/navigation/footer'
import { landingTenantOf } from '#server/navigation/landing'
import { publicMenusFor } from '#server/navigation/public-menu'
import { isVisitorFallback } from '#server/navigation/visitor-outcome'
import type { WebPage } from '#server/shell/public-navigation'
import { readTenantSettings } from '#server/tenancy/tenant-settings'
import type { Tenant } from '#server/tenancy/tenant'

const page = (name: string, sequence: number, extra: Partial<WebPage> = {}): WebPage => ({
  name,
  title: name.charAt(0).toUpperCase() + name.slice(1),
  url: name,
  sequence,
  isExternalLink: false,
  externalLink: null,
  isShowNavigation: true,
  isShowFooter: true,
  isLegal: false,
  isPublished: true,
  ...extra,
})

const site: WebPage[] = [
  page('home', 1),
  page('about', 2),
  page('contact', 3),
  page('calendar', 4),
  page('forms', 7),
  page('mediagallery', 9),
  page('workshops', 12, { title: 'Workshops' }),
  page('blog', 13, { title: 'Blog', url: 'news::medium.com/@demo' }),
  page('privacypolicy', 14, { title: 'Privacy Policy', isLegal: true, isShowNavigation: false }),
  page('draft', 15, { isPublished: false }),
]

const tenant = (settings: Record<string, unknown> = {}): Tenant => ({
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '1',
  orgId: 'demo',
  name: 'Demo Yoga Studio',
  parentTenantId: null,
  customDomain: null,
  isMasterFranchise: false,
  isMaster: false,
  settings: readTenantSettings(settings),
  updatedAt: new Date(),
})

describe('public website menus', () => {
  it('orders home first and about, contact last, with the listing pages whose screens are built (the calendar, the media gallery) among the others', () => {
    const { menu } = publicMenusFor(site, [])
    expect(menu.map((item) => item.title)).toEqual(['Home', 'Calendar', 'Mediagallery', 'Workshops', 'News', 'About', 'Contact'])
  })

  it("turns 'title::url' pages into external links with a scheme", () => {
    const news = publicMenusFor(site, []).menu.find((item) => item.title === 'News')
    expect(news).toMatchObject({ url: 'http://medium.com/@demo', externalUrl: true, openInNewTab: true })
  })

  it('lists each published form under the forms page, linking to its public form by guId', () => {
    const { menu } = publicMenusFor(site, [{ name: 'Trial class', guId: 'f1' }])
    const forms = menu.find((item) => item.id === 'forms')
    expect(forms?.children?.map((child) => child.url)).toEqual(['/pforms/f1'])
  })

  it('sends the logo to the external home link when home lives elsewhere', () => {
    const external = publicMenusFor([page('home', 1, { isExternalLink: true, externalLink: 'www.demo-yoga.example' })], [])
    expect(external).toMatchObject({ homeHref: 'http://www.demo-yoga.example', homeIsExternal: true })
    expect(publicMenusFor(site, [])).toMatchObject({ homeHref: '/', homeIsExternal: false })
  })
})

describe('footer', () => {
  it('shows footer pages (not home, not unbuilt listings), legal pages and the social links the tenant set', () => {
    const footer = footerFor({
      tenant: tenant({ socials: { facebook: 'facebook.com/demo', twitter: '', instagram: 'https://instagram.com/demo' }, footerInfo: 'Open daily' }),
      pages: site,
      signedIn: null,
    })
    expect(footer.pages.map((item) => item.title)).toEqual(['Calendar', 'Mediagallery', 'Workshops', 'News', 'About', 'Contact'])
    expect(footer.legalPages.map((item) => item.title)).toEqual(['Privacy Policy'])
    expect(footer.socials).toEqual([
      { name: 'facebook', label: 'Facebook', url: 'http://facebook.com/demo' },
      { name: 'instagram', label: 'Instagram', url: 'https://instagram.com/demo' },
    ])
    expect(footer.footerInfoHtml).toBe('Open daily')
    expect(footer.signedIn).toBeNull()
  })

  it('shows the rich-text footer info as sanitised HTML, whatever was stored', () => {
    const stored = '<p class="ql-align-center">Open <strong>daily</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>'
    const footer = footerFor({ tenant: tenant({ footerInfo: stored }), pages: [], signedIn: null })
    expect(footer.footerInfoHtml).toBe('<p class="ql-align-center">Open <strong>daily</strong></p>')
    expect(footerFor({ tenant: tenant({ footerInfo: '<p><br></p>' }), pages: [], signedIn: null }).footerInfoHtml).toBe('')
  })

  it('adds version, copyright and last activity in a signed-in view, in the tenant’s time zone', () => {
    const footer = footerFor({
      tenant: tenant({ timezone: 'Asia/Kolkata' }),
      pages: [],
      signedIn: { lastActivityAt: '2026-11-22T05:13:00Z' },
      now: new Date('2026-11-22T06:00:00Z'),
    })
    expect(footer.signedIn).toEqual({
      // The footer's English word is the version the configuration reports.
      version: PRODUCT_VERSION,
      copyright: '© 2026 Demo Yoga Studio. All rights reserved.',
      lastActivity: { dateTime: '2026-11-22T05:13:00.000Z', text: 'Sun Nov-22-2026 10:43 AM' },
    })
  })

  it('writes the version, the copyright line and the last activity in Turkish on a Turkish page', () => {
    const footer = footerFor({
      tenant: tenant({ timezone: 'Asia/Kolkata' }),
      pages: [],
      signedIn: { lastActivityAt: '2026-11-23T13:13:00Z' },
      language: 'tr',
      now: new Date('2026-11-23T14:00:00Z'),
    })
    expect(footer.signedIn).toEqual({
      version: 'v6.4 Aralık 2022',
      copyright: '© 2026 Demo Yoga Studio. Tüm hakları saklıdır.',
      lastActivity: { dateTime: '2026-11-23T13:13:00.000Z', text: 'Pzt 23 Kas 2026 18:43' },
    })
  })

  it('turns the copyright year over at midnight in the tenant’s time zone', () => {
    const newYearsEve = { pages: [], signedIn: { lastActivityAt: null }, now: new Date('2027-01-01T03:00:00Z') }
    expect(footerFor({ ...newYearsEve, tenant: tenant({ timezone: 'America/Los_Angeles' }) }).signedIn).toMatchObject({
      copyright: '© 2026 Demo Yoga Studio. All rights reserved.',
      lastActivity: null,
    })
    expect(footerFor({ ...newYearsEve, tenant: tenant({ timezone: 'Asia/Kolkata' }) }).signedIn?.copyright).toBe('© 2027 Demo Yoga Studio. All rights reserved.')
  })
})

describe('landing facts about the website', () => {
  it('knows the home page, the first external page and the pages that are routes of their own', () => {
    const facts = landingTenantOf(tenant(), [
      page('home', 1),
      page('shop', 2, { isExternalLink: true, externalLink: 'shop.example.com' }),
      page('about', 3),
      page('calendar', 4),
    ])
    expect(facts.hasHomePage).toBe(true)
    expect(facts.firstExternalPagePath).toBe('http://shop.example.com')
    expect(facts.websitePagePaths).toEqual(['/home', '/about', '/calendar'])
  })

  it('treats an external home link as no home page of our own', () => {
    expect(landingTenantOf(tenant(), [page('home', 1, { isExternalLink: true, externalLink: 'x.example' })]).hasHomePage).toBe(false)
  })

  it.each([
    ['/no-such-page', true],
    ['/', false],
    ['/logout', false],
    ['/integrations/zoom', false],
  ])('a visitor redirected from %s to the default route is shown the 404 page: %s', (path, expected) => {
    expect(isVisitorFallback(path, { kind: 'redirect', to: '/home' })).toBe(expected)
  })
})
