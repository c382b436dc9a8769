import sanitizeHtml from 'sanitize-html'

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags,
  'img', 'figure', 'figcaption', 'picture', 'source', 'video', 'audio', 'iframe', 'span', 'section', 'header', 'footer', 'article',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'u', 's', 'sub', 'sup', 'time',
]

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    // Roles and aria attributes only describe the page to assistive technology.
    '*': ['class', 'style', 'id', 'title', 'align', 'dir', 'role', 'aria-*'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['src', 'srcset', 'sizes', 'type', 'media'],
    time: ['datetime'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    audio: ['src', 'controls'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
}

/** Tenant-supplied HTML made safe to show: no scripts, handlers or foreign frames. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options)
}

const cache = new Map<string, string>()
const MAX_CACHED = 2000

/**
 * Sanitising is the costliest step of showing a page, and a page's HTML changes rarely, so
 * results are kept per (page, version). The key changes whenever the page is saved.
 */
export function sanitizePageHtmlCached(key: string, html: string): string {
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const clean = sanitizePageHtml(html)
  if (cache.size >= MAX_CACHED) cache.clear()
  cache.set(key, clean)
  return clean
}
