import { withTenant } from '#db/tenant-scope'
import { frequencyWord } from '#server/catalog/public/price-text'
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
  notRepeating: (every: string) => `Giving every ${every} cannot be set up online yet. Please give once, or contact us to give on repeat.`,
} as const

/**
 * A donor's gift into the cart (the Donate form of /donate/{id}): the campaign's rules decide
 * the amount and how often (donation-choice.ts, the same checks as the page). One gift per
 * campaign in a cart: giving again changes its amount. A gift on repeat needs a saved card and a
 * schedule this product does not run yet, so it is refused in words rather than taken once.
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
    if (choice.value.frequency === 'recurring') {
      const message = DONATE_MESSAGES.notRepeating(frequencyWord(campaign.recurringFrequency))
      return err('conflict', message, { frequency: message })
    }
    if (!takesCards) return err('conflict', CART_MESSAGES.notOnline(item.name), {})
    const { cartId, newToken } = await cartForAdding(trx, input)
    const held = await trx.selectFrom('cart_lines').select('id').where('cart_id', '=', cartId).where('item_id', '=', item.id).where('price_option_id', 'is', null).executeTakeFirst()
    if (held) await trx.updateTable('cart_lines').set({ amount_minor: choice.value.amountMinor, donation_frequency: 'one-time' }).where('id', '=', held.id).execute()
    else {
      await trx
        .insertInto('cart_lines')
        .values({ tenant_id: input.tenantId, cart_id: cartId, item_id: item.id, price_option_id: null, quantity: 1, amount_minor: choice.value.amountMinor, donation_frequency: 'one-time' })
        .execute()
    }
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute()
    return ok({ itemName: item.name, newToken })
  })
}
