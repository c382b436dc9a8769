import { z } from 'zod'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { staffInvoicePath } from './sales-query'

const guidSchema = z.string().uuid()

/**
 * Where a sale's link (/reports/sales/{guId}, spec 001) leads: the staff page of the invoice
 * with that guid in this tenant, or null when the guid is not one, or names no invoice of this
 * tenant (another studio's invoice is as unknown as a made-up one: row-level security hides it).
 */
export async function saleInvoicePath(input: { database: DatabaseHandle; tenant: Tenant; unverifiedGuid: string | undefined }): Promise<string | null> {
  const parsed = guidSchema.safeParse(input.unverifiedGuid)
  if (!parsed.success) return null
  const guid = parsed.data.toLowerCase()
  const invoice = await withTenant(input.database, input.tenant.id, (trx) => trx.selectFrom('invoices').select('guid').where('guid', '=', guid).executeTakeFirst())
  return invoice ? staffInvoicePath(invoice.guid) : null
}
