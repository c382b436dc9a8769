import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { OfferItemCategory, OfferStatus } from '#db/tables/offers'
import { moneyText } from '#server/catalog/public/price-text'
import { formatPattern } from '#server/dates/date-pattern'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { OFFER_CATEGORY_LABELS, percentText } from './offer-form'
import { containsPattern } from '#server/text/like-pattern'

export const OFFER_PAGE_SIZE = 50

/** How the list filters by state: what staff mean by active and expired, dates included. */
export const OFFER_LIST_STATES = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'expired', label: 'Expired' },
] as const
export type OfferListState = (typeof OFFER_LIST_STATES)[number]['value']

export interface OfferListQuery {
  search: string
  state: OfferListState
  start: number
}

const querySchema = z.object({
  search: z.string().max(30).catch('').default(''),
  state: z.enum(['', 'active', 'disabled', 'expired']).catch('').default(''),
  start: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
})

export function parseOfferListQuery(params: URLSearchParams): OfferListQuery {
  const parsed = querySchema.parse(Object.fromEntries(['search', 'state', 'start'].flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : []))))
  return { search: withoutControlCharacters(parsed.search).trim(), state: parsed.state, start: parsed.start - (parsed.start % OFFER_PAGE_SIZE) }
}

export function offerListHref(query: OfferListQuery): string {
  const params = new URLSearchParams()
  if (query.search) params.set('search', query.search)
  if (query.state) params.set('state', query.state)
  if (query.start > 0) params.set('start', String(query.start))
  const text = params.toString()
  return text ? `/offers?${text}` : '/offers'
}

/** What an offer's row says of its state today. */
export type OfferRowState = 'active' | 'scheduled' | 'used-up' | 'disabled' | 'expired'

export interface OfferListRow {
  guid: string
  code: string
  discountText: string
  appliesTo: string
  validText: string
  usedText: string
  state: OfferRowState
  isBuyFirstAndGetOther: boolean
}

/** The state a person reads: a stored status, narrowed by today's date and the uses left. */
export function offerRowState(offer: { status: OfferStatus; validFrom: string | null; validUntil: string | null; usageLimit: number | null; timesUsed: number }, today: string): OfferRowState {
  if (offer.status === 'DISABLED') return 'disabled'
  if (offer.status === 'EXPIRED' || (offer.validUntil !== null && offer.validUntil < today)) return 'expired'
  if (offer.usageLimit !== null && offer.timesUsed >= offer.usageLimit) return 'used-up'
  if (offer.validFrom !== null && offer.validFrom > today) return 'scheduled'
  return 'active'
}


/**
 * One page of the tenant's offers, newest first, matched on the code. 'active' and 'expired'
 * read the dates against today in the studio's zone, so a code past its last day is listed
 * as expired whatever its stored status.
 */
export async function listOffers(database: Platform['database'], tenantId: string, query: OfferListQuery, today: string, language: Language = 'en'): Promise<{ rows: OfferListRow[]; total: number }> {
  const t = tFor(language, 'billing')
  return withTenant(database, tenantId, async (trx) => {
    let base = trx.selectFrom('offers').leftJoin('catalog_items', 'catalog_items.id', 'offers.primary_item_id')
    if (query.search) base = base.where('offers.code', 'like', containsPattern(query.search.toUpperCase()))
    if (query.state === 'disabled') base = base.where('offers.status', '=', 'DISABLED')
    if (query.state === 'expired') {
      base = base.where((eb) => eb.or([eb('offers.status', '=', 'EXPIRED'), eb.and([eb('offers.status', '=', 'ACTIVE'), eb('offers.valid_until', '<', today)])]))
    }
    if (query.state === 'active') {
      base = base.where('offers.status', '=', 'ACTIVE').where((eb) => eb.or([eb('offers.valid_until', 'is', null), eb('offers.valid_until', '>=', today)]))
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('offers')
        .select(['catalog_items.name as item_name'])
        .orderBy('offers.created_at', 'desc')
        .orderBy('offers.id')
        .offset(query.start)
        .limit(OFFER_PAGE_SIZE)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return {
      total: Number(count.total),
      rows: rows.map((row) => ({
        guid: row.guid,
        code: row.code,
        discountText:
          row.discount_type === 'percentage'
            ? t('percentOff', { percent: percentIn(row.discount_basis_points ?? 0, language) })
            : t('amountOff', { amount: moneyText(Number(row.discount_minor ?? 0), row.currency, language) }),
        appliesTo: appliesToText(row.primary_item_category, row.item_name, language),
        validText: validText(row.valid_from, row.valid_until, language),
        usedText: row.usage_limit === null ? t('usedCount', { used: row.times_used }) : t('usedOfLimit', { used: row.times_used, limit: row.usage_limit }),
        state: offerRowState({ status: row.status, validFrom: row.valid_from, validUntil: row.valid_until, usageLimit: row.usage_limit, timesUsed: row.times_used }, today),
        isBuyFirstAndGetOther: row.offer_type === 'buyFirstAndGetOther',
      })),
    }
  })
}

export function appliesToText(category: OfferItemCategory, itemName: string | null, language: Language = 'en'): string {
  if (itemName !== null) return itemName
  return language === 'en' ? OFFER_CATEGORY_LABELS[category] : tFor(language, 'billing')(`offerCategory_${category}`)
}

/** '12.5' in English, '12,5' where a comma marks the decimals. */
function percentIn(basisPoints: number, language: Language): string {
  const text = percentText(basisPoints)
  return language === 'en' ? text : text.replace('.', ',')
}

/**
 * 'Dec 1, 2026 – Dec 31, 2026', 'From Dec 1, 2026', 'Until Dec 31, 2026' or 'Always'; in
 * Turkish its own day-month order ('01 Ara 2026 tarihinden itibaren').
 */
export function validText(from: string | null, until: string | null, language: Language = 'en'): string {
  const t = tFor(language, 'billing')
  const day = (date: string) => {
    const noon = new Date(`${date}T12:00:00Z`)
    return language === 'en' ? noon.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : formatPattern(noon, 'UTC', 'DD MMM YYYY', language)
  }
  if (from && until) return t('validBetween', { from: day(from), until: day(until) })
  if (from) return t('validFromDay', { day: day(from) })
  if (until) return t('validUntilDay', { day: day(until) })
  return t('validAlways')
}
