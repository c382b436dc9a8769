export type HostMatch =
  | { kind: 'platform' }
  | { kind: 'subdomain'; orgId: string }
  | { kind: 'custom'; domain: string }
  | { kind: 'invalid' }

const hostnamePattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const ipv4Pattern = /^\d{1,3}(\.\d{1,3}){3}$/
const ipv6LiteralPattern = /^\[[0-9a-f:.]+\]$/

/** Lower-cased host name without port or trailing dot; '' when the header is unusable. */
export function normaliseHost(hostHeader: string | null | undefined): string {
  if (!hostHeader) return ''
  let host = hostHeader.trim().toLowerCase()
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) // IPv6 literal
  const colon = host.lastIndexOf(':')
  if (colon !== -1) host = host.slice(0, colon)
  if (host.endsWith('.')) host = host.slice(0, -1)
  return host
}

export function isValidHostname(host: string): boolean {
  return hostnamePattern.test(host) && !ipv4Pattern.test(host)
}

/**
 * Says what a request's host names: the bare platform (a platform domain, `www.` of one, or an
 * IP address), a tenant by subdomain of a platform domain (`demo.localhost` is org `demo`), or
 * a custom domain to look up.
 */
export function parseHost(hostHeader: string | null | undefined, platformDomains: readonly string[]): HostMatch {
  const host = normaliseHost(hostHeader)
  if (!host) return { kind: 'invalid' }
  if (ipv6LiteralPattern.test(host) || ipv4Pattern.test(host)) return { kind: 'platform' }
  if (!hostnamePattern.test(host)) return { kind: 'invalid' }
  if (platformDomains.some((domain) => host === domain || host === `www.${domain}`)) return { kind: 'platform' }
  // Longest first: with both studio.test and eu.studio.test, demo.eu.studio.test is demo of the latter.
  for (const domain of [...platformDomains].sort((a, b) => b.length - a.length)) {
    if (host.endsWith(`.${domain}`)) {
      const label = host.slice(0, -(domain.length + 1))
      return label.includes('.') ? { kind: 'invalid' } : { kind: 'subdomain', orgId: label }
    }
  }
  return { kind: 'custom', domain: host }
}
