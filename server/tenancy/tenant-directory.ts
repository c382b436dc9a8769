import type { DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import type { TenantRow } from '#db/types'
import { CacheInvalidation, type CacheChangeListener } from '#server/cache/cache-invalidation'
import { normaliseHost, parseHost, type HostMatch } from './parse-host'
import { tenantFromRow, type Tenant } from './tenant'

export type HostResolution =
  | { kind: 'tenant'; tenant: Tenant }
  | { kind: 'platform' }
  | { kind: 'unknown' }

interface CacheEntry {
  tenant: Tenant | null
  expiresAt: number
}

export interface TenantDirectoryOptions {
  platformDomains: readonly string[]
  masterOrgId: string
  ttlMs: number
  /**
   * The platform's cache invalidation (server/cache/cache-invalidation.ts): the directory drops
   * a tenant whenever its 'tenant' tag changes, here or in another process. Without one (a test
   * or bench building a directory alone), a directory has a private one.
   */
  caches?: CacheInvalidation
  now?: () => number
}

/** Bounds memory when a flood of random host names each leaves a "not found" entry. */
const MAX_ENTRIES = 10_000

/**
 * Finds tenants by host, org id or id, with an in-memory cache that is short-lived and dropped
 * whenever a tenant is written. This is the one place that reads the tenants table across
 * tenants for request routing. An archived (deleted) franchise is not found, whatever the key:
 * archiving declares the 'tenant' tag, so no cached entry outlives it.
 */
export class TenantDirectory {
  readonly #cache = new Map<string, CacheEntry>()
  readonly #hostMatches = new Map<string, HostMatch>()
  readonly #now: () => number

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: TenantDirectoryOptions,
  ) {
    this.#now = options.now ?? Date.now
    this.caches = options.caches ?? new CacheInvalidation()
    this.caches.onChange((tenantId, tags) => {
      if (tags.has('tenant')) this.#dropEntries(tenantId)
    })
  }

  /** The invalidation the directory listens to; other tenant-derived caches listen to it too. */
  readonly caches: CacheInvalidation

  /** From a Host header and, on the bare platform host, the org id stored in a cookie. */
  async resolveHost(hostHeader: string | null | undefined, storedOrgId?: string | null): Promise<HostResolution> {
    const match = this.#parse(hostHeader)
    switch (match.kind) {
      case 'invalid':
        return { kind: 'unknown' }
      case 'platform': {
        if (!storedOrgId) return { kind: 'platform' }
        const tenant = await this.findByOrgId(storedOrgId)
        return tenant ? { kind: 'tenant', tenant } : { kind: 'platform' }
      }
      case 'subdomain': {
        const tenant = await this.findByOrgId(match.orgId)
        return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown' }
      }
      case 'custom': {
        const tenant = await this.#cached(`domain:${match.domain}`, (trx) =>
          // A pending claim answers as unknown: only a TXT record proves the domain is the tenant's.
          trx.selectFrom('tenants').selectAll().where('custom_domain', '=', match.domain).where('custom_domain_status', '=', 'verified').where('archived_at', 'is', null).where('suspended_at', 'is', null).executeTakeFirst(),
        )
        return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown' }
      }
    }
  }

  /** The cached answer for a host, without touching the database; undefined on a miss. */
  peekHost(hostHeader: string): Tenant | null | undefined {
    const match = parseHost(hostHeader, this.options.platformDomains)
    const key =
      match.kind === 'subdomain' ? `org:${match.orgId}` : match.kind === 'custom' ? `domain:${match.domain}` : null
    if (!key) return undefined
    const entry = this.#cache.get(key)
    return entry && entry.expiresAt > this.#now() ? entry.tenant : undefined
  }

  findByOrgId(orgId: string): Promise<Tenant | null> {
    const key = orgId.trim().toLowerCase()
    if (!key || key.length > 63) return Promise.resolve(null)
    return this.#cached(`org:${key}`, (trx) =>
      trx.selectFrom('tenants').selectAll().where('org_id', '=', key).where('archived_at', 'is', null).where('suspended_at', 'is', null).executeTakeFirst(),
    )
  }

  findById(id: string): Promise<Tenant | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null)
    return this.#cached(`id:${id}`, (trx) => trx.selectFrom('tenants').selectAll().where('id', '=', id).where('archived_at', 'is', null).where('suspended_at', 'is', null).executeTakeFirst())
  }

  /**
   * The tenant's data changed in ways a caller does not narrow down: every cache of the tenant
   * drops, here and in every other process. Code that knows what it wrote says so instead, with
   * `platform.caches.changed(tenant.id, [tags])`, so unrelated cached pages stay.
   */
  invalidate(tenantId: string): void {
    this.caches.changedAll(tenantId)
  }

  /** Listens to changes of any tag of any tenant (caches derived from tenants' data). */
  onChange(listener: CacheChangeListener): void {
    this.caches.onChange(listener)
  }

  #dropEntries(tenantId: string): void {
    for (const [key, entry] of this.#cache) {
      if (entry.tenant === null || entry.tenant.id === tenantId) this.#cache.delete(key)
    }
  }

  clear(): void {
    this.#cache.clear()
  }

  /** parseHost, remembered per Host header: every request asks, and the same few hosts recur. */
  #parse(hostHeader: string | null | undefined): HostMatch {
    if (!hostHeader) return parseHost(hostHeader, this.options.platformDomains)
    let match = this.#hostMatches.get(hostHeader)
    if (!match) {
      match = parseHost(hostHeader, this.options.platformDomains)
      if (this.#hostMatches.size >= MAX_ENTRIES) this.#hostMatches.clear()
      this.#hostMatches.set(hostHeader, match)
    }
    return match
  }

  async #cached(
    key: string,
    load: Parameters<typeof asSystem<TenantRow | undefined>>[2],
  ): Promise<Tenant | null> {
    const now = this.#now()
    const hit = this.#cache.get(key)
    if (hit && hit.expiresAt > now) return hit.tenant
    const row = await asSystem(this.database, 'tenant resolution', load)
    const tenant = row ? tenantFromRow(row, this.options.masterOrgId) : null
    if (this.#cache.size >= MAX_ENTRIES) this.#cache.clear()
    if (this.options.ttlMs > 0) this.#cache.set(key, { tenant, expiresAt: now + this.options.ttlMs })
    return tenant
  }
}

export { normaliseHost }
