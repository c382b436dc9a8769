import type { TenantExecutor } from '#db/tenant-scope'
import type { CustomFieldView } from './custom-field-view'
import { bumpFormsUsing } from './save-custom-field'

/** Deletes a field; forms that used it lose it (and their versions go up). */
export async function deleteCustomField(trx: TenantExecutor, field: Pick<CustomFieldView, 'id'>): Promise<void> {
  await bumpFormsUsing(trx, field.id)
  await trx.deleteFrom('custom_fields').where('id', '=', field.id).execute()
}
