import type { Tenant } from '#server/tenancy/tenant'
import { escapeHtml } from '#server/text/escape-html'

/** The standard merge tags of the template editor (settings spec, "Standard merge tags"), label to tag. */
export const STANDARD_MERGE_TAGS = [
  { label: 'First Name', tag: 'firstname' },
  { label: 'Last Name', tag: 'lastname' },
  { label: 'Attendee Email', tag: 'email' },
  { label: 'Attendee Phone', tag: 'phone' },
  { label: 'Product Name', tag: 'productname' },
  { label: 'Product Type', tag: 'producttype' },
  { label: 'Organization Name', tag: 'orgname' },
  { label: 'Organization Address', tag: 'orgaddress' },
  { label: 'Organization Phone', tag: 'orgphone' },
  { label: 'Organization Email', tag: 'orgemail' },
] as const

export type StandardMergeTag = (typeof STANDARD_MERGE_TAGS)[number]['tag']

/** A tag as it is written in a subject or body. */
export function tagText(tag: string): string {
  return `{{${tag}}}`
}

/** `{{tag}}`, with room for spaces inside the braces as people type them; tags are lowercase letters and digits. */
const TAG_IN_TEXT = /\{\{\s*([a-z0-9]+)\s*\}\}/g

/** The tags a subject or body uses, each once, in order of first use. */
export function tagsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(TAG_IN_TEXT)].map((match) => match[1] ?? ''))]
}

/**
 * Puts each tag's value in its place. In an HTML body a value is escaped: a contact named
 * `<b>Ann</b>` reads as typed and cannot add markup to the studio's email. In a subject (plain
 * text) line breaks become spaces, so a value cannot start a new header. A tag without a value
 * (an unknown tag, a custom field left empty) becomes nothing.
 */
export function renderMergeTags(text: string, values: Readonly<Record<string, string>>, kind: 'html' | 'text'): string {
  return text.replace(TAG_IN_TEXT, (_whole, tag: string) => {
    const value = Object.hasOwn(values, tag) ? values[tag] ?? '' : ''
    return kind === 'html' ? escapeHtml(value) : value.replace(/[\r\n]+/g, ' ')
  })
}

/** The organisation's tags, from its account settings. */
export function organisationTagValues(tenant: Pick<Tenant, 'name' | 'settings'>): Record<'orgname' | 'orgaddress' | 'orgphone' | 'orgemail', string> {
  const { settings } = tenant
  const { line1, city, state, zip } = settings.address
  const place = [city.trim(), [state.trim(), zip.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return {
    orgname: tenant.name,
    orgaddress: [line1.trim(), place, settings.country.trim()].filter(Boolean).join(', '),
    orgphone: settings.phone.trim(),
    orgemail: (settings.email || settings.fromEmail).trim(),
  }
}
