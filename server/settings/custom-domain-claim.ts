import { randomBytes } from 'node:crypto'

/**
 * The DNS TXT record that proves a tenant owns its custom domain (docs/decisions/131): a name
 * under the domain that no other service uses, and a random value per tenant and domain.
 */
export const VERIFY_RECORD_PREFIX = '_studio-verify'

export type CustomDomainStatus = 'pending' | 'verified' | 'failed'
export type CustomDomainFailure = 'not_found' | 'taken'

export function verifyRecordName(domain: string): string {
  return `${VERIFY_RECORD_PREFIX}.${domain}`
}

/** 128 random bits, prefixed so the value says what it is when read in a DNS zone. */
export function newVerifyToken(): string {
  return `studio-verify=${randomBytes(16).toString('hex')}`
}

/** The record proves ownership when one of the name's TXT values is the token exactly. */
export function recordMatches(values: readonly string[], token: string): boolean {
  return values.some((value) => value.trim() === token)
}

export const STATUS_LABELS: Record<CustomDomainStatus, string> = { pending: 'Pending', verified: 'Verified', failed: 'Failed' }

/** What the settings screen says under the status. */
export function statusText(status: CustomDomainStatus, failure: CustomDomainFailure | null): string {
  if (status === 'verified') return 'The domain is verified and serves your site.'
  if (status === 'pending') return 'Add the TXT record below at your DNS provider. We check it regularly for 72 hours; the domain serves your site once it is found.'
  if (failure === 'taken') return 'Another organisation verified this domain first.'
  return 'The TXT record was not found within 72 hours. Check the record and select Check Again.'
}

/** The columns a new claim (or none) writes: a fresh token, pending, nothing checked yet. */
export function claimColumns(domain: string | null, now: Date) {
  return {
    custom_domain: domain,
    custom_domain_status: domain ? ('pending' as const) : null,
    custom_domain_failure: null,
    custom_domain_token: domain ? newVerifyToken() : null,
    custom_domain_claimed_at: domain ? now : null,
    custom_domain_checked_at: null,
  }
}
