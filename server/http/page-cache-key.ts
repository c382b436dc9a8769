import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import { hasPersonalCookies } from './page-cache'

/**
 * The cache key of a request that may be answered from the anonymous page cache, or null. Any
 * cookie but the stored organisation id (which the tenant in the key already reflects) may
 * personalise the page, so such requests always render. `url` is the path and query as the
 * browser sent them (express's `originalUrl`, a bare request's `url`).
 */
export function pageCacheKey(req: IncomingMessage, tenantId: string | null, url: string): string | null {
  if (req.method !== 'GET' || hasPersonalCookies(req.headers.cookie)) return null
  return `${tenantId ?? '-'} ${req.headers.host ?? ''} ${audienceOf(req)} ${url}`
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
