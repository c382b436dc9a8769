import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { cartTokenHash, newCartToken } from './cart-cookie'

export interface ResolvedCart {
  cartId: string | null
  /** Set when the cart this browser should hold changed: the cookie to give it. */
  newToken: string | null
}

/**
 * The cart of this request.
 *
 * - A visitor has the cart their cookie names, unless it belongs to an account: on a shared
 *   computer the next person after a sign-out does not see it.
 * - A signed-in buyer's carts are merged into one: the cookie's cart (claimed when it had no
 *   owner) takes the lines of their other carts (another device, an earlier visit), which are
 *   then deleted. With no cart in this browser, their latest cart is given a new secret and the
 *   cookie to this browser, so a cart follows the account from the phone to the laptop.
 *
 * The same option twice becomes one line with the quantities added, at most 9; the cart page
 * says when that is more than the option allows.
 */
export async function resolveCart(trx: TenantExecutor, input: { token: string | null; contactId: string | null }): Promise<ResolvedCart> {
  const own = input.token ? await trx.selectFrom('carts').select(['id', 'contact_id']).where('token_hash', '=', cartTokenHash(input.token)).executeTakeFirst() : undefined
  if (input.contactId === null) return { cartId: own && own.contact_id === null ? own.id : null, newToken: null }
  const contactId = input.contactId
  let cartId = own && (own.contact_id === null || own.contact_id === contactId) ? own.id : null
  if (cartId && own?.contact_id === null) await trx.updateTable('carts').set({ contact_id: contactId, updated_at: new Date() }).where('id', '=', cartId).execute()
  let others = await trx
    .selectFrom('carts')
    .select('id')
    .where('contact_id', '=', contactId)
    .$if(cartId !== null, (query) => query.where('id', '<>', cartId ?? ''))
    .orderBy('updated_at', 'desc')
    .execute()
  let newToken: string | null = null
  if (cartId === null) {
    const [latest, ...rest] = others
    if (!latest) return { cartId: null, newToken: null }
    newToken = newCartToken()
    await trx.updateTable('carts').set({ token_hash: cartTokenHash(newToken), updated_at: new Date() }).where('id', '=', latest.id).execute()
    cartId = latest.id
    others = rest
  }
  for (const other of others) {
    await mergeLines(trx, other.id, cartId)
    await trx.deleteFrom('carts').where('id', '=', other.id).execute()
  }
  return { cartId, newToken }
}

/**
 * Moves the lines of one cart into another, adding quantities where both hold the same option.
 * A class drop-in is one place at one occurrence: the same occurrence in both stays one place,
 * and drop-ins at different occurrences stay apart.
 */
async function mergeLines(trx: TenantExecutor, fromCartId: string, intoCartId: string): Promise<void> {
  const lines = await trx.selectFrom('cart_lines').select(['id', 'price_option_id', 'quantity', 'schedule_id', 'occurrence_date']).where('cart_id', '=', fromCartId).execute()
  for (const line of lines) {
    const same = line.price_option_id
      ? await trx
          .selectFrom('cart_lines')
          .select('id')
          .where('cart_id', '=', intoCartId)
          .where('price_option_id', '=', line.price_option_id)
          .where((eb) => (line.schedule_id === null ? eb('schedule_id', 'is', null) : eb.and([eb('schedule_id', '=', line.schedule_id), eb('occurrence_date', '=', line.occurrence_date)])))
          .executeTakeFirst()
      : undefined
    if (same && line.schedule_id !== null) {
      await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute()
    } else if (same) {
      await trx.updateTable('cart_lines').set({ quantity: sql<number>`least(9, quantity + ${line.quantity})` }).where('id', '=', same.id).execute()
    } else {
      await trx.updateTable('cart_lines').set({ cart_id: intoCartId }).where('id', '=', line.id).execute()
    }
  }
}
