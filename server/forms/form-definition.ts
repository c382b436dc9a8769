import { sql } from 'kysely'
import type { CustomFieldType, CustomFormType } from '#db/types'
import type { TenantExecutor } from '#db/tenant-scope'
import { isUuid } from '#server/text/is-uuid'

/** One custom field as a form shows it, in the form's order. */
export interface FormFieldDefinition {
  id: string
  guId: string
  name: string
  type: CustomFieldType
  sequence: number
  isMandatory: boolean
  placeholder: string
  helpText: string
  isPhoneNumber: boolean
  options: string[]
}

/** A custom form with its fields: what the public form, its descriptor and its validation are made from. */
export interface FormDefinition {
  id: string
  guId: string
  name: string
  formType: CustomFormType
  isName: boolean
  isEmail: boolean
  isPhone: boolean
  isShowEmergencyContact: boolean
  isShowBirthdate: boolean
  isShowGuardian: boolean
  isSignRequired: boolean
  isAskedAtCheckout: boolean
  beforeFormHtml: string
  subHeaderHtml: string
  afterFormHtml: string
  isPublished: boolean
  version: number
  fields: FormFieldDefinition[]
}


interface FieldJson {
  id: string
  guid: string
  name: string
  type: CustomFieldType
  sequence: number
  is_mandatory: boolean
  placeholder: string
  help_text: string
  is_phone_number: boolean
  options: string[]
}

/**
 * Loads one form and its ordered fields in a single query, by public guid or by id. Rows of
 * other tenants are invisible to the executor, so another tenant's guid finds nothing.
 */
export async function loadFormDefinition(
  trx: TenantExecutor,
  key: { guId: string } | { id: string },
): Promise<FormDefinition | null> {
  const value = 'guId' in key ? key.guId : key.id
  if (!isUuid(value)) return null
  const row = await trx
    .selectFrom('custom_forms as f')
    .selectAll('f')
    .select(
      sql<FieldJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', cf.id, 'guid', cf.guid, 'name', cf.name, 'type', cf.type, 'sequence', ff.sequence,
          'is_mandatory', cf.is_mandatory, 'placeholder', cf.placeholder, 'help_text', cf.help_text,
          'is_phone_number', cf.is_phone_number, 'options', cf.options
        ) order by ff.sequence, cf.name)
        from custom_form_fields ff join custom_fields cf on cf.id = ff.field_id
        where ff.form_id = f.id
      ), '[]'::json)`.as('fields'),
    )
    .where('guId' in key ? 'f.guid' : 'f.id', '=', value)
    .executeTakeFirst()
  if (!row) return null
  const fields = (typeof row.fields === 'string' ? (JSON.parse(row.fields) as FieldJson[]) : row.fields) ?? []
  return {
    id: row.id,
    guId: row.guid,
    name: row.name,
    formType: row.form_type,
    isName: row.is_name,
    isEmail: row.is_email,
    isPhone: row.is_phone,
    isShowEmergencyContact: row.is_show_emergency_contact,
    isShowBirthdate: row.is_show_birthdate,
    isShowGuardian: row.is_show_guardian,
    isSignRequired: row.is_sign_required,
    isAskedAtCheckout: row.is_asked_at_checkout,
    beforeFormHtml: row.before_form_html,
    subHeaderHtml: row.sub_header_html,
    afterFormHtml: row.after_form_html,
    isPublished: row.is_published,
    version: row.version,
    fields: fields.map((field, index) => ({
      id: field.id,
      guId: field.guid,
      name: field.name,
      type: field.type,
      sequence: index + 1,
      isMandatory: field.is_mandatory,
      placeholder: field.placeholder,
      helpText: field.help_text,
      isPhoneNumber: field.is_phone_number,
      options: Array.isArray(field.options) ? field.options.filter((o): o is string => typeof o === 'string') : [],
    })),
  }
}
