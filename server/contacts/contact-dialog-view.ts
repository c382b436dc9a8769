import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { contactFormValues } from './contact-edit-view'
import { contactFormOptionsFor, type ContactFormOptions } from './contact-form-schema'
import { CONTACT_PROFILE_COLUMNS } from './contact-profile-columns'

/** The fields of the Create / Edit Contact dialog (spec 2.9), as the contact form names them. */
export const CONTACT_DIALOG_FIELDS = ['firstName', 'lastName', 'email', 'grnNumber', 'phone', 'hasSignedWaiverForm', 'subscribeToMailingList'] as const

/** What the Edit Contact dialog draws: the contact's dialog fields as the form posts them. */
export interface ContactDialogView {
  guId: string
  fullName: string
  values: Record<string, string>
  options: ContactFormOptions
}

/** What a saved Edit Contact dialog answers: the page it was opened on reloads its data and closes it. */
export interface ContactDialogSaved {
  saved: true
  guId: string
}

/** One contact of the tenant for the Edit Contact dialog, or null (another tenant's or an unknown guid). */
export async function loadContactDialogView(database: DatabaseHandle, tenant: Tenant, guId: string): Promise<ContactDialogView | null> {
  const row = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['guid', ...CONTACT_DIALOG_FIELDS.map((key) => CONTACT_PROFILE_COLUMNS[key])])
      .where('guid', '=', guId)
      .executeTakeFirst(),
  )
  if (!row) return null
  const options = contactFormOptionsFor(tenant.settings)
  return {
    guId: row.guid,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    values: contactFormValues(row, CONTACT_DIALOG_FIELDS, options),
    options,
  }
}
