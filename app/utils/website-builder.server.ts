import { data, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { notFound } from '#server/errors/responses'
import { translateMessage } from '#server/i18n/translate-message'
import { ROLE_ADMIN } from '#server/shell/roles'
import {
  addBuilderPage,
  deleteBuilderPage,
  listBuilderPages,
  loadBuilderPage,
  moveBuilderPage,
  renameBuilderPage,
  saveBuilderPageHeader,
  saveBuilderSequence,
  setBuilderPageLink,
  setBuilderPageMode,
  setBuilderPagePublished,
  setBuilderPageSettings,
} from '#server/website/builder/builder-pages'
import { loadBuilderListing } from '#server/website/builder/listing-items'
import { BUILDER_MESSAGES, LISTING_PAGE_NAMES, MANDATORY_PAGE_NAMES, type ListingPageName } from '#server/website/builder/page-rules'
import { requireStaffArea } from './navigation.server'
import { redirectWithToast } from './toast.server'
import { builderPagePath } from './website-paths'

export { builderPagePath, WEBSITE_PATH } from './website-paths'

/** The builder screen: every page, the selected one (?page=, home by default) and what its panel shows. */
export async function loadWebsiteBuilder(request: Request, context: AppLoadContext) {
  const { tenant, user } = await requireStaffArea(request, context)
  const url = new URL(request.url)
  const params = url.searchParams
  const pages = await listBuilderPages(context.platform, tenant)
  const wanted = (params.get('page') ?? 'home').toLowerCase()
  const chosen = pages.find((page) => page.name.toLowerCase() === wanted) ?? pages.find((page) => page.name.toLowerCase() === 'home') ?? pages[0]
  const page = chosen ? await loadBuilderPage(context.platform, tenant, chosen.name) : null
  const name = page?.name.toLowerCase() ?? ''
  const listingName = (LISTING_PAGE_NAMES as readonly string[]).includes(name) ? (name as ListingPageName) : null
  const listing = listingName && page && !page.isExternalLink ? await loadBuilderListing(context.platform, tenant, listingName) : null
  return {
    pages,
    page: page
      ? {
          id: page.id,
          name: page.name,
          title: page.title,
          url: page.url,
          isStandard: page.isStandard,
          isPublished: page.isPublished,
          isExternalLink: page.isExternalLink,
          externalLink: page.externalLink,
          isShowNavigation: page.isShowNavigation,
          isShowFooter: page.isShowFooter,
          isLegal: page.isLegal,
          hasContent: page.hasContent,
          header: page.header,
          subHeader: page.subHeader,
          isMandatory: MANDATORY_PAGE_NAMES.has(name),
          // The spec draws this area for about and contact; every page with a body shows its hero, so each gets it.
          hasSubHeaderArea: listingName === null,
          isHome: name === 'home',
        }
      : null,
    listing,
    host: url.host,
    canOpenSettings: user.role === ROLE_ADMIN,
    asks: {
      rename: params.get('rename') === '1',
      delete: params.get('confirm') === 'delete',
      settings: params.get('settings') === '1',
    },
  }
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.literal('rename'), page: z.string(), title: z.string().max(10_000) }),
  z.object({ intent: z.literal('publish'), page: z.string(), published: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('mode'), page: z.string(), mode: z.enum(['internal', 'external']) }),
  z.object({ intent: z.literal('link'), page: z.string(), externalLink: z.string().max(10_000) }),
  z.object({ intent: z.literal('delete'), page: z.string() }),
  z.object({ intent: z.literal('settings'), page: z.string(), isShowNavigation: z.enum(['true', 'false']), isShowFooter: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('sequence'), page: z.string().optional(), ids: z.string().max(100_000) }),
  z.object({ intent: z.literal('move'), page: z.string(), by: z.enum(['up', 'down']) }),
  z.object({ intent: z.literal('header'), page: z.string(), header: z.string().max(10_000), subHeader: z.string().max(10_000) }),
])

/** A post that is not one of the builder's forms. */
export const INVALID_FORM_MESSAGE = 'Invalid Form!'

export type BuilderActionData = { intent: string; field: string | null; message: string; values: Record<string, string> }

/** Every post of the builder screen; each answers with a redirect and a toast, or the form again with its message. */
export async function websiteBuilderAction(request: Request, context: AppLoadContext) {
  const { tenant } = await requireStaffArea(request, context)
  const form = await request.formData().catch(() => null)
  const posted = form ? Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {}
  const parsed = actionSchema.safeParse(posted)
  if (!parsed.success) return data<BuilderActionData>({ intent: String(posted.intent ?? ''), field: null, message: translateMessage(context.language, INVALID_FORM_MESSAGE), values: posted }, { status: 400 })
  const input = parsed.data
  const platform = context.platform
  const now = platform.clock.now()
  const outcome = await (async () => {
    switch (input.intent) {
      case 'add':
        return addBuilderPage(platform, tenant, now)
      case 'rename':
        return renameBuilderPage(platform, tenant, input.page, input.title, now)
      case 'publish':
        return setBuilderPagePublished(platform, tenant, input.page, input.published === 'true', now)
      case 'mode':
        return setBuilderPageMode(platform, tenant, input.page, input.mode === 'external', now)
      case 'link':
        return setBuilderPageLink(platform, tenant, input.page, input.externalLink, now)
      case 'delete':
        return deleteBuilderPage(platform, tenant, input.page)
      case 'settings':
        return setBuilderPageSettings(platform, tenant, input.page, { isShowNavigation: input.isShowNavigation === 'true', isShowFooter: input.isShowFooter === 'true' }, now)
      case 'header':
        return saveBuilderPageHeader(platform, tenant, input.page, { header: input.header, subHeader: input.subHeader }, now)
      case 'sequence': {
        const saved = await saveBuilderSequence(platform, tenant, input.ids.split(',').filter(Boolean), now)
        return saved.ok ? { ...saved, value: { name: input.page ?? 'home', message: saved.value.message } } : saved
      }
      case 'move': {
        const moved = await moveBuilderPage(platform, tenant, input.page, input.by === 'up' ? -1 : 1, now)
        return moved.ok ? { ...moved, value: { name: input.page, message: moved.value.message } } : moved
      }
    }
  })()
  if (outcome.ok) {
    const extra: Record<string, string> = input.intent === 'settings' ? { settings: '1' } : {}
    return redirectWithToast(builderPagePath(outcome.value.name, extra), { type: 'success', message: outcome.value.message })
  }
  if (outcome.error === 'not_found') throw notFound(BUILDER_MESSAGES.notFound)
  // The order is posted by the sidebar in the background: its failure is told as a toast on the page.
  if (input.intent === 'sequence' || input.intent === 'move') return redirectWithToast(builderPagePath(input.page ?? 'home'), { type: 'error', message: outcome.message })
  const field = outcome.details && 'field' in outcome.details ? outcome.details.field ?? null : null
  return data<BuilderActionData>({ intent: input.intent, field, message: translateMessage(context.language, outcome.message), values: posted }, { status: outcome.error === 'conflict' ? 409 : 400 })
}
