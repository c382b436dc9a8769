import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { CatalogItemKind } from '#db/tables/catalog'
import type { OfferItemCategory } from '#db/tables/offers'
import { OFFER_ITEM_CATEGORIES, offerCategoryCovers } from '#server/checkout/offer-rules'
import { violates } from '#server/errors/constraint-violation'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { OFFER_FORM_MESSAGES as M, type OfferFormErrors, type OfferInput } from './offer-form'

/** A stored offer as its screen shows and edits it. */
export interface StoredOffer extends OfferInput {
  guid: string
  currency: string
  timesUsed: number
  primaryItemName: string | null
  secondaryItemName: string | null
}

/** Items of one kind staff may name on an offer, with the categories whose offers reach them. */
export interface OfferItemGroup {
  label: string
  categories: OfferItemCategory[]
  choices: Array<{ guid: string; name: string }>
}

/** Kinds an offer may name, in the order the form lists them, with the 'billing' word of each: a donation is never discounted (offer-rules.ts). */
const OFFERABLE_KINDS = [
  ['course', 'kindCourses'], ['class', 'kindClasses'], ['event', 'kindEvents'], ['product', 'kindMerchandise'], ['bundle', 'kindBundles'], ['membership', 'kindMemberships'],
] as const satisfies ReadonlyArray<readonly [CatalogItemKind, string]>
const isOfferable = (kind: CatalogItemKind) => OFFERABLE_KINDS.some(([offerable]) => offerable === kind)

/** Items staff may name on an offer: everything not archived, by kind and name (the page narrows them to the chosen category). */
export async function loadOfferItemGroups(database: Platform['database'], tenantId: string, language: Language = 'en'): Promise<OfferItemGroup[]> {
  const t = tFor(language, 'billing')
  const rows = await withTenant(database, tenantId, (trx) =>
    trx
      .selectFrom('catalog_items')
      .select(['guid', 'name', 'kind'])
      .where('kind', 'in', OFFERABLE_KINDS.map(([kind]) => kind))
      .where('is_archived', '=', false)
      .orderBy('sort_name')
      .limit(2000)
      .execute(),
  )
  return OFFERABLE_KINDS.flatMap(([kind, word]) => {
    const choices = rows.filter((row) => row.kind === kind).map((row) => ({ guid: row.guid, name: row.name }))
    if (choices.length === 0) return []
    return [{ label: t(word), categories: OFFER_ITEM_CATEGORIES.filter((category) => offerCategoryCovers(category, kind)), choices }]
  })
}

/** One offer by guid in this tenant, or null (another tenant's guid reads as missing). */
export async function loadOffer(database: Platform['database'], tenantId: string, guid: string): Promise<StoredOffer | null> {
  const row = await withTenant(database, tenantId, (trx) =>
    trx
      .selectFrom('offers')
      .leftJoin('catalog_items as primary_item', 'primary_item.id', 'offers.primary_item_id')
      .leftJoin('catalog_items as secondary_item', 'secondary_item.id', 'offers.secondary_item_id')
      .selectAll('offers')
      .select(['primary_item.guid as primary_guid', 'primary_item.name as primary_name', 'secondary_item.guid as secondary_guid', 'secondary_item.name as secondary_name'])
      .where('offers.guid', '=', guid)
      .executeTakeFirst(),
  )
  if (!row) return null
  return {
    guid: row.guid,
    code: row.code,
    offerType: row.offer_type,
    discountType: row.discount_type,
    discountBasisPoints: row.discount_basis_points,
    discountMinor: row.discount_minor === null ? null : Number(row.discount_minor),
    currency: row.currency,
    primaryItemCategory: row.primary_item_category,
    primaryItemGuid: row.primary_guid,
    primaryItemName: row.primary_name,
    secondaryItemCategory: row.secondary_item_category,
    secondaryItemGuid: row.secondary_guid,
    secondaryItemName: row.secondary_name,
    secondaryItemCount: row.secondary_item_count,
    status: row.status,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
  }
}

export type SaveOfferResult = WordedResult<{ guid: string; created: boolean }, 'invalid_input' | 'conflict' | 'not_found', OfferFormErrors>

/**
 * Adds an offer (guid null) or changes one. The named items must be this tenant's, not
 * archived, and of a kind the category covers; the code must be free; a usage limit may not
 * fall below the uses already made. A refusal says which field and writes nothing.
 */
export async function saveOffer(platform: Pick<Platform, 'database'>, tenant: Tenant, guid: string | null, input: OfferInput, now: Date): Promise<SaveOfferResult> {
  const refuse = (field: keyof OfferFormErrors, message: string, error: 'invalid_input' | 'conflict' = 'invalid_input'): SaveOfferResult =>
    err(error, M.fixErrors, { [field]: message })
  try {
    return await withTenant(platform.database, tenant.id, async (trx): Promise<SaveOfferResult> => {
      const existing = guid ? await trx.selectFrom('offers').select(['id', 'times_used']).where('guid', '=', guid).forUpdate().executeTakeFirst() : null
      if (guid && !existing) return err('not_found', M.gone, {})
      const primary = await itemFor(trx, input.primaryItemGuid, input.primaryItemCategory)
      if (primary === 'gone') return refuse('primaryItem', M.itemGone)
      if (primary === 'mismatch') return refuse('primaryItem', M.itemNotInCategory)
      const secondary = await itemFor(trx, input.secondaryItemGuid, input.secondaryItemCategory ?? 'item')
      if (secondary === 'gone') return refuse('secondaryItem', M.itemGone)
      if (secondary === 'mismatch') return refuse('secondaryItem', M.itemNotInCategory)
      if (existing && input.usageLimit !== null && input.usageLimit < existing.times_used) return refuse('usageLimit', M.usageBelowUsed(existing.times_used))
      const columns = {
        code: input.code,
        offer_type: input.offerType,
        discount_type: input.discountType,
        discount_basis_points: input.discountType === 'percentage' ? input.discountBasisPoints : null,
        discount_minor: input.discountType === 'amount' ? input.discountMinor : null,
        currency: tenant.settings.defaultCurrency || 'USD',
        primary_item_category: input.primaryItemCategory,
        primary_item_id: primary,
        secondary_item_category: input.secondaryItemCategory,
        secondary_item_id: secondary,
        secondary_item_count: input.secondaryItemCount,
        status: input.status,
        valid_from: input.validFrom,
        valid_until: input.validUntil,
        usage_limit: input.usageLimit,
        updated_at: now,
      }
      if (existing) {
        await trx.updateTable('offers').set(columns).where('id', '=', existing.id).execute()
        return ok({ guid: guid!, created: false })
      }
      const created = await trx.insertInto('offers').values({ tenant_id: tenant.id, ...columns }).returning('guid').executeTakeFirstOrThrow()
      return ok({ guid: created.guid, created: true })
    })
  } catch (error) {
    if (violates(error, 'offers_code_per_tenant')) return refuse('code', M.codeTaken(input.code), 'conflict')
    // Two saves at once: the other raised the uses past the new limit after it was checked.
    if (violates(error, 'offers_use_within_limit')) return refuse('usageLimit', M.usageLimit, 'conflict')
    throw error
  }
}

/** The id of a named item that fits the category, null for none named, or why it cannot be used. */
async function itemFor(trx: TenantExecutor, itemGuid: string | null, category: OfferItemCategory): Promise<string | null | 'gone' | 'mismatch'> {
  if (itemGuid === null) return null
  const item = await trx.selectFrom('catalog_items').select(['id', 'kind']).where('guid', '=', itemGuid).where('is_archived', '=', false).executeTakeFirst()
  if (!item || !isOfferable(item.kind)) return 'gone'
  return offerCategoryCovers(category, item.kind) ? item.id : 'mismatch'
}

/** Deletes an offer; sales that used it keep their code and discount. Null when it is not this tenant's. */
export async function deleteOffer(platform: Pick<Platform, 'database'>, tenantId: string, guid: string): Promise<{ code: string } | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.deleteFrom('offers').where('guid', '=', guid).returning('code').executeTakeFirst())
  return row ?? null
}
