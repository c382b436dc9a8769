import { asSystem, withTenant } from '#db/tenant-scope'
import { customDomainVerifyJob, customDomainVerifyJobId } from '#jobs/custom-domain-verify'
import { createTxtResolver } from '#server/email-sender/dns-lookup'
import { nextVerifyDelay } from '#server/email-sender/verify-backoff'
import { err, ok, type Result } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { recordMatches, verifyRecordName, type CustomDomainFailure, type CustomDomainStatus } from './custom-domain-claim'
import { isUniqueViolation } from './update-tenant'

type ClaimPlatform = Pick<Platform, 'database' | 'env' | 'jobs' | 'clock' | 'caches'>

/** The first look a minute after saving, as for sender domains: DNS providers take a moment to publish. */
const FIRST_CHECK_DELAY_MS = 60_000

export interface CustomDomainClaim {
  domain: string
  status: CustomDomainStatus
  failure: CustomDomainFailure | null
  recordName: string
  token: string
  claimedAt: Date
  checkedAt: Date | null
}

/** The tenant's custom domain with its verification state; null when it has none. */
export async function readCustomDomainClaim(platform: Pick<Platform, 'database'>, tenantId: string): Promise<CustomDomainClaim | null> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('tenants')
      .select(['custom_domain', 'custom_domain_status', 'custom_domain_failure', 'custom_domain_token', 'custom_domain_claimed_at', 'custom_domain_checked_at'])
      .where('id', '=', tenantId)
      .executeTakeFirst(),
  )
  if (!row?.custom_domain || !row.custom_domain_status) return null
  return {
    domain: row.custom_domain,
    status: row.custom_domain_status,
    failure: row.custom_domain_failure,
    recordName: verifyRecordName(row.custom_domain),
    token: row.custom_domain_token ?? '',
    claimedAt: row.custom_domain_claimed_at ?? new Date(0),
    checkedAt: row.custom_domain_checked_at,
  }
}

export async function scheduleDomainCheck(platform: Pick<Platform, 'jobs'>, tenantId: string, domain: string, claimedAt: Date, attempt: number, delayMs: number): Promise<void> {
  await platform.jobs.enqueue(
    customDomainVerifyJob,
    { tenantId, domain, claimedAt: claimedAt.toISOString(), attempt, manual: false },
    { jobId: customDomainVerifyJobId(tenantId, claimedAt, attempt), delayMs },
  )
}

/** After a save wrote a new claim: its first scheduled look. */
export async function scheduleFirstDomainCheck(platform: ClaimPlatform, tenantId: string): Promise<void> {
  const claim = await readCustomDomainClaim(platform, tenantId)
  if (claim?.status === 'pending') await scheduleDomainCheck(platform, tenantId, claim.domain, claim.claimedAt, 1, FIRST_CHECK_DELAY_MS)
}

/**
 * 'Check Again': a pending claim is looked at now, once, beside its schedule; a failed one
 * starts over as pending with a new 72 hours (same token: the record already published stays
 * right). not_found when the tenant has no claim on that domain.
 */
export async function checkDomainAgain(platform: ClaimPlatform, tenantId: string, domain: string): Promise<Result<undefined>> {
  const claim = await readCustomDomainClaim(platform, tenantId)
  if (!claim || claim.domain !== domain) return err('not_found', 'There is no such custom domain.')
  if (claim.status === 'verified') return ok()
  const now = platform.clock.now()
  if (claim.status === 'failed') {
    await withTenant(platform.database, tenantId, (trx) =>
      trx
        .updateTable('tenants')
        .set({ custom_domain_status: 'pending', custom_domain_failure: null, custom_domain_claimed_at: now })
        .where('id', '=', tenantId)
        .where('custom_domain', '=', domain)
        .execute(),
    )
    platform.caches.changed(tenantId, ['tenant'])
    await scheduleDomainCheck(platform, tenantId, domain, now, 1, 0)
    return ok()
  }
  await platform.jobs.enqueue(
    customDomainVerifyJob,
    { tenantId, domain, claimedAt: claim.claimedAt.toISOString(), attempt: 1, manual: true },
    { jobId: `custom-domain-verify-${tenantId}-manual-${now.getTime()}`, delayMs: 0 },
  )
  return ok()
}

/** One look for the record; verified, still pending (looked at again later) or failed after 72 hours. */
export async function runCustomDomainCheck(
  platform: ClaimPlatform,
  job: { tenantId: string; domain: string; claimedAt: string; attempt: number; manual: boolean },
): Promise<void> {
  const claim = await readCustomDomainClaim(platform, job.tenantId)
  if (!claim || claim.domain !== job.domain || claim.status !== 'pending' || claim.claimedAt.toISOString() !== job.claimedAt) return
  const lookup = await createTxtResolver(platform.env.DNS_RESOLVER).resolveTxt(claim.recordName)
  const now = platform.clock.now()
  if (lookup.kind === 'found' && recordMatches(lookup.values, claim.token)) {
    await markVerified(platform, job.tenantId, claim.domain, now)
    return
  }
  if (job.manual) {
    await setCheckOutcome(platform, job.tenantId, claim, { custom_domain_checked_at: now })
    return
  }
  const delay = nextVerifyDelay(job.attempt, now.getTime() - claim.claimedAt.getTime())
  if (delay === null) {
    await setCheckOutcome(platform, job.tenantId, claim, { custom_domain_checked_at: now, custom_domain_status: 'failed', custom_domain_failure: 'not_found' })
    return
  }
  await setCheckOutcome(platform, job.tenantId, claim, { custom_domain_checked_at: now })
  await scheduleDomainCheck(platform, job.tenantId, claim.domain, claim.claimedAt, job.attempt + 1, delay)
}

async function setCheckOutcome(
  platform: ClaimPlatform,
  tenantId: string,
  claim: CustomDomainClaim,
  set: { custom_domain_checked_at: Date; custom_domain_status?: CustomDomainStatus; custom_domain_failure?: CustomDomainFailure },
): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('tenants')
      .set(set)
      .where('id', '=', tenantId)
      .where('custom_domain', '=', claim.domain)
      .where('custom_domain_claimed_at', '=', claim.claimedAt)
      .execute(),
  )
  platform.caches.changed(tenantId, ['tenant'])
}

/**
 * Verifies the claim and drops every other tenant's pending claim of the domain, in one
 * transaction across tenants (the only writer that may touch another tenant's row). When
 * another tenant verified it first, the unique index among verified domains refuses, and this
 * claim fails as taken.
 */
async function markVerified(platform: ClaimPlatform, tenantId: string, domain: string, now: Date): Promise<void> {
  let dropped: string[] = []
  try {
    dropped = await asSystem(platform.database, 'custom domain verified: drop other tenants\u2019 claims', async (trx) => {
      await trx
        .updateTable('tenants')
        .set({ custom_domain_status: 'verified', custom_domain_failure: null, custom_domain_checked_at: now })
        .where('id', '=', tenantId)
        .where('custom_domain', '=', domain)
        .where('custom_domain_status', '=', 'pending')
        .execute()
      const others = await trx
        .updateTable('tenants')
        .set({ custom_domain_status: 'failed', custom_domain_failure: 'taken', custom_domain_checked_at: now })
        .where('custom_domain', '=', domain)
        .where('id', '<>', tenantId)
        .where('custom_domain_status', '=', 'pending')
        .returning('id')
        .execute()
      return others.map((row) => row.id)
    })
  } catch (error) {
    if (!isUniqueViolation(error, 'custom_domain')) throw error
    await withTenant(platform.database, tenantId, (trx) =>
      trx
        .updateTable('tenants')
        .set({ custom_domain_status: 'failed', custom_domain_failure: 'taken', custom_domain_checked_at: now })
        .where('id', '=', tenantId)
        .where('custom_domain', '=', domain)
        .execute(),
    )
  }
  for (const id of [tenantId, ...dropped]) platform.caches.changed(id, ['tenant'])
}
