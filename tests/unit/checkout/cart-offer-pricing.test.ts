import { describe, expect, it } from 'vitest'
import type { CartLineFacts, CartPriceOption } from '#server/checkout/cart-lines'
import { offerRuleOf, type CartOffer } from '#server/checkout/cart-offer'
import { priceCartNow } from '#server/checkout/cart-view'
import { OFFER_MESSAGES, type OfferRule } from '#server/checkout/offer-rules'
import type { Tenant } from '#server/tenancy/tenant'
import { readTenantSettings } from '#server/tenancy/tenant-settings'

const now = new Date('2026-11-25T15:00:00Z')

const tenant = (settings: Record<string, unknown> = {}): Tenant => ({
  id: 't1', tenantId: '1', orgId: 'demo', name: 'Demo', parentTenantId: null, customDomain: null, isMasterFranchise: false, isMaster: false,
  settings: readTenantSettings({ defaultCurrency: 'USD', timezone: 'America/New_York', ...settings }), updatedAt: now,
})

function option(priceMinor: number, changes: Partial<CartPriceOption> = {}): CartPriceOption {
  return {
    id: `o${priceMinor}`, guid: `og${priceMinor}`, name: 'Option', priceMinor, currency: 'USD', discountMinor: 0, isOtherPrice: false, otherPriceMinor: null, maxQuantity: 9,
    isTaxable: false, isChargeCardFees: false, membershipType: null, credits: null, frequency: null, billingDayOfMonth: null, isBillFromNextMonth: false,
    numberOfBillingCycles: null, registrationFeeMinor: 0, trial: null, isArchived: false, ...changes,
  }
}

function line(guid: string, kind: CartLineFacts['item']['kind'], priceMinor: number, quantity = 1, changes: Partial<CartPriceOption> = {}): CartLineFacts {
  return {
    guid, quantity, amountMinor: null,
    item: { id: `i-${guid}`, guid: `item-${guid}`, kind, name: guid, slug: guid, paymentType: 'PAID', stockQuantity: null, isOnSale: true },
    option: option(priceMinor, changes), event: null, isBundleShort: false, dropIn: null, classOccurrence: null, gift: null,
  }
}

const rule = (changes: Partial<OfferRule> = {}): OfferRule => ({
  code: 'SAVE', offerType: 'flat', discountType: 'percentage', discountPercent: 10, discountMinor: null, primaryItemCategory: 'item', primaryItemGuid: null,
  status: 'ACTIVE', validFrom: null, validUntil: null, usageLimit: null, timesUsed: 0, ...changes,
})
const offer = (changes: Partial<OfferRule> = {}): CartOffer => ({ code: changes.code ?? 'SAVE', found: { id: 'offer-1', rule: rule(changes) } })

describe('a cart priced with an offer code', () => {
  it('takes the discount off the line it covers, then works card fees and tax on what is left', () => {
    const priced = priceCartNow([line('block', 'product', 1800, 2, { isTaxable: true, isChargeCardFees: true })], tenant({ cardFees: 3, taxValue1: 10 }), now, { takesCards: true, offer: offer() })
    // 3600 less 10% is 3240; card fees 3% of 3240 = 97.2 → 97; tax 10% of 3337 = 333.7 → 334.
    expect(priced.totals).toEqual({ subtotalMinor: 3600, discountMinor: 360, cardFeesMinor: 97, taxMinor: 334, totalMinor: 3671 })
    expect(priced.appliedOffer).toEqual({ id: 'offer-1', code: 'SAVE' })
    expect(priced.offerRefusal).toBeNull()
    expect(priced.view.offer).toEqual({ code: 'SAVE', discountText: '-$3.60', message: null })
  })

  it('leaves the other lines as they were', () => {
    const priced = priceCartNow([line('course', 'course', 14900), line('mat', 'product', 6800)], tenant(), now, { takesCards: true, offer: offer({ discountType: 'amount', discountPercent: null, discountMinor: 2500, primaryItemCategory: 'product' }) })
    expect(priced.lines.map((entry) => entry.priced.discountMinor)).toEqual([0, 2500])
    expect(priced.totals.totalMinor).toBe(14900 + 6800 - 2500)
  })

  it('skips a free line of the category for the first one with something to take off', () => {
    const priced = priceCartNow([line('sticker', 'product', 0), line('mat', 'product', 6800)], tenant(), now, { takesCards: true, offer: offer({ discountType: 'amount', discountPercent: null, discountMinor: 500, primaryItemCategory: 'product' }) })
    expect(priced.offerRefusal).toBeNull()
    expect(priced.lines.map((entry) => entry.priced.discountMinor)).toEqual([0, 500])
  })

  it('a code nobody made, or one the cart does not meet, takes nothing and says why', () => {
    const unknown = priceCartNow([line('mat', 'product', 6800)], tenant(), now, { takesCards: true, offer: { code: 'NOPE', found: null } })
    expect(unknown.offerRefusal).toBe(OFFER_MESSAGES.unknown('NOPE'))
    expect(unknown.totals.discountMinor).toBe(0)
    expect(unknown.view.offer).toEqual({ code: 'NOPE', discountText: null, message: OFFER_MESSAGES.unknown('NOPE') })
    const elsewhere = priceCartNow([line('mat', 'product', 6800)], tenant(), now, { takesCards: true, offer: offer({ primaryItemCategory: 'membership' }) })
    expect(elsewhere.offerRefusal).toBe(OFFER_MESSAGES.notForThisItem)
    expect(elsewhere.appliedOffer).toBeNull()
  })

  it('is tried only on lines that can be bought: a line that cannot be sold online takes no discount', () => {
    const priced = priceCartNow([line('mat', 'product', 6800)], tenant(), now, { takesCards: false, offer: offer() })
    expect(priced.offerRefusal).toBe(OFFER_MESSAGES.notForThisItem)
    expect(priced.view.problems).toHaveLength(1)
  })

  it('makes a cart free with 100% off', () => {
    const priced = priceCartNow([line('mat', 'product', 6800, 1, { isTaxable: true })], tenant({ taxValue1: 8.875 }), now, { takesCards: true, offer: offer({ discountPercent: 100 }) })
    expect(priced.totals).toMatchObject({ discountMinor: 6800, taxMinor: 0, totalMinor: 0 })
  })
})

describe('a stored offer as the rules read it', () => {
  const row = {
    id: 'o1', tenant_id: 't1', guid: 'g1', code: 'WINTER', offer_type: 'flat' as const, discount_type: 'percentage' as const, discount_basis_points: 1250, discount_minor: null,
    currency: 'USD', primary_item_category: 'item' as const, primary_item_id: null, secondary_item_category: null, secondary_item_id: null, secondary_item_count: null,
    status: 'ACTIVE' as const, valid_from: '2026-12-01', valid_until: '2026-12-31', usage_limit: 10, times_used: 2, created_at: now, updated_at: now,
  }

  it("reads a percentage from basis points and the validity days as the studio's whole days", () => {
    const read = offerRuleOf(row, 'America/New_York')
    expect(read.discountPercent).toBe(12.5)
    // Midnight in New York (UTC-5 in winter) to the last millisecond of the last day.
    expect(read.validFrom?.toISOString()).toBe('2026-12-01T05:00:00.000Z')
    expect(read.validUntil?.toISOString()).toBe('2027-01-01T04:59:59.999Z')
    expect(offerRuleOf({ ...row, valid_from: null, valid_until: null, discount_type: 'amount', discount_basis_points: null, discount_minor: '2500' }, 'Asia/Kolkata')).toMatchObject({
      validFrom: null,
      validUntil: null,
      discountPercent: null,
      discountMinor: 2500,
    })
  })
})
