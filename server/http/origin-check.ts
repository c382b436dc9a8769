import { normaliseHost } from '../tenancy/parse-host'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery guard for every state-changing request: the browser's Origin
 * (or, failing that, Sec-Fetch-Site) must say the request came from this same origin.
 * Requests with neither header come from non-browser clients, which carry no cookies of ours
 * by accident, so they pass.
 */
export function isCrossSiteMutation(input: {
  method: string
  host: string | undefined
  origin: string | undefined
  secFetchSite: string | undefined
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false
  if (input.origin && input.origin !== 'null') {
    try {
      return normaliseHost(new URL(input.origin).host) !== normaliseHost(input.host) ||
        portOf(new URL(input.origin).host) !== portOf(input.host ?? '')
    } catch {
      return true
    }
  }
  if (input.origin === 'null') return true
  // Tenants are sibling subdomains of one platform domain, so "same-site" may be another tenant.
  return input.secFetchSite === 'cross-site' || input.secFetchSite === 'same-site'
}

function portOf(host: string): string {
  const match = /:(\d+)$/.exec(host)
  return match?.[1] ?? ''
}
