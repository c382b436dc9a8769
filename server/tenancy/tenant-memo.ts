import { CACHE_TAGS, type CacheTag } from '#server/cache/cache-tags'
import { namedPerDirectory } from './named-per-directory'
import type { TenantDirectory } from './tenant-directory'

interface Entry<T> {
  value: Promise<T>
  expiresAt: number
}

const MAX_TENANTS = 2_000

/**
 * Remembers one value per tenant that is derived from its rows (its published pages, its
 * franchises) and is read on every signed-in page. An entry drops when one of the memo's cache
 * tags changes for its tenant (in any process), and after `ttlMs` at most, for writes made
 * outside the app (a migration, a script).
 */
export class TenantMemo<T> {
  readonly #entries = new Map<string, Entry<T>>()

  constructor(
    directory: Pick<TenantDirectory, 'onChange'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    tags: readonly CacheTag[] = CACHE_TAGS,
  ) {
    directory.onChange((tenantId, changed) => {
      if (tags.some((tag) => changed.has(tag))) this.#entries.delete(tenantId)
    })
  }

  get(tenantId: string, load: () => Promise<T>): Promise<T> {
    const now = this.now()
    const hit = this.#entries.get(tenantId)
    if (hit && hit.expiresAt > now) return hit.value
    const value = load()
    if (this.#entries.size >= MAX_TENANTS) this.#entries.clear()
    this.#entries.set(tenantId, { value, expiresAt: now + this.ttlMs })
    // A failed read is not remembered: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(tenantId)?.value === value) this.#entries.delete(tenantId)
    })
    return value
  }
}

/**
 * What each named memo is built from. A franchise list is the tenants table (a franchise created
 * or renamed changes the 'tenant' tag of the parent as well as the child).
 */
const MEMO_TAGS: Readonly<Record<string, readonly CacheTag[]>> = {
  'site-pages': ['site'],
  franchises: ['tenant'],
  'form-definitions': ['forms'],
}

/** The memo called `name` of this directory (one per server process and platform). */
export function tenantMemo<T>(directory: TenantDirectory, name: string, ttlMs: number): TenantMemo<T> {
  return namedPerDirectory(directory, `tenant:${name}`, () => new TenantMemo<T>(directory, ttlMs, Date.now, MEMO_TAGS[name] ?? CACHE_TAGS))
}
