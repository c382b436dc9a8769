import type { CacheTag } from '#server/cache/cache-tags'
import { namedPerDirectory } from './named-per-directory'
import type { TenantDirectory } from './tenant-directory'

interface Entry<T> {
  value: Promise<T>
  expiresAt: number
}

export interface TenantQueryMemoOptions {
  /** What the answers are built from: a change of one of these tags drops the tenant's answers. */
  tags: readonly CacheTag[]
  /** For writes made outside the app (a migration, a script): an answer is asked again after this. */
  ttlMs: number
  /** Answers kept over all tenants; past that the memo starts afresh, so memory stays bounded. */
  maxEntries: number
  now?: () => number
}

/**
 * Remembers answers to a tenant's repeated questions (the same search typed again), one per
 * tenant and key. An entry is dropped, in every process, as soon as one of its tags changes
 * for that tenant; a change is announced after the write commits, so an answer read before
 * it cannot outlive it.
 */
export class TenantQueryMemo<T> {
  readonly #byTenant = new Map<string, Map<string, Entry<T>>>()
  #size = 0
  readonly #now: () => number

  constructor(
    directory: Pick<TenantDirectory, 'onChange'>,
    private readonly options: TenantQueryMemoOptions,
  ) {
    this.#now = options.now ?? Date.now
    directory.onChange((tenantId, changed) => {
      if (options.tags.some((tag) => changed.has(tag))) this.#forget(tenantId)
    })
  }

  get(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.#now()
    let entries = this.#byTenant.get(tenantId)
    const hit = entries?.get(key)
    if (hit && hit.expiresAt > now) return hit.value
    if (hit) this.#delete(entries, key)
    if (this.#size >= this.options.maxEntries) {
      this.#byTenant.clear()
      this.#size = 0
    }
    entries = this.#byTenant.get(tenantId)
    if (!entries) {
      entries = new Map()
      this.#byTenant.set(tenantId, entries)
    }
    const value = load()
    const entry = { value, expiresAt: now + this.options.ttlMs }
    entries.set(key, entry)
    this.#size++
    // A failed read is not remembered: the next ask tries again.
    value.catch(() => {
      const current = this.#byTenant.get(tenantId)
      if (current?.get(key) === entry) this.#delete(current, key)
    })
    return value
  }

  #delete(entries: Map<string, Entry<T>> | undefined, key: string): void {
    if (entries?.delete(key)) this.#size--
  }

  #forget(tenantId: string): void {
    const entries = this.#byTenant.get(tenantId)
    if (!entries) return
    this.#size -= entries.size
    this.#byTenant.delete(tenantId)
  }
}

/** The query memo called `name` of this directory (one per process and platform). */
export function tenantQueryMemo<T>(directory: Pick<TenantDirectory, 'onChange'>, name: string, options: TenantQueryMemoOptions): TenantQueryMemo<T> {
  return namedPerDirectory(directory, `query:${name}`, () => new TenantQueryMemo<T>(directory, options))
}
