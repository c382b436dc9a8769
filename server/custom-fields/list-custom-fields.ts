import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { customFieldView, type CustomFieldView } from './custom-field-view'
import { isUuid } from '#server/text/is-uuid'

/** The tenant's custom fields by name (the Custom Fields screen groups them by type). */
export async function listCustomFields(trx: TenantExecutor): Promise<CustomFieldView[]> {
  const rows = await trx.selectFrom('custom_fields').selectAll().orderBy(sql`lower(name)`).orderBy('created_at').execute()
  return rows.map(customFieldView)
}

/** One field by its public guid; another tenant's guid (or a malformed one) finds nothing. */
export async function findCustomField(trx: TenantExecutor, guId: string): Promise<CustomFieldView | null> {
  if (!isUuid(guId)) return null
  const row = await trx.selectFrom('custom_fields').selectAll().where('guid', '=', guId).executeTakeFirst()
  return row ? customFieldView(row) : null
}
