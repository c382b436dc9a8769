import { AsyncLocalStorage } from 'node:async_hooks'
import { trackWrites } from '#db/write-tracking'
import { tagsFedBy, type CacheTag } from './cache-tags'

/** A table a unit of work wrote that feeds a cache tag it never declared. */
export interface UndeclaredWrite {
  table: string
  tags: CacheTag[]
}

const declared = new AsyncLocalStorage<Set<CacheTag>>()

/** Called by CacheInvalidation.changed: the current unit of work declared these tags. */
export function noteDeclaredTags(tags: readonly CacheTag[]): void {
  const store = declared.getStore()
  if (store) for (const tag of tags) store.add(tag)
}

/**
 * Runs one unit of work (a request's action, a job) and reports every table it wrote that a
 * cached page is built from, when the matching tag was not declared through
 * `platform.caches.changed`. Callers decide what a report means: the web server and the BullMQ
 * worker log it and drop the tenant's caches anyway; tests and the in-process runner fail.
 */
export async function auditCacheWrites<T>(fn: () => Promise<T>): Promise<{ result: T; undeclared: UndeclaredWrite[] }> {
  const tags = new Set<CacheTag>()
  const { result, tables } = await declared.run(tags, () => trackWrites(fn))
  return { result, undeclared: undeclaredWrites(tables, tags) }
}

export function undeclaredWrites(tables: Iterable<string>, tags: ReadonlySet<CacheTag>): UndeclaredWrite[] {
  const missing: UndeclaredWrite[] = []
  for (const table of tables) {
    const needed = tagsFedBy(table).filter((tag) => !tags.has(tag))
    if (needed.length > 0) missing.push({ table, tags: needed })
  }
  return missing
}

export class UndeclaredCacheWriteError extends Error {
  constructor(
    readonly where: string,
    readonly undeclared: UndeclaredWrite[],
  ) {
    super(
      `${where} wrote ${undeclared.map((write) => `${write.table} (tags ${write.tags.join(', ')})`).join('; ')} ` +
        'without platform.caches.changed(tenantId, tags): cached pages built from them would go stale',
    )
    this.name = 'UndeclaredCacheWriteError'
  }
}
