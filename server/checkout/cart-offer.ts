import type { TenantExecutor } from '#db/tenant-scope'
import type { OffersTable } from '#db/tables/offers'
import type { Selectable } from 'kysely'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import { ZoneClock } from '#server/catalog/zone-clock'
import { SaleRefused } from './fulfil-line'
import { normaliseOfferCode, OFFER_MESSAGES, type OfferRule } from './offer-rules'

/** The offer a cart names: its code as applied, and the stored offer when the code is one. */
export interface CartOffer {
  code: string
  found: { id: string; rule: OfferRule } | null
}

/** A stored offer as the rules read it: its days become instants in the studio's zone (the last day included to its end). */
export function offerRuleOf(row: Selectable<OffersTable>, timeZone: string): OfferRule {
  const clock = new ZoneClock(timeZone)
  const from = row.valid_from === null ? null : parseCalendarDate(row.valid_from)
  const until = row.valid_until === null ? null : parseCalendarDate(row.valid_until)
  return {
    code: row.code,
    offerType: row.offer_type,
    discountType: row.discount_type,
    discountPercent: row.discount_basis_points === null ? null : row.discount_basis_points / 100,
    discountMinor: row.discount_minor === null ? null : Number(row.discount_minor),
    primaryItemCategory: row.primary_item_category,
    primaryItemGuid: null,
    status: row.status,
    validFrom: from === null ? null : new Date(clock.instantMs(from, 0)),
    validUntil: until === null ? null : new Date(clock.instantMs(until + 1, 0) - 1),
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
  }
}

/** The offer a code names in this tenant, with the item it is for; `found` is null for a code nobody made. */
export async function loadCartOffer(trx: TenantExecutor, code: string | null, timeZone: string): Promise<CartOffer | null> {
  if (code === null || code === '') return null
  const normalised = normaliseOfferCode(code)
  const row = await trx
    .selectFrom('offers')
    .leftJoin('catalog_items', 'catalog_items.id', 'offers.primary_item_id')
    .selectAll('offers')
    .select('catalog_items.guid as item_guid')
    .where('offers.code', '=', normalised)
    .executeTakeFirst()
  if (!row) return { code: normalised, found: null }
  const { item_guid: itemGuid, ...offer } = row
  return { code: normalised, found: { id: offer.id, rule: { ...offerRuleOf(offer, timeZone), primaryItemGuid: itemGuid } } }
}

/** The offer code a cart holds, read as loadCartOffer reads it. */
export async function loadOfferOfCart(trx: TenantExecutor, cartId: string, timeZone: string): Promise<CartOffer | null> {
  const cart = await trx.selectFrom('carts').select('offer_code').where('id', '=', cartId).executeTakeFirst()
  return loadCartOffer(trx, cart?.offer_code ?? null, timeZone)
}

/**
 * Counts one use of the offer inside the sale's transaction. The row's own check keeps the
 * count within the limit: of two sales racing for the last use, the second waits for the
 * first, finds no use left, and is refused with the buyer's words.
 */
export async function takeOfferUse(trx: TenantExecutor, offerId: string, code: string): Promise<void> {
  const taken = await trx
    .updateTable('offers')
    .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
    .where('id', '=', offerId)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .returning('id')
    .executeTakeFirst()
  if (!taken) throw new SaleRefused(OFFER_MESSAGES.usedUp(code))
}

/** Gives back the use a sale took when the sale is undone (a payment refunded before anything was given). */
export async function giveOfferUseBack(trx: TenantExecutor, offerId: string | null): Promise<void> {
  if (offerId === null) return
  await trx
    .updateTable('offers')
    .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
    .where('id', '=', offerId)
    .where('times_used', '>', 0)
    .execute()
}
