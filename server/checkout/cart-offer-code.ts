import { z } from 'zod'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { resolveCart } from './account-cart'
import type { SaleChannel } from './cart-line-rules'
import { selectCartLines } from './cart-lines'
import { loadCartOffer } from './cart-offer'
import { findCartId } from './cart-store'
import { priceCartNow } from './cart-view'
import { normaliseOfferCode } from './offer-rules'

export const OFFER_CODE_MESSAGES = {
  required: 'Enter an offer code.',
  tooLong: 'An offer code is at most 30 characters.',
  empty: 'Add something to your cart before an offer code.',
  shape: 'An offer code has only letters, digits, hyphens and underscores.',
  applied: (code: string) => `Offer code '${code}' is applied.`,
  removed: 'The offer code is removed.',
} as const

const codeSchema = z
  .string({ required_error: OFFER_CODE_MESSAGES.required })
  .trim()
  .min(1, OFFER_CODE_MESSAGES.required)
  .max(30, OFFER_CODE_MESSAGES.tooLong)
  .regex(/^[A-Za-z0-9_-]+$/, OFFER_CODE_MESSAGES.shape)

/** Finds the cart the request names inside the transaction (checkout's own cart, or the till's). */
export type CartLocator = (trx: TenantExecutor) => Promise<string | null>

/** The visitor's or signed-in buyer's cart at /checkout. */
export const checkoutCartOf = (token: string | null, contactId: string | null): CartLocator => async (trx) => (await resolveCart(trx, { token, contactId })).cartId

/** The sale being rung up at this desk. */
export const tillCartOf = (token: string | null): CartLocator => (trx) => findCartId(trx, token)

/**
 * Puts an offer code on a cart once it takes something off the cart as it is now; a code
 * that does not is refused with the buyer's words and the cart keeps what it had. The code is
 * checked again whenever the cart is priced, and counted only when the sale is made.
 */
export async function applyCartOfferCode(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  input: { locate: CartLocator; code: unknown; now: Date; channel: SaleChannel; takesCards: boolean },
): Promise<WordedResult<{ code: string; message: string }, 'invalid_input' | 'conflict'>> {
  const parsed = codeSchema.safeParse(input.code)
  if (!parsed.success) return err('invalid_input', parsed.error.issues[0]?.message ?? OFFER_CODE_MESSAGES.required)
  const code = normaliseOfferCode(parsed.data)
  return withTenant(platform.database, tenant.id, async (trx) => {
    const cartId = await input.locate(trx)
    const facts = cartId ? await selectCartLines(trx, cartId) : []
    if (!cartId || facts.length === 0) return err('conflict', OFFER_CODE_MESSAGES.empty)
    const offer = await loadCartOffer(trx, code, tenant.settings.timezone)
    const priced = priceCartNow(facts, tenant, input.now, { channel: input.channel, takesCards: input.takesCards, offer })
    if (priced.offerRefusal !== null) return err('invalid_input', priced.offerRefusal)
    await trx.updateTable('carts').set({ offer_code: code, updated_at: input.now }).where('id', '=', cartId).execute()
    return ok({ code, message: OFFER_CODE_MESSAGES.applied(code) })
  })
}

/** Takes the offer code off the cart. */
export async function removeCartOfferCode(platform: Pick<Platform, 'database'>, tenantId: string, input: { locate: CartLocator; now: Date }): Promise<void> {
  await withTenant(platform.database, tenantId, async (trx) => {
    const cartId = await input.locate(trx)
    if (cartId) await trx.updateTable('carts').set({ offer_code: null, updated_at: input.now }).where('id', '=', cartId).execute()
  })
}
