import { CACHE_TAGS, isCacheTag, type CacheTag } from './cache-tags'
import { noteDeclaredTags } from './write-audit'

export type CacheChangeListener = (tenantId: string, tags: ReadonlySet<CacheTag>) => void

export interface CacheInvalidationOptions {
  /** Tells other processes (Redis pub/sub when configured): a message from `encodeChange`. */
  broadcast?: (message: string) => void
}

/**
 * The one call that says "this tenant's data behind these tags changed": routes, jobs and
 * payment webhooks alike. Listeners in this process (the tenant directory, memos, page caches)
 * drop what shares a tag, and the change is broadcast so every other process does the same.
 */
export class CacheInvalidation {
  readonly #listeners: CacheChangeListener[] = []

  constructor(private readonly options: CacheInvalidationOptions = {}) {}

  changed(tenantId: string, tags: readonly CacheTag[]): void {
    if (tags.length === 0) return
    noteDeclaredTags(tags)
    const set = new Set(tags)
    this.#notify(tenantId, set)
    this.options.broadcast?.(encodeChange(tenantId, set))
  }

  /** Everything of one tenant (the hidden cache-clear sequence; an unaudited write). */
  changedAll(tenantId: string): void {
    this.changed(tenantId, CACHE_TAGS)
  }

  /** A change another process broadcast: applied here, not sent back out. */
  applyRemote(message: string): void {
    const change = decodeChange(message)
    if (change) this.#notify(change.tenantId, change.tags)
  }

  onChange(listener: CacheChangeListener): void {
    this.#listeners.push(listener)
  }

  #notify(tenantId: string, tags: ReadonlySet<CacheTag>): void {
    for (const listener of this.#listeners) listener(tenantId, tags)
  }
}

/** `tenantId tag,tag` on the wire. */
export function encodeChange(tenantId: string, tags: ReadonlySet<CacheTag>): string {
  return `${tenantId} ${[...tags].join(',')}`
}

/**
 * A message from another process; a bare tenant id (the format before tags) means every tag,
 * so processes of the previous release still drop everything during a rolling deploy.
 */
export function decodeChange(message: string): { tenantId: string; tags: ReadonlySet<CacheTag> } | null {
  const [tenantId, list] = message.trim().split(' ')
  if (!tenantId || !/^[0-9a-f-]{36}$/i.test(tenantId)) return null
  if (list === undefined) return { tenantId, tags: new Set(CACHE_TAGS) }
  const tags = new Set(list.split(',').filter(isCacheTag))
  return tags.size > 0 ? { tenantId, tags } : null
}
