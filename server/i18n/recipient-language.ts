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

/**
 * What to keep on a new contact from the language a visitor used the studio's pages in: nothing
 * when it is the studio's default, so the contact goes on following the default if it changes.
 */
export function visitorLanguage(pageLanguage: Language | undefined, tenant: Pick<Tenant, 'settings'>): Language | null {
  return pageLanguage && pageLanguage !== tenant.settings.defaultLanguage ? pageLanguage : null
}
