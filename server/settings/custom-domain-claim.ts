import { randomBytes } from 'node:crypto'
import type { CustomDomainFailure, CustomDomainStatus } from './custom-domain-text'

/**
 * The DNS TXT record that proves a tenant owns its custom domain (docs/decisions/131): a name
 * under the domain that no other service uses, and a random value per tenant and domain.
 */
export const VERIFY_RECORD_PREFIX = '_studio-verify'

export type { CustomDomainFailure, CustomDomainStatus }

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
