import { sql } from 'kysely'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import { contactSearchCondition } from './contact-search-condition'
import { containsPattern } from '#server/text/like-pattern'
import { contactSearchIndexes } from './search-index/contact-search-indexes'

export const CONTACT_SEARCH_LIMIT = 20
const MAX_QUERY_LENGTH = 100

/**
 * Front desk types the same few names all day, letter by letter, at several desks: answers are
 * kept per tenant and text until the contact book changes (the 'contacts' tag, told by every
 * write of contacts, their tags and field values). Bounded at about 2 KB an answer.
 */
const SEARCH_MEMO = { tags: ['contacts'], ttlMs: 5 * 60_000, maxEntries: 20_000 } as const

/** One autocomplete option (shell spec, section 7): the contact guid, its name and email. */
export interface ContactSearchItem {
  id: string
  label: string
  email: string | null
}

// "Only text (non-object) input is accepted for search": anything else searches nothing.
// Control characters (NUL above all, which Postgres refuses) never help a search.
const querySchema = z.string().transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, MAX_QUERY_LENGTH))

/**
 * The pickers' autocomplete (shell spec 7, settings spec 9): contacts of this tenant matching
 * the text as the contacts list searches (name, every email, barcode, phone; accents and case
 * ignored, typos in names forgiven), archived ones aside. At most CONTACT_SEARCH_LIMIT: those
 * containing the text first, then near spellings, each group by name. The id is the contact's
 * guid, the id every other contact screen and action takes (preview as a contact included).
 */
export async function searchContacts(options: {
  platform: Pick<Platform, 'database' | 'tenants'>
  tenant: Tenant
  unverifiedQuery: unknown
}): Promise<ContactSearchItem[]> {
  const parsed = querySchema.safeParse(options.unverifiedQuery)
  if (!parsed.success || parsed.data === '') return []
  const text = parsed.data
  const { platform, tenant } = options
  const memo = tenantQueryMemo<ContactSearchItem[]>(platform.tenants, 'contact-search', { ...SEARCH_MEMO, tags: [...SEARCH_MEMO.tags] })
  return memo.get(tenant.id, text, async () => {
    // A large book held in the process answers without a query (docs/decisions/153).
    const index = contactSearchIndexes(platform.tenants, platform.database).current(tenant.id)
    return index?.search(text, CONTACT_SEARCH_LIMIT) ?? searchContactsInDatabase(platform, tenant, text)
  })
}

/** The search in Postgres, which the in-process index answers exactly as (text already trimmed and cleaned). */
export async function searchContactsInDatabase(platform: Pick<Platform, 'database'>, tenant: Tenant, text: string): Promise<ContactSearchItem[]> {
  const rows = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['guid', 'email', 'first_name', 'last_name'])
      .where('is_archived', '=', false)
      .where(contactSearchCondition(text))
      // Ordered by an expression, so Postgres gathers the matches through the trigram indexes
      // and sorts them, rather than walking the whole book in name order.
      .orderBy(sql`search_text like search_fold(${containsPattern(text)})`, 'desc')
      .orderBy('sort_name')
      .orderBy('id')
      .limit(CONTACT_SEARCH_LIMIT)
      .execute(),
  )
  return rows.map((row) => ({
    id: row.guid,
    label: `${row.first_name} ${row.last_name}`.trim() || row.email || '-',
    email: row.email,
  }))
}
