import { checkExternalUrl, checkPageTitle, isRawHtmlPage, isReservedAddress, MANDATORY_PAGE_NAMES, pageSlugOf, randomPageNumber } from '#server/website/builder/page-rules'

describe('website builder page rules (spec 002 sections 4 and 5)', () => {
  it('accepts addresses with an optional http, https, sftp or ftp scheme, a dotted host and a path', () => {
    for (const url of [
      'example.com',
      'example.com/services',
      'www.example.co.uk/a/b?c=d#e',
      'http://example.com',
      'https://shop.example.org:8443/x',
      'ftp://files.example.net/x',
      'sftp://files.example.net',
    ]) {
      expect(checkExternalUrl(url)).toEqual({ ok: true, value: url })
    }
    expect(checkExternalUrl('  example.com/x  ')).toEqual({ ok: true, value: 'example.com/x' })
  })

  it('refuses an empty address with the spec words, and anything else that is not an address', () => {
    expect(checkExternalUrl('')).toMatchObject({ ok: false, message: 'URL is required!' })
    expect(checkExternalUrl('   ')).toMatchObject({ ok: false, message: 'URL is required!' })
    for (const url of [
      'localhost',
      'http://localhost:3000',
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:a@example.com',
      'example',
      'exa mple.com',
      'http://',
      `example.com/${'a'.repeat(2000)}`,
      'gopher://example.com',
    ]) {
      expect(checkExternalUrl(url)).toMatchObject({ ok: false, message: 'Enter a web address such as example.com/services.' })
    }
  })

  it('requires a page name and trims and joins its spaces', () => {
    expect(checkPageTitle('')).toMatchObject({ ok: false, message: 'Page Name is required!' })
    expect(checkPageTitle(' \n\t ')).toMatchObject({ ok: false, message: 'Page Name is required!' })
    expect(checkPageTitle('  Our   Prices ')).toEqual({ ok: true, value: 'Our Prices' })
    expect(checkPageTitle('x'.repeat(101))).toMatchObject({ ok: false })
  })

  it('names a new page with a number from 1000 to 9999', () => {
    expect(randomPageNumber(() => 0)).toBe('1000')
    expect(randomPageNumber(() => 0.999999)).toBe('9999')
    for (let i = 0; i < 200; i++) expect(Number(randomPageNumber())).toBeGreaterThanOrEqual(1000)
  })

  it('makes an address of a title: plain letters, digits and dashes', () => {
    expect(pageSlugOf('Our Prices')).toBe('our-prices')
    expect(pageSlugOf('  Café & Crème Brûlée!  ')).toBe('cafe-creme-brulee')
    expect(pageSlugOf('日本')).toBe('')
    expect(pageSlugOf('a'.repeat(120)).length).toBeLessThanOrEqual(80)
  })

  it("keeps the product's own screens from being shadowed by a page", () => {
    for (const slug of ['contacts', 'login', 'checkout', 'calendar', 'settings', 'website', 'classes', 'plugin', 'uploads', 'sitemap.xml']) expect(isReservedAddress(slug)).toBe(true)
    for (const slug of ['our-prices', 'summer-camp', 'team']) expect(isReservedAddress(slug)).toBe(false)
  })

  it('lists the pages every website keeps', () => {
    expect([...MANDATORY_PAGE_NAMES].sort()).toEqual(['about', 'calendar', 'contact', 'courses', 'donations', 'events', 'forms', 'home', 'mediagallery', 'privacypolicy', 'termsofservice'])
    expect(MANDATORY_PAGE_NAMES.has('merchandise')).toBe(false)
  })

  it('treats privacy and terms pages as raw HTML unless they have a design, an external link or no html', () => {
    const legal = { name: 'privacypolicy', design: null, isExternalLink: false, html: '<p>We keep your data safe.</p>' }
    expect(isRawHtmlPage(legal)).toBe(true)
    expect(isRawHtmlPage({ ...legal, name: 'TermsOfService' })).toBe(true)
    expect(isRawHtmlPage({ ...legal, design: { pages: [] } })).toBe(false)
    expect(isRawHtmlPage({ ...legal, isExternalLink: true })).toBe(false)
    expect(isRawHtmlPage({ ...legal, html: '  ' })).toBe(false)
    expect(isRawHtmlPage({ ...legal, name: 'about' })).toBe(false)
  })
})
