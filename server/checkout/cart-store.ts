import { z } from 'zod'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { resolveCart } from './account-cart'
import { cartTokenHash, newCartToken } from './cart-cookie'
import { CART_MESSAGES, mostOfLine, OPTION_KINDS, type SaleChannel } from './cart-line-rules'
import { isSoldOnline } from './sold-online'
import { takesCardPayments } from '#server/payments/card-payments'

/** The cart a cookie names in this tenant, or null. Another tenant's cart is nobody's here. */
export async function findCartId(trx: TenantExecutor, token: string | null): Promise<string | null> {
  if (token === null) return null
  const row = await trx.selectFrom('carts').select('id').where('token_hash', '=', cartTokenHash(token)).executeTakeFirst()
  return row?.id ?? null
}

const UUID_MESSAGE = 'Choose something to buy.'

/** The Buy / Register form (buy-form.tsx, course-detail.tsx): an item, one of its options and how many. */
export const addToCartSchema = z.object({
  item: z.string().trim().uuid(UUID_MESSAGE),
  priceOption: z.string().trim().uuid(UUID_MESSAGE),
  quantity: z.coerce.number({ invalid_type_error: 'Choose a quantity from 1 to 9.' }).int().min(1, 'Choose a quantity from 1 to 9.').max(9, 'Choose a quantity from 1 to 9.').default(1),
})

export const ADD_TO_CART_MESSAGES = {
  added: (name: string) => `${name} is in your cart.`,
  notFound: 'That is no longer on sale.',
} as const

export interface AddedToCart {
  itemName: string
  /** Set when this browser's cart changed (a new one, or a signed-in buyer's from elsewhere): the cookie to give it. */
  newToken: string | null
}

/**
 * Puts an item's option in the visitor's cart (making the cart when they have none). The same
 * option again adds to its line's quantity, up to what the option allows. Only published items
 * of this tenant with a live option (online: one that checkout sells online); anything else is
 * refused in words.
 */
export async function addToCart(
  platform: Pick<Platform, 'database' | 'env'>,
  input: { tenantId: string; token: string | null; contactId: string | null; posted: unknown; channel?: SaleChannel },
): Promise<WordedResult<AddedToCart, 'invalid_input' | 'not_found' | 'conflict'>> {
  const parsed = addToCartSchema.safeParse(input.posted)
  if (!parsed.success) return err('invalid_input', parsed.error.issues[0]?.message ?? UUID_MESSAGE)
  const wanted = parsed.data
  const channel = input.channel ?? 'online'
  const takesCards = channel === 'online' && (await takesCardPayments(platform, input.tenantId))
  return withTenant(platform.database, input.tenantId, async (trx) => {
    const found = await trx
      .selectFrom('catalog_items')
      .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
      .select([
        'catalog_items.id as item_id', 'catalog_items.name', 'item_price_options.id as option_id', 'item_price_options.price_minor',
        'item_price_options.discount_minor', 'item_price_options.registration_fee_minor', 'item_price_options.is_other_price',
        'item_price_options.max_quantity', 'item_price_options.membership_type',
      ])
      .where('catalog_items.guid', '=', wanted.item)
      .where('item_price_options.guid', '=', wanted.priceOption)
      .where('catalog_items.kind', 'in', [...OPTION_KINDS])
      .where('catalog_items.is_published', '=', true)
      .where('catalog_items.is_archived', '=', false)
      .where('item_price_options.is_archived', '=', false)
      .executeTakeFirst()
    if (!found) return err('not_found', ADD_TO_CART_MESSAGES.notFound)
    const option = { priceMinor: found.price_minor, discountMinor: found.discount_minor, registrationFeeMinor: found.registration_fee_minor, isOtherPrice: found.is_other_price, membershipType: found.membership_type }
    if (channel === 'online' && !isSoldOnline(option, takesCards)) return err('conflict', CART_MESSAGES.notOnline(found.name))
    const most = found.membership_type === 'recurring' ? 1 : found.max_quantity

    const { cartId, newToken } = await cartForAdding(trx, input)
    const line = await trx
      .selectFrom('cart_lines')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('price_option_id', '=', found.option_id)
      .where('schedule_id', 'is', null)
      .executeTakeFirst()
    if (line) {
      if (line.quantity + wanted.quantity > most) return err('conflict', CART_MESSAGES.tooMany(found.name, most))
      await trx.updateTable('cart_lines').set({ quantity: line.quantity + wanted.quantity }).where('id', '=', line.id).execute()
    } else {
      if (wanted.quantity > most) return err('conflict', CART_MESSAGES.tooMany(found.name, most))
      await trx.insertInto('cart_lines').values({ tenant_id: input.tenantId, cart_id: cartId, item_id: found.item_id, price_option_id: found.option_id, quantity: wanted.quantity }).execute()
    }
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute()
    return ok({ itemName: found.name, newToken })
  })
}

/** The cart something is added to: the buyer's, or a new one (with its secret for the cookie). */
export async function cartForAdding(trx: TenantExecutor, input: { tenantId: string; token: string | null; contactId: string | null }): Promise<{ cartId: string; newToken: string | null }> {
  const resolved = await resolveCart(trx, { token: input.token, contactId: input.contactId })
  if (resolved.cartId !== null) return { cartId: resolved.cartId, newToken: resolved.newToken }
  const newToken = newCartToken()
  const cart = await trx
    .insertInto('carts')
    .values({ tenant_id: input.tenantId, token_hash: cartTokenHash(newToken), contact_id: input.contactId })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { cartId: cart.id, newToken }
}

const changeLineSchema = z.object({
  line: z.string().trim().uuid(),
  quantity: z.coerce.number().int().min(1).max(9).optional(),
})

export const CHANGE_CART_MESSAGES = {
  removed: (name: string) => `${name} is out of your cart.`,
  updated: 'Your cart is updated.',
  badQuantity: 'Choose a quantity from 1 to 9.',
  gone: 'That line is no longer in your cart.',
} as const

/**
 * Sets a line's quantity (within what its option allows) or takes it out. A line of another
 * cart, or of another tenant, is not found.
 */
export async function changeCartLine(
  platform: Pick<Platform, 'database'>,
  input: { tenantId: string; token: string | null; contactId: string | null; change: 'quantity' | 'remove'; posted: unknown },
): Promise<WordedResult<{ message: string }, 'invalid_input' | 'not_found' | 'conflict'>> {
  const parsed = changeLineSchema.safeParse(input.posted)
  if (!parsed.success) return err(parsed.error.issues.some((issue) => issue.path[0] === 'line') ? 'not_found' : 'invalid_input', parsed.error.issues.some((issue) => issue.path[0] === 'line') ? CHANGE_CART_MESSAGES.gone : CHANGE_CART_MESSAGES.badQuantity)
  return withTenant(platform.database, input.tenantId, async (trx) => {
    const { cartId } = await resolveCart(trx, { token: input.token, contactId: input.contactId })
    const line = cartId
      ? await trx
          .selectFrom('cart_lines')
          .innerJoin('catalog_items', 'catalog_items.id', 'cart_lines.item_id')
          .leftJoin('item_price_options', 'item_price_options.id', 'cart_lines.price_option_id')
          .select(['cart_lines.id', 'catalog_items.name', 'catalog_items.kind', 'item_price_options.max_quantity', 'item_price_options.membership_type'])
          .where('cart_lines.cart_id', '=', cartId)
          .where('cart_lines.guid', '=', parsed.data.line)
          .executeTakeFirst()
      : undefined
    if (!line) return err('not_found', CHANGE_CART_MESSAGES.gone)
    if (input.change === 'remove') {
      await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute()
      return ok({ message: CHANGE_CART_MESSAGES.removed(line.name) })
    }
    const quantity = parsed.data.quantity
    if (quantity === undefined) return err('invalid_input', CHANGE_CART_MESSAGES.badQuantity)
    const most = mostOfLine(line.kind, { membershipType: line.membership_type, maxQuantity: line.max_quantity ?? 1 })
    if (quantity > most) return err('conflict', CART_MESSAGES.tooMany(line.name, most))
    await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', line.id).execute()
    return ok({ message: CHANGE_CART_MESSAGES.updated })
  })
}
