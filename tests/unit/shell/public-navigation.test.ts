import { describe, expect, it } from 'vitest'
import {
  footerPagesFor,
  inMenuOrder,
  legalPagesFor,
  parseTitledUrl,
  publicNavigationFor,
  withScheme,
  type WebPage,
} from '#server/shell/public-navigation'

const page = (name: string, sequence: number, extra: Partial<WebPage> = {}): WebPage => ({
  name,
  title: name.charAt(0).toUpperCase() + name.slice(1),
  url: name,
  sequence,
  isExternalLink: false,
  externalLink: null,
  isShowNavigation: true,
  isShowFooter: false,
  isLegal: false,
  isPublished: true,
  ...extra,
})

// The default website page sequences of the settings spec, section 9.
const defaults: WebPage[] = [
  page('about', 9999),
  page('contact', 1000),
  page('donations', 307),
  page('forms', 303),
  page('mediagallery', 308, { title: 'Media Gallery' }),
  page('merchandise', 302),
  page('events', 302),
  page('courses', 301),
  page('calendar', 300),
  page('home', 500),
]

const forms = [
  { name: 'Summer Camp', guId: 'g-1' },
  { name: 'Volunteer', guId: 'g-2' },
]

describe('publicNavigationFor', () => {
  it('puts home first and about and contact last, the rest by sequence', () => {
    expect(publicNavigationFor(defaults, forms).map((item) => item.id)).toEqual([
      'home',
      'calendar',
      'courses',
      'events',
      'merchandise',
      'forms',
      'donations',
      'mediagallery',
      'about',
      'contact',
    ])
  })

  it('links internal pages to their route', () => {
    const [home] = publicNavigationFor([page('home', 1)], [])
    expect(home).toEqual({ id: 'home', title: 'Home', type: 'item', url: '/home' })
  })

  it('turns the forms page into a group of sub-items, one per form, each linking to the form by guId', () => {
    const formsItem = publicNavigationFor([page('forms', 303)], forms)[0]
    expect(formsItem?.type).toBe('collapsable')
    expect(formsItem?.children).toEqual([
      { id: 'g-1', title: 'Summer Camp', type: 'item', url: '/pforms/g-1' },
      { id: 'g-2', title: 'Volunteer', type: 'item', url: '/pforms/g-2' },
    ])
  })

  it('leaves the forms page out while there are no published forms', () => {
    expect(publicNavigationFor([page('forms', 303)], [])).toEqual([])
  })

  it.each([
    { name: 'external-link pages open the external URL', externalLink: 'https://blog.example.com', url: 'https://blog.example.com' },
    { name: 'the external home link gets http:// added if it has no scheme', externalLink: 'www.example.com', url: 'http://www.example.com' },
  ])('$name', ({ externalLink, url }) => {
    const [home] = publicNavigationFor([page('home', 1, { isExternalLink: true, externalLink })], [])
    expect(home).toEqual({ id: 'home', title: 'Home', type: 'item', url, externalUrl: true, openInNewTab: true })
  })

  it("reads a page url of the form 'title::url' as a titled external link", () => {
    const [link] = publicNavigationFor([page('1234', 600, { url: 'shop::shop.example.com' })], [])
    expect(link).toMatchObject({ title: 'Shop', url: 'http://shop.example.com', externalUrl: true })
  })

  it.each([
    { name: 'hidden from navigation', extra: { isShowNavigation: false } },
    { name: 'unpublished', extra: { isPublished: false } },
  ])('leaves out pages that are $name', ({ extra }) => {
    expect(publicNavigationFor([page('home', 1), page('events', 2, extra)], [])).toHaveLength(1)
  })
})

describe('inMenuOrder', () => {
  it('orders standard pages by the standard list, then custom pages alphabetically, when sequences tie', () => {
    const pages = [page('zumba', 10), page('donations', 10), page('Aerial', 10), page('calendar', 10), page('home', 10)]
    expect(inMenuOrder(pages).map((p) => p.name)).toEqual(['home', 'calendar', 'donations', 'Aerial', 'zumba'])
  })

  it('lets the sequence staff set in the builder lead', () => {
    const pages = [page('calendar', 20), page('yoga', 5), page('about', 1), page('contact', 2), page('home', 99)]
    expect(inMenuOrder(pages).map((p) => p.name)).toEqual(['home', 'yoga', 'calendar', 'about', 'contact'])
  })
})

describe('footer and legal pages', () => {
  const pages = [
    page('home', 1, { isShowFooter: true }),
    page('events', 2),
    page('privacypolicy', 3, { isLegal: true }),
    page('termsofservice', 4, { isLegal: true, isShowFooter: true }),
    page('about', 5, { isShowFooter: true, isShowNavigation: false }),
    page('contact', 6, { isShowFooter: true, isPublished: false }),
  ]

  it('footer pages show in the footer and are not legal', () => {
    expect(footerPagesFor(pages).map((item) => item.id)).toEqual(['home', 'about'])
  })

  it('legal pages are the published legal pages', () => {
    expect(legalPagesFor(pages).map((item) => item.id)).toEqual(['privacypolicy', 'termsofservice'])
  })
})

describe('parseTitledUrl', () => {
  it.each([
    { value: 'google::www.google.com', expected: { title: 'Google', url: 'http://www.google.com' } },
    { value: 'docs::https://docs.example.com/a', expected: { title: 'Docs', url: 'https://docs.example.com/a' } },
    { value: 'my Shop :: http://shop.example.com', expected: { title: 'My Shop', url: 'http://shop.example.com' } },
    { value: 'about', expected: null },
    { value: 'empty::', expected: null },
  ])('$value', ({ value, expected }) => {
    expect(parseTitledUrl(value)).toEqual(expected)
  })
})

describe('withScheme', () => {
  it.each([
    { url: 'example.com', expected: 'http://example.com' },
    { url: 'http://example.com', expected: 'http://example.com' },
    { url: 'HTTPS://example.com', expected: 'HTTPS://example.com' },
    { url: 'ftp://files.example.com', expected: 'ftp://files.example.com' },
    { url: ' example.com/path ', expected: 'http://example.com/path' },
  ])('$url', ({ url, expected }) => {
    expect(withScheme(url)).toBe(expected)
  })
})
