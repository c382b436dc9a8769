import { sql } from 'kysely'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { MASTER_TEMPLATES } from '#server/website/master-templates'
import { MASTER_ORG_ID, TEMPLATE_PAGE_TYPES, type TemplatePageType } from '#server/website/master-templates/master-template'
import { sanitizePageHtml } from '#server/website/sanitize-page-html'
import { TEMPLATE_MESSAGES } from './template-messages'
import { MAX_PAGE_CSS, MAX_PAGE_HTML } from './builder-pages'
import { isUuid } from '#server/text/is-uuid'

/** Gallery page sizes (spec 002 section 9: 5 by default; 5, 10, 25, 100). */
export const TEMPLATE_GALLERY_SIZES = [5, 10, 25, 100] as const
export const DEFAULT_TEMPLATE_GALLERY_SIZE = 5

/** A card of the gallery. */
export interface TemplateCard {
  id: string
  name: string
  pageType: TemplatePageType
  /** Image for the card, or null for a studio's own template (the card shows its name). */
  thumbnail: string | null
  /** 'master' for shared templates, the tenant id for the studio's own. */
  orgId: string
  isOwn: boolean
}

export interface PageTemplate extends TemplateCard {
  html: string
  css: string
  design: unknown
}

export interface TemplateGalleryQuery {
  search: string
  pageIndex: number
  pageSize: number
}

export function readTemplateGalleryQuery(params: URLSearchParams): TemplateGalleryQuery {
  const size = Number(params.get('size'))
  const index = Number(params.get('pageIndex'))
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    pageSize: (TEMPLATE_GALLERY_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TEMPLATE_GALLERY_SIZE,
    pageIndex: Number.isInteger(index) && index >= 0 && index <= 10_000 ? index : 0,
  }
}


function pageTypeOf(value: string): TemplatePageType {
  return (TEMPLATE_PAGE_TYPES as readonly string[]).includes(value) ? (value as TemplatePageType) : 'others'
}

/** The page type a page's templates are saved under (spec 002 section 9). */
export function pageTypeForPage(pageName: string): TemplatePageType {
  return pageTypeOf(pageName.toLowerCase())
}

/**
 * One page of the gallery: the studio's own templates (newest first), then the shared ones,
 * filtered by name (case-insensitive, accents ignored by the database for own templates).
 */
export async function listPageTemplates(
  platform: Pick<Platform, 'database'>,
  tenant: Pick<Tenant, 'id'>,
  query: TemplateGalleryQuery,
): Promise<{ cards: TemplateCard[]; total: number; pageIndex: number }> {
  const needle = query.search.toLowerCase()
  const own = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('web_templates')
      .select(['id', 'name', 'page_type'])
      .$if(needle !== '', (q) => q.where(sql`strpos(lower(name), ${needle})`, '>', 0))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(1000)
      .execute(),
  )
  const cards: TemplateCard[] = [
    ...own.map((row) => ({ id: row.id, name: row.name, pageType: pageTypeOf(row.page_type), thumbnail: null, orgId: tenant.id, isOwn: true })),
    ...MASTER_TEMPLATES.filter((template) => needle === '' || template.name.toLowerCase().includes(needle)).map((template) => ({
      id: template.id,
      name: template.name,
      pageType: template.pageType,
      thumbnail: template.thumbnail,
      orgId: MASTER_ORG_ID,
      isOwn: false,
    })),
  ]
  const lastIndex = Math.max(0, Math.ceil(cards.length / query.pageSize) - 1)
  const pageIndex = Math.min(query.pageIndex, lastIndex)
  return { cards: cards.slice(pageIndex * query.pageSize, (pageIndex + 1) * query.pageSize), total: cards.length, pageIndex }
}

/** A shared template by its id, or one of the studio's own; null for anything else. */
export async function loadPageTemplate(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, id: string): Promise<PageTemplate | null> {
  const master = MASTER_TEMPLATES.find((template) => template.id === id)
  if (master) {
    return { id: master.id, name: master.name, pageType: master.pageType, thumbnail: master.thumbnail, orgId: MASTER_ORG_ID, isOwn: false, html: master.html, css: master.css, design: null }
  }
  if (!isUuid(id)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('web_templates').select(['id', 'name', 'page_type', 'html', 'css', 'design']).where('id', '=', id).executeTakeFirst(),
  )
  if (!row) return null
  return { id: row.id, name: row.name, pageType: pageTypeOf(row.page_type), thumbnail: null, orgId: tenant.id, isOwn: true, html: row.html, css: row.css, design: row.design ?? null }
}

const templateNameSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, TEMPLATE_MESSAGES.nameRequired).max(100, TEMPLATE_MESSAGES.nameTooLong))

/** 'Save as Template': the design being edited, kept as the studio's own template. */
export async function savePageTemplate(
  platform: Pick<Platform, 'database'>,
  tenant: Pick<Tenant, 'id'>,
  input: { name: string; pageType: TemplatePageType; html: string; css: string; design: unknown; now: Date },
): Promise<WordedResult<{ id: string; message: string }, 'invalid_input', { field: string }>> {
  const name = templateNameSchema.safeParse(input.name)
  if (!name.success) return err('invalid_input', name.error.issues[0]?.message ?? TEMPLATE_MESSAGES.nameRequired, { field: 'templateName' })
  if (input.html.length > MAX_PAGE_HTML || input.css.length > MAX_PAGE_CSS) return err('invalid_input', TEMPLATE_MESSAGES.tooLarge, { field: 'templateName' })
  const created = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('web_templates')
      .values({
        tenant_id: tenant.id,
        name: name.data,
        page_type: input.pageType,
        html: sanitizePageHtml(input.html),
        css: input.css,
        design: input.design === null || input.design === undefined ? null : JSON.stringify(input.design),
        created_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return ok({ id: created.id, message: TEMPLATE_MESSAGES.added })
}

/** Deletes one of the studio's own templates; shared ones and other studios' are refused. */
export async function deletePageTemplate(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, id: string): Promise<WordedResult<{ message: string }, 'not_found' | 'forbidden'>> {
  if (MASTER_TEMPLATES.some((template) => template.id === id)) return err('forbidden', TEMPLATE_MESSAGES.notYours)
  if (!isUuid(id)) return err('not_found', TEMPLATE_MESSAGES.notFound)
  const deleted = await withTenant(platform.database, tenant.id, (trx) => trx.deleteFrom('web_templates').where('id', '=', id).returning('id').executeTakeFirst())
  return deleted ? ok({ message: TEMPLATE_MESSAGES.deleted }) : err('not_found', TEMPLATE_MESSAGES.notFound)
}
