import { frequencySuffix, moneyText } from '#server/catalog/public/price-text'
import { eventHref, merchandiseHref } from '#server/catalog/public/public-item-pages'
import type { Tenant } from '#server/tenancy/tenant'
import type { CartLineFacts, CartPriceOption } from './cart-lines'
import { CART_MESSAGES, dueNowPerUnit, lineProblem, mostOfLine, pricingInputOf, type SaleChannel } from './cart-line-rules'
import { LONG_DATE_PATTERNS, TIME_PATTERNS } from '#server/dates/date-formats'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { formatPattern } from '#server/dates/date-pattern'
import { signupPathFor } from '#server/shell/landing-path'
import type { CartOffer } from './cart-offer'
import { applyOffer, OFFER_MESSAGES } from './offer-rules'
import { priceCart, type CartTotals, type PricedLine } from './pricing'

export interface CartLineView {
  guid: string
  itemName: string
  /** The price option's name when it says more than the item's. */
  optionName: string | null
  href: string | null
  quantity: number
  /** 1 where the quantity cannot change. */
  maxQuantity: number
  unitPriceText: string
  /** The line's price before the offer, card fees and tax, which the totals below the lines take and add: the lines add up to the subtotal. */
  amountText: string
  /** 'Then $129.00 / month, from Dec 1, 2026' for a recurring membership. */
  laterText: string | null
  problem: string | null
}

/** The offer code on a cart: what it takes off, or why it takes nothing. */
export interface CartOfferView {
  code: string
  /** '-$10.00' when it applies; null when refused. */
  discountText: string | null
  /** Why the code takes nothing off (the buyer's words); null when it applies. */
  message: string | null
}

export interface CartView {
  lines: CartLineView[]
  currency: string
  offer: CartOfferView | null
  totals: { subtotal: string; discount: string | null; discountLabel: string; cardFees: string | null; tax: string | null; taxLabel: string; total: string; totalMinor: number }
  /** Nothing in the cart can be bought until these are put right. */
  problems: string[]
}

/** The totals' discount row names the code that gave it: 'Discount (WELCOME10)'. */
export function discountLabelFor(code: string | null, language: Language = 'en'): string {
  const t = tFor(language, 'checkout')
  return code ? t('discountWithCode', { code }) : t('discount')
}

/** A line checkout can price: on sale with a live option. */
export type PricedFacts = CartLineFacts & { option: CartPriceOption }

export interface PricedCart {
  view: CartView
  lines: Array<{ facts: PricedFacts; priced: PricedLine }>
  totals: CartTotals
  currency: string
  /** The offer that took something off, to count its use and name it on the invoice. */
  appliedOffer: { id: string; code: string } | null
  /** Why the cart's offer code takes nothing off; a sale is refused with it until the code is removed. */
  offerRefusal: string | null
}

export interface PriceCartOptions {
  channel?: SaleChannel
  takesCards?: boolean
  /** The offer code the cart holds (cart-offer.ts), tried against the lines that can be bought. */
  offer?: CartOffer | null
  /** The language of the words, money and dates (English unless given). */
  language?: Language
}

/** Where a line's item is shown to visitors, so the cart can link back to it. */
function itemHref(line: CartLineFacts): string | null {
  switch (line.item.kind) {
    case 'course':
      return `/courses/details/${encodeURIComponent(line.item.slug)}`
    case 'event':
      return eventHref(line.item.slug)
    case 'product':
    case 'bundle':
      return merchandiseHref(line.item.slug)
    case 'class': {
      const occurrence = line.classOccurrence?.occurrence
      return occurrence ? signupPathFor({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime, scheduleId: occurrence.scheduleId }) : null
    }
    default:
      return null
  }
}

/** The option's name as the cart shows it; a class drop-in adds when its class is ('Drop-in, Monday, November 30, 2026 at 07:00 AM'). */
function optionNameOf(line: CartLineFacts, timeZone: string, language: Language): string | null {
  const option = line.option
  const start = line.classOccurrence?.occurrence.start
  if (line.item.kind === 'class' && start) {
    const when = tFor(language, 'checkout')('dateAtTime', { date: formatPattern(start, timeZone, LONG_DATE_PATTERNS[language], language), time: formatPattern(start, timeZone, TIME_PATTERNS[language], language) })
    return option ? `${option.name}, ${when}` : when
  }
  return option && option.name !== line.item.name ? option.name : null
}

/**
 * The cart priced now from the catalog as it is (spec 002 section 5 pricing, in the tenant's
 * card fees and tax), with each line's problem in words: a sold-out product, a closed event, a
 * price that cannot be paid online. A line with a problem is priced at nothing.
 */
export function priceCartNow(facts: readonly CartLineFacts[], tenant: Tenant, now: Date, options: PriceCartOptions = {}): PricedCart {
  const { channel = 'online', takesCards = false, offer = null, language = 'en' } = options
  const t = tFor(language, 'checkout')
  const words = (message: string) => translateMessage(language, message)
  const currency = facts.find((line) => line.option)?.option?.currency ?? (tenant.settings.defaultCurrency || 'USD')
  const problems: string[] = []
  const sellable: PricedFacts[] = []
  const problemByGuid = new Map<string, string>()
  for (const line of facts) {
    const problem = lineProblem(line, now, channel, takesCards) ?? (line.option && line.option.currency !== currency ? CART_MESSAGES.currencies : null)
    if (problem) {
      problemByGuid.set(line.guid, problem)
      if (!problems.includes(problem)) problems.push(problem)
    } else if (line.option) sellable.push({ ...line, option: line.option })
  }
  const rates = { cardFeePercent: tenant.settings.cardFees, taxPercent: tenant.settings.taxValue1 }
  const inputs = sellable.map(pricingInputOf)
  let { lines: pricedLines, totals } = priceCart(inputs, rates)
  // The offer is tried on the prices due now, then the cart is priced again with its discount on the line it chose.
  let offerRefusal: string | null = null
  let appliedOffer: PricedCart['appliedOffer'] = null
  if (offer) {
    const applied = offer.found
      ? applyOffer(
          offer.found.rule,
          sellable.map((line, index) => ({ itemGuid: line.item.guid, category: line.item.kind, amountDueMinor: pricedLines[index]!.priceMinor })),
          now,
        )
      : null
    if (applied?.ok) {
      inputs[applied.value.lineIndex] = { ...inputs[applied.value.lineIndex]!, offerDiscountMinor: applied.value.discountMinor }
      ;({ lines: pricedLines, totals } = priceCart(inputs, rates))
      appliedOffer = { id: offer.found!.id, code: offer.code }
    } else {
      offerRefusal = applied ? applied.message : OFFER_MESSAGES.unknown(offer.code)
    }
  }
  const pricedByGuid = new Map(sellable.map((line, index) => [line.guid, pricedLines[index]!]))
  const money = (minor: number) => moneyText(minor, currency, language)
  const lines = facts.map((line): CartLineView => {
    const priced = pricedByGuid.get(line.guid)
    const option = line.option
    return {
      guid: line.guid,
      itemName: line.item.name,
      optionName: optionNameOf(line, tenant.settings.timezone, language),
      href: itemHref(line),
      quantity: line.quantity,
      maxQuantity: option ? Math.max(1, Math.min(9, mostOfLine(line.item.kind, option))) : 1,
      unitPriceText: option ? (option.priceMinor - option.discountMinor <= 0 && option.registrationFeeMinor === 0 ? t('free') : money(dueNowPerUnit(option))) : '',
      amountText: priced ? (priced.priceMinor === 0 ? t('free') : money(priced.priceMinor)) : '',
      laterText: priced?.subscription && option?.frequency ? t('thenAmount', { amount: `${money(priced.subscription.totalMinor)}${frequencySuffix(option.frequency, language)}` }) : null,
      problem: words(problemByGuid.get(line.guid) ?? '') || null,
    }
  })
  const view: CartView = {
    lines,
    currency,
    offer: offer ? { code: offer.code, discountText: appliedOffer ? `-${money(totals.discountMinor)}` : null, message: offerRefusal === null ? null : words(offerRefusal) } : null,
    totals: {
      subtotal: money(totals.subtotalMinor),
      discount: totals.discountMinor > 0 ? `-${money(totals.discountMinor)}` : null,
      discountLabel: discountLabelFor(appliedOffer?.code ?? null, language),
      cardFees: totals.cardFeesMinor > 0 ? money(totals.cardFeesMinor) : null,
      tax: totals.taxMinor > 0 ? money(totals.taxMinor) : null,
      taxLabel: tenant.settings.taxLabel1.trim() || t('tax'),
      total: money(totals.totalMinor),
      totalMinor: totals.totalMinor,
    },
    problems: problems.map(words),
  }
  return { view, lines: sellable.map((facts, index) => ({ facts, priced: pricedLines[index]! })), totals, currency, appliedOffer, offerRefusal }
}
