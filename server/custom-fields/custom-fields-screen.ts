import { withTenant } from '#db/tenant-scope'
import type { CustomFieldType } from '#db/types'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { CUSTOM_FIELD_CARDS } from './custom-field-types'
import { listCustomFields } from './list-custom-fields'

export interface CustomFieldCard {
  type: CustomFieldType
  label: string
  fields: Array<{ guId: string; name: string; tag: string | null }>
}

/** The Custom Fields screen: one card per type, each listing the tenant's fields of it by name. */
export async function loadCustomFieldsScreen(platform: Pick<Platform, 'database'>, tenant: Tenant): Promise<CustomFieldCard[]> {
  const fields = await withTenant(platform.database, tenant.id, (trx) => listCustomFields(trx))
  return CUSTOM_FIELD_CARDS.map((card) => ({
    ...card,
    fields: fields.filter((field) => field.type === card.type).map((field) => ({ guId: field.guId, name: field.name, tag: field.tag })),
  }))
}
