import type { CacheTag } from '#server/cache/cache-tags'
import { namedPerDirectory } from '#server/tenancy/named-per-directory'
import type { TenantDirectory } from '#server/tenancy/tenant-directory'
import type { SessionLookup } from './load-session-user'
import { hashToken } from './session-token'

/**
 * What a lookup reads, by cache tag: the session row, the people behind it (role, lock, name,
 * language) and the tenant. A write to any of them drops the tenant's kept lookups, in every
 * process, before the write's request answers.
 */
const SESSION_MEMO_TAGS: readonly CacheTag[] = ['sessions', 'contacts', 'tenant']

export interface SessionMemoOptions {
  /** How long a lookup is kept at most: a backstop for writes made outside the app (a script). */
  ttlMs: number
  /** The idle slide's interval: a lookup is not reused once its session is due a slide. */
  slideIntervalMs: number
  /** Lookups kept over all tenants; past that the memo starts afresh, so memory stays bounded. */
  maxEntries: number
  now?: () => number
}

type ActiveLookup = Extract<SessionLookup, { kind: 'active' }>

interface Entry {
  lookup: Promise<SessionLookup>
  keptUntil: number
}

/**
 * Who a session token is, kept per process for a few seconds (docs/decisions/148). A signed-in
 * request read its session, its contact and the idle slide from Postgres every time; front desk
 * typing a name into the contact search asks many times a second. Only live sessions are kept,
 * never a franchise actor's (who lives in the master tenant, whose writes this memo does not
 * hear) nor one by a rotated-away token, and a kept lookup is given out only while its session is unexpired and not yet due the
 * once-a-minute idle slide: a hit answers exactly what a fresh read that does not slide would.
 */
export class SessionMemo {
  readonly #byTenant = new Map<string, Map<string, Entry>>()
  #size = 0
  readonly #now: () => number

  constructor(
    directory: Pick<TenantDirectory, 'onChange'>,
    private readonly options: SessionMemoOptions,
  ) {
    this.#now = options.now ?? Date.now
    directory.onChange((tenantId, changed) => {
      if (SESSION_MEMO_TAGS.some((tag) => changed.has(tag))) this.#forget(tenantId)
    })
  }

  /** The kept lookup of this token on this tenant, or `load`'s answer (kept when it is a live session). */
  async lookUp(tenantId: string, token: string, load: () => Promise<SessionLookup>): Promise<SessionLookup> {
    const key = hashToken(token)
    const kept = this.#byTenant.get(tenantId)?.get(key)
    if (kept && kept.keptUntil > this.#now()) {
      const lookup = await kept.lookup.catch(() => null)
      if (lookup && this.#stillAnswers(lookup)) return lookup
    }
    return this.#load(tenantId, key, load)
  }

  #stillAnswers(lookup: SessionLookup): lookup is ActiveLookup {
    // A rotated-away token works for seconds more by the clock, not by a write: always asked.
    if (lookup.kind !== 'active' || lookup.state.franchise || lookup.byRotatedToken) return false
    const now = this.#now()
    return Date.parse(lookup.user.expiresAt) > now && now - lookup.seenAt.getTime() < this.options.slideIntervalMs
  }

  #load(tenantId: string, key: string, load: () => Promise<SessionLookup>): Promise<SessionLookup> {
    if (this.#size >= this.options.maxEntries) {
      this.#byTenant.clear()
      this.#size = 0
    }
    let entries = this.#byTenant.get(tenantId)
    if (!entries) {
      entries = new Map()
      this.#byTenant.set(tenantId, entries)
    }
    const previous = entries.get(key)
    // Kept from the start, in flight: a write announced while it reads drops it with the rest.
    const entry: Entry = { lookup: load(), keptUntil: this.#now() + this.options.ttlMs }
    entries.set(key, entry)
    if (!previous) this.#size++
    const drop = () => {
      const current = this.#byTenant.get(tenantId)
      if (current?.get(key) === entry && current.delete(key)) this.#size--
    }
    entry.lookup.then((lookup) => {
      if (!this.#stillAnswers(lookup)) drop()
    }, drop)
    return entry.lookup
  }

  #forget(tenantId: string): void {
    const entries = this.#byTenant.get(tenantId)
    if (!entries) return
    this.#size -= entries.size
    this.#byTenant.delete(tenantId)
  }
}

/** Kept lookups live this long at most; writes drop them sooner. */
export const SESSION_MEMO_TTL_MS = 15_000

/** The session memo of this directory (one per process and platform). */
export function sessionMemoOf(directory: Pick<TenantDirectory, 'onChange'>, slideIntervalMs: number): SessionMemo {
  return namedPerDirectory(directory, 'session-memo', () => new SessionMemo(directory, { ttlMs: SESSION_MEMO_TTL_MS, slideIntervalMs, maxEntries: 20_000 }))
}
