import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Database } from '#db/types'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { listContactCustomFields } from './contact-field-values'
import { CONTACT_SELECTION_MESSAGES, type ContactSelection } from './contact-selection'
import { resolveCustomFieldFilter, type CustomFieldFilterOutcome } from './custom-field-filter'
import { contactListMatches } from './list-contacts'

type ContactsWhere = (eb: ExpressionBuilder<Database, 'contacts'>) => Expression<SqlBool>

/** The tenant whose contacts are selected: its id keys the custom field look-up, its zone the joined dates. */
export type SelectionScope = Pick<Tenant, 'id' | 'settings'>

async function customFieldOutcome(trx: TenantExecutor, selection: ContactSelection, tenantId: string): Promise<CustomFieldFilterOutcome | null> {
  if (selection.kind !== 'all' || selection.filter.customField === null) return null
  return resolveCustomFieldFilter(await listContactCustomFields(trx), tenantId, selection.filter.customField)
}

/**
 * The condition on `contacts` for a bulk selection: the guIds ticked, or everything the list's
 * filter matches, through the list's own contactListMatches. Archived contacts are never
 * selected (the list does not show them), and rows of another tenant are invisible under
 * row-level security, so a foreign guId selects nobody. A custom field condition that cannot be
 * applied selects nobody here rather than everyone: checkContactSelection refuses it first.
 */
export async function selectedContactsWhere(trx: TenantExecutor, selection: ContactSelection, tenant: SelectionScope): Promise<ContactsWhere> {
  if (selection.kind === 'all') {
    const customField = await customFieldOutcome(trx, selection, tenant.id)
    if (customField && (customField.problem !== null || customField.unknownField)) return () => sql<SqlBool>`false`
    return contactListMatches(selection.filter, tenant.settings.timezone, customField?.match ?? null)
  }
  return (eb) => eb.and([eb('guid', 'in', selection.guIds), eb('is_archived', '=', false)])
}

/**
 * Refuses 'all that match' a filter whose custom field condition the list could not apply (a
 * value that does not fit the field, or a field the studio no longer has): acting on it would
 * reach everyone instead of the people meant, as with any filter partly not understood.
 */
export async function checkContactSelection(input: { database: DatabaseHandle; tenant: SelectionScope; selection: ContactSelection }): Promise<WordedResult<ContactSelection, 'invalid_input'>> {
  const { selection } = input
  if (selection.kind !== 'all' || selection.filter.customField === null) return ok(selection)
  const customField = await withTenant(input.database, input.tenant.id, (trx) => customFieldOutcome(trx, selection, input.tenant.id))
  if (customField?.unknownField) return err('invalid_input', CONTACT_SELECTION_MESSAGES.fieldGone)
  if (customField?.problem) return err('invalid_input', CONTACT_SELECTION_MESSAGES.nothingChanged(customField.problem))
  return ok(selection)
}

/** How many contacts a selection reaches now (the confirmation says it before anything is done). */
export async function countSelectedContacts(trx: TenantExecutor, selection: ContactSelection, tenant: SelectionScope): Promise<number> {
  const row = await trx
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(await selectedContactsWhere(trx, selection, tenant))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** 'N selected contacts were not found' for guIds that are gone, archived or not this studio's. */
export function notFoundCount(selection: ContactSelection, found: number): number {
  return selection.kind === 'ids' ? Math.max(0, selection.guIds.length - found) : 0
}
