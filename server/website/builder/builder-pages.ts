import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { violates } from '#server/errors/constraint-violation'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { sanitizePageHtml } from '#server/website/sanitize-page-html'
import { BUILDER_MESSAGES, checkExternalUrl, checkPageTitle, isReservedAddress, MANDATORY_PAGE_NAMES, pageSlugOf, randomPageNumber } from './page-rules'

/** What the builder's page writes refuse with, besides the rules' own words (page-rules.ts). */
export const BUILDER_PAGE_MESSAGES = {
  tooManyNumbered: 'The website has too many numbered pages; rename some first.',
  addedMeanwhile: 'Another page was added at the same moment; try again.',
  homeKeepsTitle: 'The home page keeps its title.',
  pageTooLarge: 'The page is too large to save (at most 500,000 characters of HTML).',
  stylesTooLarge: 'The page styles are too large to save (at most 200,000 characters).',
  headerTooLong: 'The header must be at most 200 characters.',
  descriptionTooLong: 'The description must be at most 1,000 characters.',
} as const

type BuilderPlatform = Pick<Platform, 'database' | 'caches'>

/** A page as the builder's sidebar lists it. */
export interface BuilderPageSummary {
  id: string
  name: string
  title: string
  url: string
  sequence: number
  isStandard: boolean
  isPublished: boolean
  isExternalLink: boolean
  externalLink: string | null
  isShowNavigation: boolean
  isShowFooter: boolean
  isLegal: boolean
  hasContent: boolean
}

/** A page with what the editor needs. */
export interface BuilderPage extends BuilderPageSummary {
  header: string
  subHeader: string
  html: string
  css: string
  design: unknown
}

const SUMMARY_COLUMNS = ['id', 'name', 'title', 'url', 'sequence', 'is_standard', 'is_published', 'is_external_link', 'external_link', 'is_show_navigation', 'is_show_footer', 'is_legal'] as const

/** Every page of the studio's website, in the builder's order (sequence, then name). */
export async function listBuilderPages(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>): Promise<BuilderPageSummary[]> {
  return withTenant(platform.database, tenant.id, (trx) => selectSummaries(trx))
}

async function selectSummaries(trx: TenantExecutor): Promise<BuilderPageSummary[]> {
  const rows = await trx
    .selectFrom('web_pages')
    .select([...SUMMARY_COLUMNS, sql<boolean>`length(btrim(html)) > 0`.as('has_content')])
    .orderBy('sequence')
    .orderBy('name')
    .execute()
  return rows.map(toSummary)
}

function toSummary(row: {
  id: string
  name: string
  title: string
  url: string
  sequence: number
  is_standard: boolean
  is_published: boolean
  is_external_link: boolean
  external_link: string | null
  is_show_navigation: boolean
  is_show_footer: boolean
  is_legal: boolean
  has_content: boolean
}): BuilderPageSummary {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    url: row.url,
    sequence: row.sequence,
    isStandard: row.is_standard,
    isPublished: row.is_published,
    isExternalLink: row.is_external_link,
    externalLink: row.external_link,
    isShowNavigation: row.is_show_navigation,
    isShowFooter: row.is_show_footer,
    isLegal: row.is_legal,
    hasContent: row.has_content,
  }
}

/** One page by its name, or null when the studio has none by that name. */
export async function loadBuilderPage(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, name: string): Promise<BuilderPage | null> {
  return withTenant(platform.database, tenant.id, (trx) => selectPage(trx, name))
}

async function selectPage(trx: TenantExecutor, name: string): Promise<BuilderPage | null> {
  if (name === '' || name.length > 100) return null
  const row = await trx
    .selectFrom('web_pages')
    .select([...SUMMARY_COLUMNS, 'header', 'sub_header', 'html', 'css', 'design', sql<boolean>`length(btrim(html)) > 0`.as('has_content')])
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
  if (!row) return null
  return { ...toSummary(row), header: row.header, subHeader: row.sub_header, html: row.html, css: row.css, design: row.design ?? null }
}

type PageOutcome = WordedResult<{ name: string; message: string }, 'not_found' | 'invalid_input' | 'conflict', { field?: string }>

/**
 * Runs one builder write on a named page in a transaction, with the page row locked, and says
 * the website changed whatever the outcome (a refused write changed nothing, but saying so
 * costs only a cache drop and keeps every path through here declared).
 */
async function onPage(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, write: (trx: TenantExecutor, page: BuilderPage) => Promise<PageOutcome>): Promise<PageOutcome> {
  try {
    return await withTenant(platform.database, tenant.id, async (trx) => {
      const page = await selectPage(trx, name)
      if (!page) return err('not_found', BUILDER_MESSAGES.notFound, {})
      await trx.selectFrom('web_pages').select('id').where('id', '=', page.id).forUpdate().execute()
      return write(trx, page)
    })
  } finally {
    platform.caches.changed(tenant.id, ['site'])
  }
}

function touch(now: Date) {
  return { updated_at: now }
}

/** Adds a private page named, titled and addressed by a random number, last in the list. */
export async function addBuilderPage(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, now: Date, random: () => number = Math.random): Promise<PageOutcome> {
  try {
    return await withTenant(platform.database, tenant.id, async (trx) => {
      const taken = new Set((await trx.selectFrom('web_pages').select(['name', 'url']).execute()).flatMap((row) => [row.name.toLowerCase(), row.url.toLowerCase()]))
      let name = randomPageNumber(random)
      for (let tries = 0; taken.has(name) && tries < 50; tries++) name = randomPageNumber(random)
      if (taken.has(name)) return err('conflict', BUILDER_PAGE_MESSAGES.tooManyNumbered, {})
      const last = await trx
        .selectFrom('web_pages')
        .select((eb) => eb.fn.max('sequence').as('max'))
        .executeTakeFirst()
      await trx
        .insertInto('web_pages')
        .values({
          tenant_id: tenant.id,
          name,
          title: name,
          url: name,
          sequence: Number(last?.max ?? 0) + 1,
          is_standard: false,
          is_published: false,
          created_at: now,
          updated_at: now,
        })
        .execute()
      return ok({ name, message: BUILDER_MESSAGES.added(name) })
    })
  } catch (error) {
    if (violates(error, 'web_pages_tenant_name')) return err('conflict', BUILDER_PAGE_MESSAGES.addedMeanwhile, {})
    throw error
  } finally {
    platform.caches.changed(tenant.id, ['site'])
  }
}

/**
 * Renames a page. A custom page takes its address from its new title, unless that address is
 * another page's or one of the product's own screens; standard pages keep theirs. The home
 * page's title is not edited (spec 002 section 2.1).
 */
export function renameBuilderPage(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, unverifiedTitle: string, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    if (page.name.toLowerCase() === 'home') return err('invalid_input', BUILDER_PAGE_MESSAGES.homeKeepsTitle, { field: 'title' })
    const checked = checkPageTitle(unverifiedTitle)
    if (!checked.ok) return err('invalid_input', checked.message, { field: 'title' })
    let url = page.url
    if (!page.isStandard) {
      const slug = pageSlugOf(checked.value) || page.name
      if (slug !== page.url.toLowerCase()) {
        const clash = await trx
          .selectFrom('web_pages')
          .select('id')
          .where('id', '<>', page.id)
          .where((eb) => eb.or([eb(sql`lower(name)`, '=', slug), eb(sql`lower(url)`, '=', slug)]))
          .executeTakeFirst()
        if (clash || (slug !== page.name && isReservedAddress(slug))) return err('invalid_input', BUILDER_MESSAGES.addressTaken(slug), { field: 'title' })
        url = slug
      }
    }
    await trx
      .updateTable('web_pages')
      .set({ title: checked.value, url, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.updated(checked.value) })
  })
}

export function setBuilderPagePublished(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, published: boolean, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    await trx
      .updateTable('web_pages')
      .set({ is_published: published, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: published ? BUILDER_MESSAGES.published(page.title) : BUILDER_MESSAGES.private(page.title) })
  })
}

/** Internal page or external link; flipping saves at once and keeps any address already given. */
export function setBuilderPageMode(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, external: boolean, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    await trx
      .updateTable('web_pages')
      .set({ is_external_link: external, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.updated(page.title) })
  })
}

export function setBuilderPageLink(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, unverifiedUrl: string, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    const checked = checkExternalUrl(unverifiedUrl)
    if (!checked.ok) return err('invalid_input', checked.message, { field: 'externalLink' })
    await trx
      .updateTable('web_pages')
      .set({ is_external_link: true, external_link: checked.value, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.updated(page.title) })
  })
}

export function setBuilderPageSettings(
  platform: BuilderPlatform,
  tenant: Pick<Tenant, 'id'>,
  name: string,
  settings: { isShowNavigation: boolean; isShowFooter: boolean },
  now: Date,
): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    await trx
      .updateTable('web_pages')
      .set({ is_show_navigation: settings.isShowNavigation, is_show_footer: settings.isShowFooter, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.settingsSaved })
  })
}

export function deleteBuilderPage(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    if (MANDATORY_PAGE_NAMES.has(page.name.toLowerCase())) return err('conflict', BUILDER_MESSAGES.mandatory(page.title), {})
    await trx.deleteFrom('web_pages').where('id', '=', page.id).execute()
    return ok({ name: 'home', message: BUILDER_MESSAGES.deleted(page.title) })
  })
}

/** What the stepper's Submit stores: the body as sanitised HTML, its CSS and the editor's design. */
export interface PageContent {
  html: string
  css: string
  design: unknown
}

export const MAX_PAGE_HTML = 500_000
export const MAX_PAGE_CSS = 200_000

export function saveBuilderPageContent(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, content: PageContent, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    if (content.html.length > MAX_PAGE_HTML) return err('invalid_input', BUILDER_PAGE_MESSAGES.pageTooLarge, { field: 'html' })
    if (content.css.length > MAX_PAGE_CSS) return err('invalid_input', BUILDER_PAGE_MESSAGES.stylesTooLarge, { field: 'css' })
    await trx
      .updateTable('web_pages')
      .set({
        html: sanitizePageHtml(content.html),
        css: content.css,
        design: content.design === null || content.design === undefined ? null : JSON.stringify(content.design),
        is_external_link: false,
        ...touch(now),
      })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.updated(page.title) })
  })
}

/** The page's header and sub-header (the in-place editor and the about and contact pages' area). */
export function saveBuilderPageHeader(platform: BuilderPlatform, tenant: Pick<Tenant, 'id'>, name: string, values: { header: string; subHeader: string }, now: Date): Promise<PageOutcome> {
  return onPage(platform, tenant, name, async (trx, page) => {
    const header = values.header.replace(/\s+/g, ' ').trim()
    const subHeader = values.subHeader.trim()
    if (header.length > 200) return err('invalid_input', BUILDER_PAGE_MESSAGES.headerTooLong, { field: 'header' })
    if (subHeader.length > 1000) return err('invalid_input', BUILDER_PAGE_MESSAGES.descriptionTooLong, { field: 'subHeader' })
    await trx
      .updateTable('web_pages')
      .set({ header, sub_header: subHeader, ...touch(now) })
      .where('id', '=', page.id)
      .execute()
    return ok({ name: page.name, message: BUILDER_MESSAGES.updated(page.title) })
  })
}

/**
 * Stores the order of the pages (1-based). The list must name every page of the website once,
 * so a stale tab (a page added or deleted meanwhile) is refused instead of scrambling the order.
 */
export async function saveBuilderSequence(
  platform: BuilderPlatform,
  tenant: Pick<Tenant, 'id'>,
  orderedIds: readonly string[],
  now: Date,
): Promise<WordedResult<{ message: string }, 'invalid_input'>> {
  try {
    return await withTenant(platform.database, tenant.id, async (trx) => {
      const rows = await trx.selectFrom('web_pages').select('id').forUpdate().execute()
      const known = new Set(rows.map((row) => row.id))
      const unique = new Set(orderedIds)
      if (unique.size !== orderedIds.length || unique.size !== known.size || orderedIds.some((id) => !known.has(id))) {
        return err('invalid_input', BUILDER_MESSAGES.sequenceFailed)
      }
      await sql`update web_pages set sequence = ordered.position, updated_at = ${now}
        from unnest(${sql.val([...orderedIds])}::uuid[]) with ordinality as ordered(id, position)
        where web_pages.id = ordered.id`.execute(trx)
      return ok({ message: BUILDER_MESSAGES.sequenceSaved })
    })
  } finally {
    platform.caches.changed(tenant.id, ['site'])
  }
}

/** Moves one page a place up or down (the buttons that reorder without JavaScript). */
export async function moveBuilderPage(
  platform: BuilderPlatform,
  tenant: Pick<Tenant, 'id'>,
  name: string,
  by: -1 | 1,
  now: Date,
): Promise<WordedResult<{ message: string }, 'invalid_input' | 'not_found'>> {
  const pages = await listBuilderPages(platform, tenant)
  const at = pages.findIndex((page) => page.name.toLowerCase() === name.toLowerCase())
  if (at === -1) return err('not_found', BUILDER_MESSAGES.notFound)
  const to = at + by
  if (to < 0 || to >= pages.length) return ok({ message: BUILDER_MESSAGES.sequenceSaved })
  const ids = pages.map((page) => page.id)
  ;[ids[at], ids[to]] = [ids[to] ?? '', ids[at] ?? '']
  return saveBuilderSequence(platform, tenant, ids, now)
}
