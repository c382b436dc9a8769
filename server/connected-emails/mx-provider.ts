import { createMxResolver, type MxResolver } from '#server/email-sender/dns-lookup'
import type { EmailProvider } from './email-providers'

/** What the MX look-up says of an address (spec: GET authmgr/oauth/mxname answers googlemail, zohomail, outlookmail or other). */
export type IdentifiedProvider = EmailProvider | 'other'

/** Is the host this domain or under it ("aspmx.l.google.com" is under "google.com"). */
const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)

/**
 * The mail provider of one MX host: Google's (google.com, googlemail.com), Zoho's (zoho.com,
 * zoho.eu, zoho.in, ..., zohomail.com) or Microsoft's (outlook.com and its protection hosts,
 * hotmail.com); anything else is other.
 */
export function providerOfMxHost(rawHost: string): IdentifiedProvider {
  const host = rawHost.trim().toLowerCase().replace(/\.$/, '')
  if (under(host, 'google.com') || under(host, 'googlemail.com') || under(host, 'gmail.com')) return 'googlemail'
  if (/(^|\.)zoho(mail)?\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return 'zohomail'
  if (under(host, 'outlook.com') || under(host, 'hotmail.com') || under(host, 'protection.outlook.com')) return 'outlookmail'
  return 'other'
}

/** The provider of a domain's mail: the host mail goes to first (the lowest preference) decides. */
export function providerOfMxHosts(hostsBestFirst: readonly string[]): IdentifiedProvider {
  const best = hostsBestFirst[0]
  return best ? providerOfMxHost(best) : 'other'
}

/** The part after the last @, lower case; null for something that is not an address. */
export function domainOfAddress(address: string): string | null {
  const at = address.lastIndexOf('@')
  const domain = at > 0 ? address.slice(at + 1).trim().toLowerCase() : ''
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null
}

export type ProviderLookup = { kind: 'identified'; provider: IdentifiedProvider } | { kind: 'unavailable' }

/**
 * Finds the mailbox's provider by a real MX look-up of its domain, through the configurable
 * resolver (DNS_RESOLVER) the email sender uses. A domain with no mail hosts is other; a
 * resolver that does not answer is said so (the person tries again), never guessed.
 */
export async function identifyEmailProvider(resolverAddress: string | undefined, address: string, resolver: MxResolver = createMxResolver(resolverAddress)): Promise<ProviderLookup> {
  const domain = domainOfAddress(address)
  if (!domain) return { kind: 'identified', provider: 'other' }
  const found = await resolver.resolveMx(domain)
  if (found.kind === 'unavailable') return { kind: 'unavailable' }
  return { kind: 'identified', provider: found.kind === 'found' ? providerOfMxHosts(found.hosts) : 'other' }
}
