import { asSystem } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { giveOfferUseBack } from './cart-offer'

/** A visitor's cart nobody has touched for this long is deleted; a signed-in member's cart is kept longer. */
export const VISITOR_CART_IDLE_DAYS = 30
export const MEMBER_CART_IDLE_DAYS = 180
/**
 * A checkout order still waiting for its payment after this long is voided. Providers' pay
 * pages run out well before (Stripe's Checkout Session after 24 hours): a payment that still
 * arrives later is refunded by the settling path, as for any order that can no longer be given.
 */
export const UNPAID_ORDER_DAYS = 2

export const UNPAID_ORDER_NOTE = `Not paid within ${UNPAID_ORDER_DAYS} days.`

const DAY_MS = 24 * 60 * 60 * 1000
/** Rows one run changes at most; the next run takes the rest. */
const BATCH = 5000

/**
 * Voids checkout orders left unpaid (pending) for UNPAID_ORDER_DAYS, in every studio: each
 * gives its offer code's use back, and its open payment attempts are closed, so the order page
 * says it was not completed and a late payment is refunded. Membership invoices are billing's
 * and are left alone. Answers how many were voided.
 */
export async function voidUnpaidOrders(platform: Pick<Platform, 'database' | 'caches'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNPAID_ORDER_DAYS * DAY_MS)
  // Found first so that a run with nothing to void writes nothing (and has no studio's caches to drop).
  const due = await asSystem(platform.database, 'find checkout orders left unpaid in every studio', (trx) =>
    trx.selectFrom('invoices').select(['id', 'tenant_id']).where('status', '=', 'pending').where('source', '=', 'checkout').where('created_at', '<', before).orderBy('created_at').limit(BATCH).execute(),
  )
  if (due.length === 0) return 0
  const voided = await asSystem(platform.database, 'void checkout orders left unpaid in every studio', async (trx) => {
    const voided = await trx
      .updateTable('invoices')
      .set({ status: 'void', voided_at: now, balance_minor: 0, note: UNPAID_ORDER_NOTE, updated_at: now })
      .where('id', 'in', due.map((row) => row.id))
      .where('status', '=', 'pending')
      .returning(['id', 'tenant_id', 'offer_id'])
      .execute()
    if (voided.length === 0) return []
    await trx
      .updateTable('payments')
      .set({ status: 'expired' })
      .where(
        'invoice_id',
        'in',
        voided.map((row) => row.id),
      )
      .where('status', '=', 'open')
      .execute()
    for (const row of voided) await giveOfferUseBack(trx, row.offer_id)
    return voided
  })
  for (const tenantId of new Set(due.map((row) => row.tenant_id))) platform.caches.changed(tenantId, ['invoices'])
  return voided.length
}

/** Deletes carts left idle (their lines go with them), in every studio. Answers how many. */
export async function deleteIdleCarts(platform: Pick<Platform, 'database'>, now: Date): Promise<number> {
  const visitorBefore = new Date(now.getTime() - VISITOR_CART_IDLE_DAYS * DAY_MS)
  const memberBefore = new Date(now.getTime() - MEMBER_CART_IDLE_DAYS * DAY_MS)
  return asSystem(platform.database, 'delete idle carts in every studio', async (trx) => {
    const deleted = await trx
      .deleteFrom('carts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('carts')
          .select('id')
          .where((row) => row.or([row.and([row('contact_id', 'is', null), row('updated_at', '<', visitorBefore)]), row('updated_at', '<', memberBefore)]))
          .limit(BATCH),
      )
      .executeTakeFirst()
    return Number(deleted.numDeletedRows)
  })
}
