import { normaliseHost } from '#server/tenancy/parse-host'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery guard for every state-changing request. The request must show it
 * came from a page of this very origin (scheme, host and port):
 * - by its Origin header, when the browser sent one (every current browser does on a POST);
 * - failing that, by a same-origin Referer, or by `Sec-Fetch-Site: same-origin`.
 * A request that shows neither is refused: a missing Origin is not proof of a non-browser client
 * (some privacy extensions and older browsers strip it), and cookies ride along all the same.
 * Tenants are sibling subdomains of one platform domain, so "same-site" may be another tenant:
 * only same-origin counts.
 */
export function isCrossSiteMutation(input: {
  method: string
  /** The scheme the request arrived with ('http' or 'https', after trusted proxies). */
  protocol?: string
  host: string | undefined
  origin: string | undefined
  referer?: string | undefined
  secFetchSite: string | undefined
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false
  const own = originOf(`${input.protocol ?? 'http'}://${input.host ?? ''}`)
  if (!own) return true
  if (input.origin !== undefined && input.origin !== '') {
    return originOf(input.origin) !== own
  }
  if (input.referer) return originOf(input.referer) !== own
  return input.secFetchSite !== 'same-origin'
}

/** `scheme://host:port` with the default port spelled out, or null for anything unparsable. */
function originOf(value: string): string | null {
  if (value === 'null') return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    const port = url.port || (url.protocol === 'https:' ? '443' : '80')
    return `${url.protocol}//${normaliseHost(url.hostname)}:${port}`
  } catch {
    return null
  }
}
