import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import { phoneCountryFor } from '#server/forms/phone-mask'
import { validateCustomFieldValues, type CustomFieldAnswer } from '#server/forms/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { listContactCustomFields } from './contact-field-values'

/**
 * A posted contact form's custom field values, checked by the registration forms' rules
 * against the tenant's fields: the answers to save, or a message per input key.
 */
export async function checkContactCustomAnswers(
  database: DatabaseHandle,
  tenant: Tenant,
  formData: FormData,
): Promise<{ fields: FormFieldDefinition[]; answers: CustomFieldAnswer[]; errors: Record<string, string[]> }> {
  const fields = await withTenant(database, tenant.id, (trx) => listContactCustomFields(trx))
  const posted: Record<string, string> = {}
  // Tidied as a public form's post is (server/forms/read-form-post.ts): Postgres cannot store NUL.
  for (const [key, value] of formData) if (typeof value === 'string' && !(key in posted)) posted[key] = withoutControlCharacters(value)
  const checked = validateCustomFieldValues(fields, posted, { country: phoneCountryFor(tenant.settings.country) })
  const errors = Object.fromEntries(Object.entries(checked.errors).map(([key, message]) => [key, [message]]))
  return { fields, answers: checked.answers, errors }
}
