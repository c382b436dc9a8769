import type { TenantDirectory } from './tenant-directory'

interface Entry<T> {
  value: Promise<T>
  expiresAt: number
}

const MAX_TENANTS = 2_000

/**
 * Remembers one value per tenant that is derived from its rows (its published pages, its
 * franchises) and is read on every signed-in page. An entry drops whenever the tenant does
 * (every write through the app invalidates its tenant, in every process) and after `ttlMs` at
 * most, for writes made outside the app (a migration, a script).
 */
export class TenantMemo<T> {
  readonly #entries = new Map<string, Entry<T>>()

  constructor(
    directory: Pick<TenantDirectory, 'onDrop'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    directory.onDrop((tenantId) => this.#entries.delete(tenantId))
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

const memos = new WeakMap<TenantDirectory, Map<string, TenantMemo<unknown>>>()

/** The memo called `name` of this directory (one per server process and platform). */
export function tenantMemo<T>(directory: TenantDirectory, name: string, ttlMs: number): TenantMemo<T> {
  let byName = memos.get(directory)
  if (!byName) {
    byName = new Map()
    memos.set(directory, byName)
  }
  let memo = byName.get(name)
  if (!memo) {
    memo = new TenantMemo<unknown>(directory, ttlMs)
    byName.set(name, memo)
  }
  // One name always holds one type: the caller that created it decides it.
  return memo as TenantMemo<T>
}
