import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'

/** The tenant's next invoice number, taken inside the caller's transaction (numbers never repeat, and a rolled-back sale gives its number back). */
export async function nextInvoiceNumber(trx: TenantExecutor, tenantId: string): Promise<number> {
  const [number] = await nextInvoiceNumbers(trx, tenantId, 1)
  if (number === undefined) throw new Error('no invoice number was taken')
  return number
}

/** The tenant's next `count` invoice numbers, in order, taken in one statement (a billing run's invoices). */
export async function nextInvoiceNumbers(trx: TenantExecutor, tenantId: string, count: number): Promise<number[]> {
  if (!Number.isInteger(count) || count < 1) return []
  const numbered = await trx
    .insertInto('invoice_numbers')
    .values({ tenant_id: tenantId, last_number: count })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ last_number: sql`invoice_numbers.last_number + ${count}` }))
    .returning('last_number')
    .executeTakeFirstOrThrow()
  const last = Number(numbered.last_number)
  return Array.from({ length: count }, (_, index) => last - count + 1 + index)
}
