import { data, type AppLoadContext } from '@remix-run/node'
import { notFound } from '#server/errors/responses'
import { readUploadForm } from '#server/files/read-upload-form'
import { setItemArchived } from '#server/catalog/items/archive-item'
import { ITEM_TOASTS } from '#server/catalog/items/item-toasts'
import { blankItemFormValues, ITEM_FORM_MESSAGES, parseItemForm, type ItemFormValues } from '#server/catalog/items/item-form'
import { parseItemGuid } from '#server/catalog/items/item-guid'
import { ITEM_KIND_SCREENS, itemPath, type EditedItemKind } from '#server/catalog/items/item-kinds'
import { itemListHref, parseItemListQuery } from '#server/catalog/items/item-list-query'
import { listItems } from '#server/catalog/items/list-items'
import { loadEditorChoices, loadItem } from '#server/catalog/items/load-item'
import { saveItem } from '#server/catalog/items/save-item.server'
import { formatMoney } from '#server/catalog/items/format-money'
import { LANGUAGE_LOCALES } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { requireModule, requirePermission, requireStaff, type GuardAccess } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

/**
 * The role guard of one kind's staff screens: signed-in staff, with the Roles-screen
 * permission the kind needs (403 without it). Routes call requireModule for the kind's module
 * right after it (404 while off); the helpers below check the module again.
 */
export async function requireItemRole(request: Request, context: AppLoadContext, kind: EditedItemKind): Promise<GuardAccess> {
  const screen = ITEM_KIND_SCREENS[kind]
  return screen.permission ? await requirePermission(request, context, screen.permission) : await requireStaff(request, context)
}

/** The list screen's data: one page of the kind's items with the query that made it. */
export async function loadItemListScreen(access: GuardAccess, request: Request, context: AppLoadContext, kind: EditedItemKind) {
  requireModule(context, ITEM_KIND_SCREENS[kind].module)
  const { tenant } = access
  const query = parseItemListQuery(new URL(request.url).searchParams)
  const page = await listItems(context.platform, tenant, kind, query)
  const currency = tenant.settings.defaultCurrency
  const locale = LANGUAGE_LOCALES[context.language]
  const screen = ITEM_KIND_SCREENS[kind]
  return {
    title: tFor(context.language, 'catalog')(`${kind}_plural`),
    screen: { kind, path: screen.path, singular: screen.singular, plural: screen.plural },
    query,
    total: page.total,
    previousHref: query.start > 0 ? itemListHref(screen.path, { ...query, start: Math.max(0, query.start - query.max) }) : null,
    nextHref: query.start + query.max < page.total ? itemListHref(screen.path, { ...query, start: query.start + query.max }) : null,
    rows: page.rows.map((row) => ({
      guid: row.guid,
      name: row.name,
      slug: row.slug,
      isPublished: row.isPublished,
      isArchived: row.isArchived,
      paymentType: row.paymentType,
      stockQuantity: row.stockQuantity,
      price: row.fromPriceMinor === null ? null : formatMoney(row.fromPriceMinor, currency, locale),
      priceOptionCount: row.priceOptionCount,
      coverUrl: row.coverUrl,
      goal: row.goalMinor === null ? null : formatMoney(row.goalMinor, currency, locale),
      bundleQuantity: row.bundleQuantity,
    })),
  }
}

/** The editor screen's data: the item (or a blank one for /new) and the kind's choices. */
export async function loadItemEditorScreen(access: GuardAccess, context: AppLoadContext, kind: EditedItemKind, unverifiedGuid: string | null) {
  requireModule(context, ITEM_KIND_SCREENS[kind].module)
  const { tenant } = access
  const screen = ITEM_KIND_SCREENS[kind]
  let item: Awaited<ReturnType<typeof loadItem>> = null
  if (unverifiedGuid !== null) {
    const guid = parseItemGuid(unverifiedGuid)
    item = guid ? await loadItem(context.platform, tenant, kind, guid, tenant.settings.timezone) : null
    if (!item) throw notFound()
  }
  const choices = await loadEditorChoices(context.platform, tenant, kind, item?.guid ?? null)
  const values: ItemFormValues = item?.values ?? blankItemFormValues(kind)
  const t = tFor(context.language, 'catalog')
  return {
    title: item ? t(`${kind}_edit`) : t(`${kind}_add`),
    screen: { kind, path: screen.path, singular: screen.singular, plural: screen.plural, allowsMemberships: screen.allowsMemberships },
    currency: tenant.settings.defaultCurrency,
    item: item ? { guid: item.guid, name: item.name, slug: item.slug, isArchived: item.isArchived, isPublished: item.isPublished, coverUrl: item.coverUrl, gallery: item.gallery } : null,
    values,
    suppliers: choices.suppliers,
    products: choices.products,
    isAddressNeededForEvent: tenant.settings.isAddressNeededForEvent,
    timeZone: tenant.settings.timezone,
  }
}

/** The form's messages in the page's language: they are written in English where they are made. */
function messagesIn(language: AppLoadContext['language'], errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages.map((message) => translateMessage(language, message))]))
}

export type ItemEditorActionData = { values: ItemFormValues; errors: Record<string, string[]>; formError: string | null }

/**
 * The editor's post for a new item (guid null) or an existing one: archive and restore, the
 * 'Add price option' and remove buttons of a form posted without JavaScript, or a save.
 * An invalid post answers 400 with the values and messages and writes nothing.
 */
export async function itemEditorAction(access: GuardAccess, request: Request, context: AppLoadContext, kind: EditedItemKind, unverifiedGuid: string | null) {
  requireModule(context, ITEM_KIND_SCREENS[kind].module)
  const { tenant, user } = access
  let guid: string | null = null
  if (unverifiedGuid !== null) {
    guid = parseItemGuid(unverifiedGuid)
    // Another tenant's item is not there at all: a 404 before any word about the form.
    if (!guid || !(await loadItem(context.platform, tenant, kind, guid, tenant.settings.timezone))) throw notFound()
  }
  const upload = await readUploadForm(request)
  const intent = String(upload.form.get('intent') ?? '')
  if (guid !== null && (intent === 'archive' || intent === 'unarchive')) {
    const name = await setItemArchived(context.platform, tenant, kind, guid, intent === 'archive')
    if (name === null) throw notFound()
    return redirectWithToast(itemPath(kind, guid), { type: 'success', message: intent === 'archive' ? ITEM_TOASTS.archived(name) : ITEM_TOASTS.unarchived(name) })
  }

  const parsed = parseItemForm(kind, upload.form, {
    currency: tenant.settings.defaultCurrency,
    timeZone: tenant.settings.timezone,
    isAddressNeededForEvent: tenant.settings.isAddressNeededForEvent,
  })
  if (parsed.status === 'rows-changed') return data<ItemEditorActionData>({ values: parsed.values, errors: {}, formError: null })
  if (parsed.status === 'invalid') return data<ItemEditorActionData>({ values: parsed.values, errors: messagesIn(context.language, parsed.errors), formError: translateMessage(context.language, ITEM_FORM_MESSAGES.fixErrors) }, { status: 400 })

  const saved = await saveItem({
    platform: context.platform,
    env: context.platform.env,
    tenant,
    actorContactId: user.contactId,
    kind,
    guid,
    input: parsed.input,
    upload,
    removeCover: upload.form.get('removeCover') === 'on',
  })
  if (saved.status === 'not_found') throw notFound()
  if (saved.status === 'invalid') return data<ItemEditorActionData>({ values: parsed.values, errors: messagesIn(context.language, saved.errors), formError: translateMessage(context.language, ITEM_FORM_MESSAGES.fixErrors) }, { status: 400 })
  const message = saved.created ? ITEM_TOASTS.added(parsed.input.name) : ITEM_TOASTS.updated(parsed.input.name)
  return redirectWithToast(itemPath(kind, saved.guid), { type: 'success', message })
}
