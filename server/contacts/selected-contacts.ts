import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { Database } from '#db/types'
import type { ContactSelection } from './contact-selection'
import { contactListMatches } from './list-contacts'

/**
 * The condition on `contacts` for a bulk selection: the guIds ticked, or everything the list's
 * filter matches. Archived contacts are never selected (the list does not show them), and rows
 * of another tenant are invisible under row-level security, so a foreign guId selects nobody.
 */
export function selectedContactsWhere(selection: ContactSelection, timeZone: string) {
  if (selection.kind === 'all') return contactListMatches(selection.filter, timeZone)
  return (eb: ExpressionBuilder<Database, 'contacts'>): Expression<SqlBool> => eb.and([eb('guid', 'in', selection.guIds), eb('is_archived', '=', false)])
}

/** How many contacts a selection reaches now (the confirmation says it before anything is done). */
export async function countSelectedContacts(trx: TenantExecutor, selection: ContactSelection, timeZone: string): Promise<number> {
  const row = await trx
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(selectedContactsWhere(selection, timeZone))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** 'N selected contacts were not found' for guIds that are gone, archived or not this studio's. */
export function notFoundCount(selection: ContactSelection, found: number): number {
  return selection.kind === 'ids' ? Math.max(0, selection.guIds.length - found) : 0
}
