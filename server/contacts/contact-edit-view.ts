
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
    const values: Record<string, string> = {}
    for (const [key, column] of Object.entries(CONTACT_PROFILE_COLUMNS)) {
      const value: unknown = row[column]
      if (typeof value === 'boolean') {
        if (value) values[key] = 'on'
      } else if (value !== null && value !== undefined) {
        values[key] = String(value)
      }
    }
    const phone = splitStoredPhone(row.phone, options.phone.country)
    values.phone = phone.number
    values.phoneCountry = phone.country.code
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

