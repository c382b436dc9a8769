/**
 * Spec 000 section 5: "SEO URLs: lowercased, accents and non-ASCII characters removed, spaces
 * become hyphens, & becomes '-and-', repeated, leading and trailing hyphens stripped."
 * Characters the rule does not name that are not safe in a path (punctuation such as ':', '/',
 * '?', '#', '.') are removed too, as the rule's word characters and hyphens are all a slug
 * keeps: 'Yoga: Level 1' is 'yoga-level-1'. The underscore is a word character and stays.
 */
export function seoSlug(text: string): string {
  const slug = text
    .toLowerCase()
    // Accents: 'é' is 'e' plus a combining accent, which the next step drops with other non-ASCII.
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, (c) => (/\s/.test(c) ? ' ' : ''))
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug.length > SLUG_MAX_LENGTH ? slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '') : slug
}

/**
 * Long enough for any real title, short enough for an index and an address bar; the spec
 * gives no limit.
 */
export const SLUG_MAX_LENGTH = 80

/**
 * The slug for a new or renamed item of one kind (courses, events) of one tenant: the spec's
 * slug, or, when another item has it, the first free one of 'slug-2', 'slug-3', ... A title
 * with nothing left after the rule (only symbols, or a script with no ASCII form) takes the
 * fallback ('course', 'event'), numbered the same way. Taken slugs are compared as given:
 * they were made by this rule, so they are already lowercase.
 */
export function uniqueSeoSlug(text: string, taken: Iterable<string>, fallback: string): string {
  const base = seoSlug(text) || seoSlug(fallback) || 'item'
  const used = taken instanceof Set ? (taken as Set<string>) : new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}
