import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { Language } from '#server/i18n/languages'
import { LANGUAGE_LOCALES } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** One of the tenant's custom fields and this contact's value of it (null when not given). */
export interface CustomValueView {
  fieldGuId: string
  name: string
  type: string
  value: string | null
}

/**
 * Every custom field of the tenant except headers (they only title a form's sections), with the
 * contact's value read from the column its type uses: value_text, value_number or value_bool.
 */
export async function listContactCustomValues(trx: TenantExecutor, contactId: string, language: Language = 'en'): Promise<CustomValueView[]> {
  const rows = await trx
    .selectFrom('custom_fields')
    .leftJoin('contact_field_values', (join) =>
      join.onRef('contact_field_values.field_id', '=', 'custom_fields.id').on('contact_field_values.contact_id', '=', contactId),
    )
    .select([
      'custom_fields.guid',
      'custom_fields.name',
      'custom_fields.type',
      'contact_field_values.value_text',
      'contact_field_values.value_number',
      'contact_field_values.value_bool',
    ])
    .where('custom_fields.type', '!=', 'header')
    // Fields have no order of their own outside a form: by name, as the settings list shows them.
    .orderBy(sql`lower(custom_fields.name)`)
    .orderBy('custom_fields.guid')
    .execute()
  return rows.map((row) => ({
    fieldGuId: String(row.guid),
    name: row.name,
    type: row.type,
    value: shownValue(row.type, row.value_text, row.value_number, row.value_bool, language),
  }))
}

function shownValue(type: string, valueText: string | null, valueNumber: string | number | null, valueBool: boolean | null, language: Language): string | null {
  if (type === 'checkbox' || valueBool !== null) return valueBool === null ? null : tFor(language, 'contacts')(valueBool ? 'yes' : 'no')
  // English keeps the number as it was typed ('1234.5'); Turkish writes its own decimal comma.
  if (valueNumber !== null) return language === 'en' ? String(Number(valueNumber)) : Number(valueNumber).toLocaleString(LANGUAGE_LOCALES[language], { maximumFractionDigits: 20 })
  return valueText && valueText.trim() ? valueText : null
}
