import type { Transaction } from 'kysely'
import { addDays, localDateIn } from './seed-catalog'
import { DEMO_CURRENCY, DEMO_TIME_ZONE } from './seed-catalog-data'
import type { Database } from './types'

/**
 * The demo studio's offer codes (seed only, after the catalog): a welcome code buyers can use
 * now, one for a single course, and one that ran out last season, so the offers screen shows
 * each state and checkout has a code to try.
 */
export async function addDemoOffers(trx: Transaction<Database>, tenantId: string, now: Date = new Date()): Promise<void> {
  const today = localDateIn(DEMO_TIME_ZONE, now)
  const foundations = await trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', tenantId).where('name', '=', 'Yoga Foundations').executeTakeFirst()
  const base = { tenant_id: tenantId, currency: DEMO_CURRENCY, offer_type: 'flat' as const }
  await trx
    .insertInto('offers')
    .values([
      { ...base, code: 'WELCOME10', discount_type: 'percentage', discount_basis_points: 1000, primary_item_category: 'item', valid_until: addDays(today, 90), usage_limit: 100, times_used: 3 },
      { ...base, code: 'FOUNDATIONS25', discount_type: 'amount', discount_minor: 2500, primary_item_category: 'course', primary_item_id: foundations?.id ?? null },
      { ...base, code: 'SPRING20', discount_type: 'percentage', discount_basis_points: 2000, primary_item_category: 'product', valid_from: addDays(today, -240), valid_until: addDays(today, -150), times_used: 12 },
    ])
    .execute()
}
