import type { NavigationItem } from '#server/shell/navigation-item'

/** A tenant web page as the public menu reads it. */
export type WebPage = {
  name: string
  title: string
  url: string
  sequence: number
  isExternalLink: boolean
  externalLink: string | null
  isShowNavigation: boolean
  isShowFooter: boolean
  isLegal: boolean
  isPublished: boolean
}

export type PublishedForm = { name: string; guId: string }

/** The fixed standard list; home is pinned first and about, contact last. */
export const STANDARD_PAGE_NAMES = [
  'home',
  'about',
  'contact',
  'calendar',
  'courses',
  'events',
  'forms',
  'donations',
  'merchandise',
  'mediagallery',
  'privacypolicy',
  'termsofservice',
] as const

const PINNED_LAST = ['about', 'contact'] as const

/**
 * The public menu (spec 000 section 2, "Public website pages and menu"): published pages
 * that show in navigation, in menu order, each turned into a link.
 */
export function publicNavigationFor(pages: readonly WebPage[], forms: readonly PublishedForm[]): NavigationItem[] {
  return inMenuOrder(pages.filter((page) => page.isPublished && page.isShowNavigation)).flatMap(
    (page): NavigationItem[] => {
      const link = pageLink(page)
      if (page.name.toLowerCase() !== 'forms' || link.externalUrl) return [link]
      // An empty dropdown leads nowhere, so the forms page waits for its first form.
      if (forms.length === 0) return []
      return [
        {
          id: link.id,
          title: link.title,
          type: 'collapsable',
          icon: 'assignment',
          children: forms.map((form) => ({
            id: form.guId,
            title: form.name,
            type: 'item' as const,
            url: `/pforms/${encodeURIComponent(form.guId)}`,
          })),
        },
      ]
    },
  )
}

/** Footer links that are not legal pages. */
export function footerPagesFor(pages: readonly WebPage[]): NavigationItem[] {
  return inMenuOrder(pages.filter((page) => page.isPublished && page.isShowFooter && !page.isLegal)).map(pageLink)
}

/**
 * Legal pages show in every footer once published: the footer flag chooses ordinary footer
 * links, while privacy and terms links are expected on every page.
 */
export function legalPagesFor(pages: readonly WebPage[]): NavigationItem[] {
  return inMenuOrder(pages.filter((page) => page.isPublished && page.isLegal)).map(pageLink)
}

/**
 * Home first, about then contact last. Between them the spec names three keys ("standard
 * list, then custom pages alphabetically, then by sequence"); sequence leads because it is
 * what staff set when they reorder pages in the builder, and the default sequences already
 * follow the standard list. On equal sequence, standard pages come before custom ones, in
 * standard-list order, and custom pages go alphabetically by title.
 */
export function inMenuOrder(pages: readonly WebPage[]): WebPage[] {
  return [...pages].sort((a, b) => {
    const byPin = pinRank(a) - pinRank(b)
    if (byPin !== 0) return byPin
    const bySequence = a.sequence - b.sequence
    if (bySequence !== 0) return bySequence
    const byStandard = standardIndex(a) - standardIndex(b)
    if (byStandard !== 0) return byStandard
    return a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name)
  })
}

function pinRank(page: WebPage): number {
  const name = page.name.toLowerCase()
  if (name === 'home') return 0
  const lastAt = (PINNED_LAST as readonly string[]).indexOf(name)
  return lastAt === -1 ? 1 : 2 + lastAt
}

function standardIndex(page: WebPage): number {
  const at = (STANDARD_PAGE_NAMES as readonly string[]).indexOf(page.name.toLowerCase())
  return at === -1 ? STANDARD_PAGE_NAMES.length : at
}

function pageLink(page: WebPage): NavigationItem {
  const titled = parseTitledUrl(page.url)
  if (titled) {
    return { id: page.name, title: titled.title, type: 'item', url: titled.url, externalUrl: true, openInNewTab: true }
  }
  const externalLink = page.externalLink?.trim() ?? ''
  if (page.isExternalLink && externalLink !== '') {
    return {
      id: page.name,
      title: page.title,
      type: 'item',
      url: withScheme(externalLink),
      externalUrl: true,
      openInNewTab: true,
    }
  }
  const slug = page.url.replace(/^\/+/, '').trim() || page.name
  return { id: page.name, title: page.title || page.name, type: 'item', url: `/${slug}` }
}

/**
 * A page url written 'title::url' is a link with its own label: the title is capitalised and
 * the url gets 'http://' when it has no scheme. Returns null for ordinary urls.
 */
export function parseTitledUrl(value: string): { title: string; url: string } | null {
  const at = value.indexOf('::')
  if (at === -1) return null
  const title = value.slice(0, at).trim()
  const url = value.slice(at + 2).trim()
  if (url === '') return null
  return { title: title.charAt(0).toUpperCase() + title.slice(1), url: withScheme(url) }
}

/**
 * The spec asks this of the external home link; it is applied to every external link because
 * a browser reads a scheme-less href as a path on the tenant's own site.
 */
export function withScheme(url: string): string {
  const trimmed = url.trim()
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`
}
