import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { TenantDirectory } from '#server/tenancy/tenant-directory'
import { namedPerDirectory } from '#server/tenancy/named-per-directory'
import type { WordCharacters } from '#server/text/trigram-word-similarity'
import { ContactSearchIndex, type IndexedContact } from './contact-search-index'

export interface ContactSearchIndexesOptions {
  /** Books smaller than this are searched in Postgres, which answers them in well under a millisecond. */
  minContacts: number
  /**
   * Contacts held at once over all tenants (memory: about 1 KB a contact, the index and the
   * columns it answers with); past it the least recently used index goes first. A larger book is not held.
   */
  maxHeldContacts: number
  /** For writes made outside the app (a migration, a script): an index is read again after this. */
  ttlMs: number
  /** The least time between two reads of one tenant's book, however often it changes. */
  minRebuildIntervalMs: number
  now?: () => number
}

export const DEFAULT_CONTACT_SEARCH_INDEX_OPTIONS: ContactSearchIndexesOptions = {
  minContacts: 5_000,
  maxHeldContacts: 200_000,
  ttlMs: 5 * 60_000,
  minRebuildIntervalMs: 10_000,
}

type Held =
  | { kind: 'index'; index: ContactSearchIndex; generation: number; readAt: number }
  /** Too small or too large to hold, as counted then; counted again after the TTL. */
  | { kind: 'not-held'; readAt: number }

interface TenantState {
  /** Changes of the tenant's contact book seen by this process: an index read before one is stale. */
  generation: number
  held: Held | null
  reading: boolean
  lastReadStartedAt: number
  lastReadMs: number
}

/**
 * The contact search indexes of one process (docs/decisions/153): one per tenant with a large
 * book, read from Postgres in the background the first time its autocomplete is asked, and
 * never used once the book has changed since it was read (the 'contacts' cache tag, announced
 * in every process after the write commits). Until an index is current, `current` answers null
 * and the search goes to Postgres; a changed book is read again at most every
 * `minRebuildIntervalMs` (or ten times the last read's time), so a busy front desk's writes
 * never keep the process rebuilding.
 */
export class ContactSearchIndexes {
  readonly #tenants = new Map<string, TenantState>()
  readonly #now: () => number
  #wordCharacters: Promise<WordCharacters | null> | null = null

  constructor(
    directory: Pick<TenantDirectory, 'onChange'>,
    private readonly database: DatabaseHandle,
    private readonly options: ContactSearchIndexesOptions = DEFAULT_CONTACT_SEARCH_INDEX_OPTIONS,
  ) {
    this.#now = options.now ?? Date.now
    directory.onChange((tenantId, changed) => {
      if (!changed.has('contacts')) return
      const state = this.#tenants.get(tenantId)
      if (state) state.generation++
    })
  }

  /** The tenant's index if it holds the book as it is now; otherwise null, and a read is started when one is due. */
  current(tenantId: string): ContactSearchIndex | null {
    const now = this.#now()
    let state = this.#tenants.get(tenantId)
    if (!state) {
      state = { generation: 0, held: null, reading: false, lastReadStartedAt: -Infinity, lastReadMs: 0 }
      this.#tenants.set(tenantId, state)
    } else {
      // Most recently used last, so the first in the map is the one to let go.
      this.#tenants.delete(tenantId)
      this.#tenants.set(tenantId, state)
    }
    const held = state.held
    const fresh = held !== null && now - held.readAt < this.options.ttlMs
    if (fresh && held.kind === 'index' && held.generation === state.generation) return held.index
    if (fresh && held.kind === 'not-held') return null
    const due = now - state.lastReadStartedAt >= Math.max(this.options.minRebuildIntervalMs, 10 * state.lastReadMs)
    if (!state.reading && due) void this.#read(tenantId, state)
    return null
  }

  /** What the process holds for the tenant: an index (current or not), a book it does not hold, a read under way, or nothing yet. */
  holding(tenantId: string): 'index' | 'not-held' | 'reading' | null {
    const state = this.#tenants.get(tenantId)
    if (!state) return null
    if (state.reading) return 'reading'
    return state.held?.kind ?? null
  }

  /** Reads the book and builds its index; a failure leaves the search to Postgres until the next read is due. */
  async #read(tenantId: string, state: TenantState): Promise<void> {
    state.reading = true
    const started = this.#now()
    state.lastReadStartedAt = started
    const generation = state.generation
    try {
      const mode = await this.#wordCharactersOfDatabase()
      const rows = mode === null ? null : await this.#readBook(tenantId)
      if (mode === null || rows === null) {
        state.held = { kind: 'not-held', readAt: started }
      } else {
        const index = await ContactSearchIndex.build(rows, mode)
        state.held = { kind: 'index', index, generation, readAt: started }
      }
      this.#letGoOfLeastUsed()
    } catch (error) {
      console.error('contact search index: reading the book failed; Postgres answers', error)
      state.held = null
    } finally {
      state.reading = false
      state.lastReadMs = this.#now() - started
    }
  }

  /** The unarchived contacts in the answer's order, or null when the book is not one to hold. */
  async #readBook(tenantId: string): Promise<IndexedContact[] | null> {
    return withTenant(this.database, tenantId, async (trx) => {
      const { count } = await trx.selectFrom('contacts').select((eb) => eb.fn.countAll<string>().as('count')).where('is_archived', '=', false).executeTakeFirstOrThrow()
      const total = Number(count)
      if (total < this.options.minContacts || total > this.options.maxHeldContacts) return null
      const rows = await trx
        .selectFrom('contacts')
        .select(['guid', 'email', 'first_name', 'last_name', 'search_text', 'sort_name', 'phone_digits'])
        .where('is_archived', '=', false)
        .orderBy('sort_name')
        .orderBy('id')
        .execute()
      return rows.map((row) => ({
        guid: row.guid,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        searchText: row.search_text ?? '',
        sortName: row.sort_name ?? '',
        phoneDigits: row.phone_digits ?? '',
      }))
    })
  }

  /**
   * How the database splits words into trigrams: a letter outside ASCII is a word character under
   * a UTF-8 character type ('aπ' gives three trigrams) and a separator under C (two). Anything
   * else and no index is built.
   */
  #wordCharactersOfDatabase(): Promise<WordCharacters | null> {
    this.#wordCharacters ??= this.database.db
      .selectNoFrom(sql<number>`array_length(show_trgm('aπ'), 1)`.as('trigrams'))
      .executeTakeFirstOrThrow()
      .then(({ trigrams }) => (trigrams === 3 ? 'unicode' : trigrams === 2 ? 'ascii' : null))
    this.#wordCharacters.catch(() => (this.#wordCharacters = null))
    return this.#wordCharacters
  }

  #letGoOfLeastUsed(): void {
    let held = 0
    for (const state of this.#tenants.values()) if (state.held?.kind === 'index') held += state.held.index.size
    // The map holds tenants from least to most recently used.
    for (const state of this.#tenants.values()) {
      if (held <= this.options.maxHeldContacts) break
      if (state.held?.kind !== 'index') continue
      held -= state.held.index.size
      state.held = null
    }
  }
}

/** The contact search indexes of this directory's process. */
export function contactSearchIndexes(directory: Pick<TenantDirectory, 'onChange'>, database: DatabaseHandle): ContactSearchIndexes {
  return namedPerDirectory(directory, 'contact-search-indexes', () => new ContactSearchIndexes(directory, database))
}
