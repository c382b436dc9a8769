import { z } from 'zod'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { contactListSearch, parseContactListFilter } from './contact-list-filter'
import { carriedSelectionFields, type ContactSelection } from './contact-selection'
import { countSelectedContacts, notFoundCount } from './selected-contacts'

/** The bulk actions of the contacts list, as its buttons name them (`bulk=delete`, ...). */
export const BULK_CONTACT_ACTIONS = ['delete', 'tag', 'export'] as const
export type BulkContactAction = (typeof BULK_CONTACT_ACTIONS)[number]
export const bulkContactActionSchema = z.enum(BULK_CONTACT_ACTIONS)

/** What a bulk confirmation tells before anything is done: how many, and the tags to choose from. */
export interface BulkConfirmationFacts {
  count: number
  notFound: number
  tags: Array<{ id: string; name: string }>
}

export async function loadBulkConfirmationFacts(input: { database: DatabaseHandle; tenant: Tenant; selection: ContactSelection }): Promise<BulkConfirmationFacts> {
  const { tenant, selection } = input
  return withTenant(input.database, tenant.id, async (trx) => {
    const count = await countSelectedContacts(trx, selection, tenant)
    const tags = await trx.selectFrom('tags').select(['id', 'name']).orderBy((eb) => eb.fn('lower', ['name'])).orderBy('id').execute()
    return { count, notFound: notFoundCount(selection, count), tags }
  })
}

/** The fields a confirmation carries on to the action (see carriedSelectionFields). */
export function bulkCarriedFields(params: URLSearchParams, selection: ContactSelection): Array<[string, string]> {
  return carriedSelectionFields(parseContactListFilter(params).filter, selection)
}

/** The list's address, with the filter and page a bulk form carried. */
export function bulkReturnPath(params: URLSearchParams): string {
  return `/contacts${contactListSearch(parseContactListFilter(params).filter)}`
}

/** A form's text fields as search parameters (the selection reads both the same way). */
export function formParams(form: FormData): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of form.entries()) if (typeof value === 'string') params.append(name, value)
  return params
}
