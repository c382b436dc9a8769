import { withTenant } from '#db/tenant-scope'
import { parseDonationChoice, type DonationChoiceErrors } from '#server/catalog/public/donation-choice'
import { selectDonationDetails, selectPublicItems } from '#server/catalog/public/public-item-rows'
import { err, ok, type WordedResult } from '#server/errors/result'
import { takesCardPayments } from '#server/payments/card-payments'
import type { Platform } from '#server/platform'
import { CART_MESSAGES } from './cart-line-rules'
import { cartForAdding, type AddedToCart } from './cart-store'

export const DONATE_MESSAGES = {
  added: (name: string) => `Your gift to ${name} is in your cart.`,
  notFound: 'This campaign is no longer taking gifts.',
} as const

/**
 * A donor's gift into the cart (the Donate form of /donate/{id}): the campaign's rules decide
 * the amount, how often and for how long (donation-choice.ts, the same checks as the page). One
 * gift per campaign in a cart: giving again changes it. A gift on repeat is paid now and then
 * billed each period like a recurring membership (decision 137).
 */
export async function addDonationToCart(
  platform: Pick<Platform, 'database' | 'env'>,
  input: { tenantId: string; token: string | null; contactId: string | null; donationGuid: string; fields: FormData },
): Promise<WordedResult<AddedToCart, 'invalid_input' | 'not_found' | 'conflict', DonationChoiceErrors>> {
  const takesCards = await takesCardPayments(platform, input.tenantId)
  return withTenant(platform.database, input.tenantId, async (trx) => {
    const [item] = await selectPublicItems(trx, { kinds: ['donation'], guid: input.donationGuid })
    const [campaign] = item ? await selectDonationDetails(trx, [item.id]) : []
    if (!item || !campaign) return err('not_found', DONATE_MESSAGES.notFound, {})
    const choice = parseDonationChoice(input.fields, campaign)
    if (!choice.ok) return choice
    if (!takesCards) return err('conflict', CART_MESSAGES.notOnline(item.name), {})
    const { cartId, newToken } = await cartForAdding(trx, input)
    const held = await trx.selectFrom('cart_lines').select('id').where('cart_id', '=', cartId).where('item_id', '=', item.id).where('price_option_id', 'is', null).executeTakeFirst()
    const gift = { amount_minor: choice.value.amountMinor, donation_frequency: choice.value.frequency, gift_years: choice.value.frequency === 'recurring' ? choice.value.years : null }
    if (held) await trx.updateTable('cart_lines').set(gift).where('id', '=', held.id).execute()
    else await trx.insertInto('cart_lines').values({ tenant_id: input.tenantId, cart_id: cartId, item_id: item.id, price_option_id: null, quantity: 1, ...gift }).execute()
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute()
    return ok({ itemName: item.name, newToken })
  })
}
