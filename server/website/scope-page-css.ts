import postcss, { type AtRule, type Root } from 'postcss'

/** Where a page's body sits on the public site; its CSS applies inside it only. */
export const PAGE_SCOPE = '.page-body'

const DROPPED_AT_RULES = new Set(['import', 'charset', 'namespace', 'document', '-moz-document'])
const KEYFRAMES = /^(?:-\w+-)?keyframes$/i
/** Declarations that run code or fetch from elsewhere in old browsers. */
const UNSAFE_VALUE = /expression\s*\(|javascript:|vbscript:|-moz-binding/i
const UNSAFE_PROPERTIES = new Set(['behavior', '-moz-binding', '-ms-behavior'])
const URL_VALUE = /url\(\s*(['"]?)(.*?)\1\s*\)/gi

/**
 * A studio's page CSS made safe to put in the page and confined to the page body: every
 * selector is put under the scope (html, body, :root become the scope itself), imports and
 * script-like values are dropped, urls may only name this site, https or inline images, and
 * nothing in it can close the style element. CSS that does not parse gives nothing.
 */
export function scopePageCss(css: string, scope: string = PAGE_SCOPE): string {
  if (css.trim() === '') return ''
  let root: Root
  try {
    root = postcss.parse(css)
  } catch {
    return ''
  }
  root.walkAtRules((rule) => {
    if (DROPPED_AT_RULES.has(rule.name.toLowerCase())) rule.remove()
  })
  root.walkDecls((decl) => {
    if (UNSAFE_PROPERTIES.has(decl.prop.toLowerCase()) || UNSAFE_VALUE.test(decl.value) || !urlsAreAllowed(decl.value)) decl.remove()
  })
  root.walkRules((rule) => {
    if (insideKeyframes(rule.parent)) return
    rule.selectors = rule.selectors.map((selector) => scopeSelector(selector.trim(), scope))
  })
  root.walkComments((comment) => {
    comment.remove()
  })
  return root.toString().replace(/</g, '\\3c ')
}

function insideKeyframes(node: unknown): boolean {
  let current = node as { type?: string; name?: string; parent?: unknown } | undefined
  while (current) {
    if (current.type === 'atrule' && KEYFRAMES.test((current as AtRule).name)) return true
    current = current.parent as typeof current
  }
  return false
}

function scopeSelector(selector: string, scope: string): string {
  const root = /^(?:html|body|:root)(?=$|[\s.#[:>+~])/i.exec(selector)
  if (root) {
    const rest = selector.slice(root[0].length).replace(/^\s*(?:body)(?=$|[\s.#[:>+~])/i, '')
    return `${scope}${rest}`
  }
  return `${scope} ${selector}`
}

function urlsAreAllowed(value: string): boolean {
  for (const match of value.matchAll(URL_VALUE)) {
    const target = (match[2] ?? '').trim()
    if (target.startsWith('//')) return false
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^https:/i.test(target) && !/^data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(target)) return false
  }
  return true
}

const kept = new Map<string, string>()
const MAX_KEPT = 2000

/** scopePageCss kept per (page, version), like the page's sanitised HTML: the key changes on every save. */
export function scopePageCssCached(key: string, css: string): string {
  if (css === '') return ''
  const hit = kept.get(key)
  if (hit !== undefined) return hit
  const scoped = scopePageCss(css)
  if (kept.size >= MAX_KEPT) kept.clear()
  kept.set(key, scoped)
  return scoped
}
