import { z } from 'zod'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { containsPattern } from './like-pattern'

export const CONTACT_SEARCH_LIMIT = 20
const MAX_QUERY_LENGTH = 100
/** Fewer digits than this would match most phone numbers, so they do not search phones. */
const MIN_PHONE_DIGITS = 3

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
 * Contacts of this tenant whose name, email or phone contains the text, case-insensitively,
 * best matches of at most CONTACT_SEARCH_LIMIT, sorted by name. Phone numbers also match on
 * their digits alone, so '5550100142' finds '(555) 010-0142'.
 */
export async function searchContacts(options: {
  database: DatabaseHandle
  tenant: Tenant
  unverifiedQuery: unknown
}): Promise<ContactSearchItem[]> {
  const parsed = querySchema.safeParse(options.unverifiedQuery)
  if (!parsed.success || parsed.data === '') return []
  const text = parsed.data
  const pattern = containsPattern(text)
  // Only text that looks like a phone number searches by digits: '100%' is not one.
  const digits = /^[\d\s().+-]+$/.test(text) ? text.replace(/\D/g, '') : ''

  const rows = await withTenant(options.database, options.tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['guid', 'email', 'first_name', 'last_name'])
      .where((eb) =>
        eb.or([
          eb(eb.fn('concat_ws', [eb.val(' '), eb.ref('first_name'), eb.ref('last_name')]), 'ilike', pattern),
          eb('email', 'ilike', pattern),
          eb('phone', 'ilike', pattern),
          ...(digits.length >= MIN_PHONE_DIGITS
            ? [eb(eb.fn('regexp_replace', [eb.ref('phone'), eb.val('\\D'), eb.val(''), eb.val('g')]), 'like', `%${digits}%`)]
            : []),
        ]),
      )
      .orderBy((eb) => eb.fn('lower', [eb.fn('concat_ws', [eb.val(' '), eb.ref('first_name'), eb.ref('last_name')])]))
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
