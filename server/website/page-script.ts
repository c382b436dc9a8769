import sanitizeHtml from 'sanitize-html'
import { BoundedMemo } from '#server/cache/bounded-memo'

/** One script of the tenant's page script, as the public site writes it out (with the page's nonce). */
export interface PageScriptTag {
  /** https only; absent for an inline script. */
  src?: string
  async?: boolean
  defer?: boolean
  type?: string
  id?: string
  /** The inline script's source; empty when `src` is set. */
  code: string
}

/**
 * The website's page script (an analytics or chat snippet the tenant pastes into Website
 * Settings), reduced to what the public site runs: its <script> elements, external ones from
 * https addresses only, with their async/defer/type/id. Everything else in the snippet
 * (markup, event handlers, <noscript> fallbacks) is dropped. Only the public website runs it;
 * staff and student screens never do.
 */
export function pageScriptTags(stored: string): PageScriptTag[] {
  return stored.trim() ? parsed.get(stored, () => parse(stored)) : []
}

// Every public page asks; the stored snippet rarely changes.
const parsed = new BoundedMemo<PageScriptTag[]>(500)

// Scripts, and structured data for search engines (not run, but read from the page).
const SCRIPT_TYPES = new Set(['text/javascript', 'module', 'application/javascript', 'application/ld+json'])

function parse(stored: string): PageScriptTag[] {
  const tags: PageScriptTag[] = []
  sanitizeHtml(stored, {
    allowedTags: ['script'],
    // Only <script> survives, and only to be read here: nothing of this output is ever shown.
    allowVulnerableTags: true,
    nonTextTags: ['style', 'textarea', 'option', 'noscript'],
    allowedAttributes: { script: ['src', 'async', 'defer', 'type', 'id'] },
    allowedSchemesByTag: { script: ['https'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'script') return false
      const { src, async, defer, type, id } = frame.attribs
      const code = src ? '' : frame.text.trim()
      if (!src && !code) return true
      if (type && !SCRIPT_TYPES.has(type.toLowerCase())) return true
      tags.push({
        ...(src ? { src } : {}),
        ...(async !== undefined ? { async: true } : {}),
        ...(defer !== undefined ? { defer: true } : {}),
        ...(type ? { type: type.toLowerCase() } : {}),
        ...(id ? { id } : {}),
        // A literal "</script" inside would end the element early in the page.
        code: code.replace(/<\/script/gi, '<\\/script'),
      })
      return true
    },
  })
  return tags
}
