import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'

/** The tenant's next invoice number, taken inside the caller's transaction (numbers never repeat, and a rolled-back sale gives its number back). */
export async function nextInvoiceNumber(trx: TenantExecutor, tenantId: string): Promise<number> {
  const numbered = await trx
    .insertInto('invoice_numbers')
    .values({ tenant_id: tenantId, last_number: 1 })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ last_number: sql`invoice_numbers.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return numbered.last_number
}
