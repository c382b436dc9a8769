import type { Selectable } from 'kysely'
import type { CustomFieldsTable, CustomFieldType } from '#db/types'

export interface CustomFieldView {
  id: string
  guId: string
  name: string
  tag: string | null
  type: CustomFieldType
  placeholder: string
  helpText: string
  isMandatory: boolean
  isPhoneNumber: boolean
  options: string[]
}

export function customFieldView(row: Selectable<CustomFieldsTable>): CustomFieldView {
  return {
    id: row.id,
    guId: row.guid,
    name: row.name,
    tag: row.tag,
    type: row.type,
    placeholder: row.placeholder,
    helpText: row.help_text,
    isMandatory: row.is_mandatory,
    isPhoneNumber: row.is_phone_number,
    options: Array.isArray(row.options) ? row.options.filter((o): o is string => typeof o === 'string') : [],
  }
}
