import type { PlainResponse } from './http-client'

/** The `name=value` pair a response sets for a cookie, ready for a Cookie header. */
export function cookiePair(response: PlainResponse, name: string): string {
  const pair = cookiePairOrNull(response, name)
  if (!pair) throw new Error(`no ${name} cookie set`)
  return pair
}

/** The same, or null when the response sets no such cookie. */
export function cookiePairOrNull(response: PlainResponse, name: string): string | null {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
  return cookies.map((cookie) => new RegExp(`^(${name}=[^;]+)`).exec(cookie)?.[1]).find(Boolean) ?? null
}

/** The message of the toast cookie a redirect sets; '' when it sets none. */
export function toastOf(response: PlainResponse): string {
  const value = cookiePairOrNull(response, 'toast')?.slice('toast='.length) ?? ''
  return value ? (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { message: string }).message : ''
}

/** A urlencoded form body. */
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/**
 * A page without the words it carries for the browser's i18next (root.tsx writes every word of
 * the page's namespaces there): what the page says, not what it could say.
 */
export const withoutPageWords = (html: string) => html.replace(/<script id="i18n-boot"[^>]*>[\s\S]*?<\/script>/, ' ')

/** A page's text with tags and common entities reduced, so a message split by markup still reads whole. */
export const textOf = (html: string) => withoutPageWords(html).replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ')

const ENTITIES: Record<string, string> = { '&#x27;': "'", '&#39;': "'", '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>' }

/**
 * What a person reads on the page: its text without any script (the route data scripts carry
 * English keys, codes and words the page may never show), tags reduced, entities read.
 */
export const visibleTextOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|&quot;|&amp;|&lt;|&gt;/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
