import { withTenant } from '#db/tenant-scope'
import type { CustomFieldType } from '#db/types'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { CUSTOM_FIELD_CARDS } from './custom-field-types'
import { customFieldTypeLabelIn } from './formbuilder-words'
import { listCustomFields } from './list-custom-fields'

export interface CustomFieldCard {
  type: CustomFieldType
  label: string
  fields: Array<{ guId: string; name: string; tag: string | null }>
}

/** The Custom Fields screen: one card per type (named in the page's language), each listing the tenant's fields of it by name. */
export async function loadCustomFieldsScreen(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<CustomFieldCard[]> {
  const fields = await withTenant(platform.database, tenant.id, (trx) => listCustomFields(trx))
  return CUSTOM_FIELD_CARDS.map((type) => ({
    type,
    label: customFieldTypeLabelIn(type, language),
    fields: fields.filter((field) => field.type === type).map((field) => ({ guId: field.guId, name: field.name, tag: field.tag })),
  }))
}
