import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { isLanguage, type Language } from './languages'

/**
 * The language an email or PDF to a person is written in: their own (kept on the contact), else
 * the studio's default language. No browser is there to ask, so only these two count.
 */
export function recipientLanguage(stored: string | null | undefined, tenant: Pick<Tenant, 'settings'>): Language {
  return isLanguage(stored) ? stored : tenant.settings.defaultLanguage
}

/** recipientLanguage for the buyer of an invoice of this tenant, by the invoice's guid. */
export async function invoiceContactLanguage(database: DatabaseHandle, tenant: Tenant, invoiceGuid: string): Promise<Language> {
  const row = await withTenant(database, tenant.id, (trx) =>
    trx.selectFrom('invoices').innerJoin('contacts', 'contacts.id', 'invoices.contact_id').select('contacts.language').where('invoices.guid', '=', invoiceGuid).executeTakeFirst(),
  )
  return recipientLanguage(row?.language, tenant)
}
