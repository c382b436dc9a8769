
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { customFieldInput, type FormInput } from '#server/forms/form-inputs'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import { phoneCountryFor } from '#server/forms/phone-mask'
import type { Tenant } from '#server/tenancy/tenant'
import { listContactCustomFields, readContactFieldInputs } from './contact-field-values'
import { contactFormOptionsFor, type ContactFormOptions } from './contact-form-schema'
import { CONTACT_PROFILE_COLUMN_LIST, CONTACT_PROFILE_COLUMNS } from './contact-profile-columns'
import { splitStoredPhone } from './contact-phone'
import { distinctContactLabels } from './distinct-contact-labels'

/** What the full Edit Contact page draws: the contact's values as the form posts them, and its choices. */
export interface ContactEditView {
  guId: string
  fullName: string
  /** Every field's current value, by the name the form posts it under ('on' for a ticked box). */
  values: Record<string, string>
  customInputs: FormInput[]
  options: ContactFormOptions
  suggestions: { category: string[]; salesStage: string[]; accountStage: string[] }
}

/**
 * A contact's stored values as a contact form posts them ('on' for a ticked box, nothing for
 * an empty one), for the fields `keys` names; the phone split into its dial code and number.
 */
export function contactFormValues(
  row: Record<string, unknown> & { phone: string | null },
  keys: ReadonlyArray<keyof typeof CONTACT_PROFILE_COLUMNS>,
  options: ContactFormOptions,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const key of keys) {
    const value = row[CONTACT_PROFILE_COLUMNS[key]]
    if (typeof value === 'boolean') {
      if (value) values[key] = 'on'
    } else if (value !== null && value !== undefined) {
      values[key] = String(value)
    }
  }
  const phone = splitStoredPhone(row.phone, options.phone.country)
  values.phone = phone.number
  values.phoneCountry = phone.country.code
  return values
}

/** The tenant's custom fields, as inputs of the edit page, and the fields behind them. */
export function customFieldInputsFor(fields: readonly FormFieldDefinition[], tenant: Tenant): FormInput[] {
  const mask = phoneCountryFor(tenant.settings.country).mask
  return fields.map((field) => customFieldInput(field, mask))
}

/** One contact of the tenant for its edit page, or null (another tenant's or an unknown guid). */
export async function loadContactEditView(database: DatabaseHandle, tenant: Tenant, guId: string): Promise<ContactEditView | null> {
  return withTenant(database, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('contacts')
      .select(['id', 'guid', ...CONTACT_PROFILE_COLUMN_LIST])
      .select([
        distinctContactLabels('category').as('categories'),
        distinctContactLabels('sales_stage').as('sales_stages'),
        distinctContactLabels('account_stage').as('account_stages'),
      ])
      .where('guid', '=', guId)
      .executeTakeFirst()
    if (!row) return null
    const [fields, customValues] = await Promise.all([listContactCustomFields(trx), readContactFieldInputs(trx, row.id)])
    const options = contactFormOptionsFor(tenant.settings)
    const values = contactFormValues(row, Object.keys(CONTACT_PROFILE_COLUMNS) as Array<keyof typeof CONTACT_PROFILE_COLUMNS>, options)
    return {
      guId: row.guid,
      fullName: `${row.first_name} ${row.last_name}`.trim(),
      values: { ...values, ...customValues },
      customInputs: customFieldInputsFor(fields, tenant),
      options,
      suggestions: { category: row.categories, salesStage: row.sales_stages, accountStage: row.account_stages },
    }
  })
}

