import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import { chosenLanguage } from '#server/i18n/language-cookie'
import { browserLanguage } from '#server/i18n/resolve-language'
import { hasPersonalCookies } from './page-cache'

/**
 * The cache key of a request that may be answered from the anonymous page cache, or null. Any
 * cookie but the stored organisation id (which the tenant in the key already reflects) may
 * personalise the page, so such requests always render. `url` is the path and query as the
 * browser sent them (express's `originalUrl`, a bare request's `url`).
 */
export function pageCacheKey(req: IncomingMessage, tenantId: string | null, url: string): string | null {
  if (req.method !== 'GET' || hasPersonalCookies(req.headers.cookie)) return null
  return `${tenantId ?? '-'} ${req.headers.host ?? ''} ${audienceOf(req)} ${languageAsked(req)} ${url}`
}

/**
 * The language the visitor asked for (their choice, else their browser's), or '-' for the
 * tenant's default: pages differ by it, so it is part of the key (the tenant is already).
 */
function languageAsked(req: IncomingMessage): string {
  return chosenLanguage(req.headers.cookie) ?? browserLanguage(req.headers['accept-language']) ?? '-'
}

/** A request URL's path without its query (Node gives the path and query as one string). */
export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

/** Bots get the page rendered whole, people get it streamed (entry.server): different bytes. */
export function audienceOf(req: IncomingMessage): 'bot' | 'person' {
  return isBotAgent(req.headers['user-agent'] ?? '') ? 'bot' : 'person'
}

// isbot runs one large regular expression; the same few user agents come back again and again.
const botAnswers = new Map<string, boolean>()

function isBotAgent(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent)
  if (answer === undefined) {
    answer = isbot(userAgent)
    if (botAnswers.size >= 500) botAnswers.clear()
    botAnswers.set(userAgent, answer)
  }
  return answer
}
