import { data, type AppLoadContext } from '@remix-run/node'
import { requirePermission, type GuardAccess } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { parseItemGuid } from '#server/catalog/items/item-guid'
import { tenantToday } from '#server/dates/tenant-today'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { blankOfferFormValues, OFFER_FORM_MESSAGES, offerFormValuesOf, parseOfferForm, type OfferFormErrors, type OfferFormValues } from '#server/offers/offer-form'
import { listOffers, offerListHref, offerRowState, parseOfferListQuery, OFFER_PAGE_SIZE } from '#server/offers/offer-list'
import { deleteOffer, loadOffer, loadOfferItemGroups, saveOffer } from '#server/offers/offer-store'
import { offerPath, OFFERS_PATH } from '#server/offers/offer-paths'

/** Offers are for admins, and for Staff and FrontDesk as the Roles screen's Offers card grants (403 otherwise). */
export function requireOffersRole(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  return requirePermission(request, context, 'showOffers')
}

/** /offers: one page of the tenant's codes with the filter that made it. */
export async function loadOfferListScreen(access: GuardAccess, request: Request, context: AppLoadContext) {
  const query = parseOfferListQuery(new URL(request.url).searchParams)
  const page = await listOffers(context.platform.database, access.tenant.id, query, tenantToday(context.platform, access.tenant), context.language)
  return {
    title: tFor(context.language, 'billing')('offers'),
    query,
    total: page.total,
    rows: page.rows,
    first: page.total === 0 ? 0 : query.start + 1,
    last: Math.min(page.total, query.start + OFFER_PAGE_SIZE),
    previousHref: query.start > 0 ? offerListHref({ ...query, start: Math.max(0, query.start - OFFER_PAGE_SIZE) }) : null,
    nextHref: query.start + OFFER_PAGE_SIZE < page.total ? offerListHref({ ...query, start: query.start + OFFER_PAGE_SIZE }) : null,
  }
}

/** The add (guid null) or edit screen's data; another tenant's or a made-up guid is a 404. */
export async function loadOfferEditorScreen(access: GuardAccess, context: AppLoadContext, unverifiedGuid: string | null) {
  const { tenant } = access
  let offer: Awaited<ReturnType<typeof loadOffer>> = null
  if (unverifiedGuid !== null) {
    const guid = parseItemGuid(unverifiedGuid)
    offer = guid ? await loadOffer(context.platform.database, tenant.id, guid) : null
    if (!offer) throw notFound()
  }
  const today = tenantToday(context.platform, tenant)
  const t = tFor(context.language, 'billing')
  return {
    title: offer ? t('offer') : t('addOffer'),
    offer: offer ? { guid: offer.guid, code: offer.code, timesUsed: offer.timesUsed, state: offerRowState(offer, today) } : null,
    values: offer ? offerFormValuesOf(offer) : blankOfferFormValues(),
    currency: tenant.settings.defaultCurrency || 'USD',
    groups: await loadOfferItemGroups(context.platform.database, tenant.id, context.language),
  }
}

export type OfferEditorActionData = { values: OfferFormValues; errors: OfferFormErrors; formError: string }

/**
 * Saves the form (add or edit) or deletes the offer; a refused post answers 400 with every
 * message, in the page's language, and writes nothing. Toasts are made in English and
 * translated by the layout.
 */
export async function offerEditorAction(access: GuardAccess, request: Request, context: AppLoadContext, unverifiedGuid: string | null) {
  const { tenant } = access
  let guid: string | null = null
  if (unverifiedGuid !== null) {
    guid = parseItemGuid(unverifiedGuid)
    if (!guid || !(await loadOffer(context.platform.database, tenant.id, guid))) throw notFound()
  }
  const form = await request.formData()
  if (guid !== null && form.get('intent') === 'delete') {
    const deleted = await deleteOffer(context.platform, tenant.id, guid)
    if (!deleted) throw notFound()
    return redirectWithToast(OFFERS_PATH, { type: 'success', message: OFFER_FORM_MESSAGES.deleted(deleted.code) })
  }
  const currency = tenant.settings.defaultCurrency || 'USD'
  const parsed = parseOfferForm(form, currency)
  const words = (message: string) => translateMessage(context.language, message)
  if (!parsed.ok) return data<OfferEditorActionData>({ values: parsed.details.values, errors: translateMessages(context.language, parsed.details.errors), formError: words(parsed.message) }, { status: 400 })
  const { input, values } = parsed.value
  const saved = await saveOffer(context.platform, tenant, guid, input, context.platform.clock.now())
  if (!saved.ok) {
    if (saved.error === 'not_found') throw notFound()
    return data<OfferEditorActionData>({ values, errors: translateMessages(context.language, saved.details), formError: words(saved.message) }, { status: saved.error === 'conflict' ? 409 : 400 })
  }
  const message = saved.value.created ? OFFER_FORM_MESSAGES.created(input.code) : OFFER_FORM_MESSAGES.saved(input.code)
  return redirectWithToast(offerPath(saved.value.guid), { type: 'success', message })
}
