import type { TxtResolver } from './dns-lookup'
import { txtMatches, type SenderDnsRecord } from './dns-records'

export type RecordsCheck = { outcome: 'verified' } | { outcome: 'missing'; missing: string[] } | { outcome: 'unavailable'; reason: string }

/**
 * Looks up every required record. All present: verified. Any absent or different: missing
 * (named, so the screen can say which). A resolver that cannot answer is neither: the job
 * tries again rather than marking a sender unverified because of a DNS outage.
 */
export async function checkRequiredRecords(resolver: TxtResolver, records: readonly SenderDnsRecord[]): Promise<RecordsCheck> {
  const missing: string[] = []
  for (const record of records.filter((r) => r.required)) {
    const found = await resolver.resolveTxt(record.name)
    if (found.kind === 'unavailable') return { outcome: 'unavailable', reason: found.reason }
    if (found.kind === 'absent' || !found.values.some((value) => txtMatches(value, record.value))) missing.push(record.name)
  }
  return missing.length === 0 ? { outcome: 'verified' } : { outcome: 'missing', missing }
}
