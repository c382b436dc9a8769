import { withTenant } from '#db/tenant-scope'
import { mediumDateIn } from '#server/dates/medium-date-in-language'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { containsPattern } from '#server/text/like-pattern'
import { checkWidgetForm, type WidgetFormErrors, type WidgetFormValues } from './widget-form'
import { WIDGET_MESSAGES } from './widget-messages'
import type { WidgetTypeKey } from './widget-types'
import { isUuid } from '#server/text/is-uuid'


/** The list's page sizes (settings spec: "widgets and payments 50 (50/100/150)"). */
export const WIDGET_PAGE_SIZES = [50, 100, 150] as const
export const DEFAULT_WIDGET_PAGE_SIZE = 50

export interface WidgetListQuery {
  /** A case-insensitive part of the name ('' for all). */
  q: string
  page: number
  size: number
}

export function readWidgetListQuery(params: URLSearchParams): WidgetListQuery {
  const size = Number(params.get('size'))
  const page = Number(params.get('page'))
  return {
    q: (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100),
    size: (WIDGET_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_WIDGET_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

export interface WidgetListRow {
  guid: string
  name: string
  type: WidgetTypeKey
  isPublished: boolean
  /** '' while unpublished. */
  publishedText: string
  updatedText: string
}

/**
 * One page of the studio's widgets whose name holds `q` (any case), by name; `total` counts the
 * matches, `all` every widget of the studio (the title's count).
 */
export async function listWidgets(platform: Pick<Platform, 'database'>, tenant: Tenant, query: WidgetListQuery, language: Language): Promise<{ rows: WidgetListRow[]; total: number; all: number; page: number }> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const everything = trx.selectFrom('widgets')
    const count = async (qb: typeof everything) => Number((await qb.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
    const matching = everything.$if(query.q !== '', (qb) => qb.where('name', 'ilike', containsPattern(query.q)))
    const all = await count(everything)
    const total = query.q === '' ? all : await count(matching)
    const page = Math.min(query.page, Math.max(1, Math.ceil(total / query.size)))
    const rows = await matching
      .select(['guid', 'name', 'type', 'is_published', 'published_at', 'updated_at'])
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .limit(query.size)
      .offset((page - 1) * query.size)
      .execute()
    return {
      total,
      all,
      page,
      rows: rows.map((row) => ({
        guid: row.guid,
        name: row.name,
        type: row.type,
        isPublished: row.is_published,
        publishedText: row.is_published && row.published_at ? mediumDateIn(row.published_at, tenant.settings, language) : '',
        updatedText: mediumDateIn(row.updated_at, tenant.settings, language),
      })),
    }
  })
}

export interface WidgetForEdit {
  guid: string
  type: WidgetTypeKey
  isPublished: boolean
  publishedText: string
  width: number | null
  height: number | null
  /** The form's fields, as the form shows them. */
  values: WidgetFormValues
}

/** A widget as its edit screen shows it, or null when this studio has none with that id. */
export async function loadWidgetForEdit(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuid: string, language: Language = 'en'): Promise<WidgetForEdit | null> {
  if (!isUuid(unverifiedGuid)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('widgets').selectAll().where('guid', '=', unverifiedGuid).executeTakeFirst())
  if (!row) return null
  return {
    guid: row.guid,
    type: row.type,
    isPublished: row.is_published,
    publishedText: row.is_published && row.published_at ? mediumDateIn(row.published_at, tenant.settings, language) : '',
    width: row.width,
    height: row.height,
    values: {
      name: row.name,
      type: row.type,
      title: row.title,
      body: row.body_html,
      url: row.link_url ?? '',
      count: String(row.event_count),
      width: row.width === null ? '' : String(row.width),
      height: row.height === null ? '' : String(row.height),
    },
  }
}

export type SaveWidgetOutcome = WordedResult<{ guid: string; message: string }, 'invalid_input' | 'not_found', { errors: WidgetFormErrors }>

/** Adds a widget (unpublished); a refused form writes nothing. */
export async function createWidget(platform: Pick<Platform, 'database'>, tenant: Tenant, input: { values: WidgetFormValues; now: Date }): Promise<SaveWidgetOutcome> {
  const checked = checkWidgetForm(input.values, null)
  if (!checked.ok) return err('invalid_input', WIDGET_MESSAGES.invalid, { errors: checked.details })
  const widget = checked.value
  const created = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('widgets')
      .values({
        tenant_id: tenant.id,
        name: widget.name,
        type: widget.type,
        title: widget.title,
        body_html: widget.bodyHtml,
        link_url: widget.linkUrl,
        event_count: widget.eventCount,
        width: widget.width,
        height: widget.height,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('guid')
      .executeTakeFirstOrThrow(),
  )
  return ok({ guid: created.guid, message: WIDGET_MESSAGES.created })
}

/** Changes a widget's fields; its type stays what it was created as. */
export async function updateWidget(platform: Pick<Platform, 'database'>, tenant: Tenant, input: { unverifiedGuid: string; values: WidgetFormValues; now: Date }): Promise<SaveWidgetOutcome> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', WIDGET_MESSAGES.notFound, { errors: {} })
  return withTenant(platform.database, tenant.id, async (trx): Promise<SaveWidgetOutcome> => {
    const existing = await trx.selectFrom('widgets').select(['id', 'guid', 'type']).where('guid', '=', input.unverifiedGuid).forUpdate().executeTakeFirst()
    if (!existing) return err('not_found', WIDGET_MESSAGES.notFound, { errors: {} })
    const checked = checkWidgetForm(input.values, existing.type)
    if (!checked.ok) return err('invalid_input', WIDGET_MESSAGES.invalid, { errors: checked.details })
    const widget = checked.value
    await trx
      .updateTable('widgets')
      .set({
        name: widget.name,
        title: widget.title,
        body_html: widget.bodyHtml,
        link_url: widget.linkUrl,
        event_count: widget.eventCount,
        width: widget.width,
        height: widget.height,
        updated_at: input.now,
      })
      .where('id', '=', existing.id)
      .execute()
    return ok({ guid: existing.guid, message: WIDGET_MESSAGES.updated })
  })
}

/** Publishes a widget (embeddable from now on) or takes it back (its embeds answer 404). */
export async function setWidgetPublished(
  platform: Pick<Platform, 'database'>,
  tenant: Tenant,
  input: { unverifiedGuid: string; published: boolean; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', WIDGET_MESSAGES.notFound)
  const changed = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .updateTable('widgets')
      .set((eb) =>
        input.published
          ? // Published again while published: it keeps the date it went out.
            { is_published: true, published_at: eb.fn.coalesce('published_at', eb.val(input.now)), updated_at: input.now }
          : { is_published: false, published_at: null, updated_at: input.now },
      )
      .where('guid', '=', input.unverifiedGuid)
      .returning('id')
      .executeTakeFirst(),
  )
  if (!changed) return err('not_found', WIDGET_MESSAGES.notFound)
  return ok({ message: input.published ? WIDGET_MESSAGES.published : WIDGET_MESSAGES.unpublished })
}

export async function deleteWidget(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuid: string): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!isUuid(unverifiedGuid)) return err('not_found', WIDGET_MESSAGES.notFound)
  const deleted = await withTenant(platform.database, tenant.id, (trx) => trx.deleteFrom('widgets').where('guid', '=', unverifiedGuid).returning('id').executeTakeFirst())
  return deleted ? ok({ message: WIDGET_MESSAGES.deleted }) : err('not_found', WIDGET_MESSAGES.notFound)
}
