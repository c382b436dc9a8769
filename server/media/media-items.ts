import { z } from 'zod'
import type { MediaKind } from '#db/tables/media'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { mediumDateIn } from '#server/dates/medium-date-in-language'
import type { Env } from '#server/env.server'
import { err, ok, type WordedResult } from '#server/errors/result'
import { removeImageVariants } from '#server/files/remove-image-variants'
import { removeTenantUpload } from '#server/files/tenant-uploads'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { byteSizeText, MAX_ALT_TEXT, MEDIA_MESSAGES, MEDIA_PAGE_SIZE } from './media-rules'
import { mediaImageSources, mediaVideoUrl, readStoredVariants, type MediaImageSources } from './media-variants'
import { isUuid } from '#server/text/is-uuid'


/** An image or video as the public gallery draws it: nothing staff-only (file names, sizes). */
export interface GalleryItemView {
  guid: string
  kind: MediaKind
  /** An image's alternative text, or a video's title; may be empty. */
  text: string
  image: MediaImageSources | null
  videoUrl: string | null
  videoType: string | null
}

/** The same with what staff see beside it. */
export interface MediaItemView extends GalleryItemView {
  originalName: string
  sizeText: string
  /** "1600 × 1067" for an image. */
  sidesText: string | null
  createdText: string
}

export interface MediaPage<T> {
  items: T[]
  total: number
  page: number
  pageCount: number
}

/** The page asked for in `?page=`, 1 for anything that is not a page number. */
export function readMediaPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

const columns = ['guid', 'kind', 'file_key', 'content_type', 'variants', 'byte_size', 'width', 'height', 'alt_text', 'original_name', 'created_at'] as const

type MediaRow = Awaited<ReturnType<typeof selectPage>>[number]

function selectPage(trx: TenantExecutor, page: number) {
  return trx
    .selectFrom('media_items')
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(MEDIA_PAGE_SIZE)
    .offset((page - 1) * MEDIA_PAGE_SIZE)
    .execute()
}

async function readPage(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, requestedPage: number): Promise<{ rows: MediaRow[]; total: number; page: number; pageCount: number }> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const counted = await trx
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const total = Number(counted.n)
    const pageCount = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE))
    const page = Math.min(requestedPage, pageCount)
    return { rows: total === 0 ? [] : await selectPage(trx, page), total, page, pageCount }
  })
}

function galleryViewOf(row: MediaRow): GalleryItemView {
  const isImage = row.kind === 'image'
  return {
    guid: row.guid,
    kind: row.kind,
    text: row.alt_text,
    image: isImage ? mediaImageSources(row.file_key, readStoredVariants(row.variants)) : null,
    videoUrl: isImage ? null : mediaVideoUrl(row.file_key, row.content_type),
    videoType: isImage ? null : row.content_type,
  }
}

function staffViewOf(row: MediaRow, tenant: Pick<Tenant, 'settings'>, language: Language): MediaItemView {
  return {
    ...galleryViewOf(row),
    originalName: row.original_name,
    sizeText: byteSizeText(row.byte_size, language),
    sidesText: row.width && row.height ? `${row.width} × ${row.height}` : null,
    createdText: mediumDateIn(row.created_at, tenant.settings, language),
  }
}

/** One page of the studio's media for its staff screen, newest first, sizes and dates in the page's language. */
export async function listMediaItems(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id' | 'settings'>, page: number, language: Language): Promise<MediaPage<MediaItemView>> {
  const found = await readPage(platform, tenant, page)
  return { items: found.rows.map((row) => staffViewOf(row, tenant, language)), total: found.total, page: found.page, pageCount: found.pageCount }
}

/** One page of the public gallery, newest first; items whose files cannot be named are left out. */
export async function listGalleryItems(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, page: number): Promise<MediaPage<GalleryItemView>> {
  const found = await readPage(platform, tenant, page)
  const items = found.rows.map(galleryViewOf).filter((item) => item.image !== null || item.videoUrl !== null)
  return { items, total: found.total, page: found.page, pageCount: found.pageCount }
}

/** One item of this studio by guid, as staff see it; null for another studio's or none. */
export async function loadMediaItem(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id' | 'settings'>, unverifiedGuid: string, language: Language = 'en'): Promise<MediaItemView | null> {
  if (!isUuid(unverifiedGuid)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('media_items').select(columns).where('guid', '=', unverifiedGuid).executeTakeFirst())
  return row ? staffViewOf(row, tenant, language) : null
}

const textSchema = z.string().transform((value) => value.replace(/\s+/g, ' ').trim())

/** The text form's post: one field, spaces folded, at most 250 characters. */
export function parseMediaText(value: FormDataEntryValue | null): string | null {
  const parsed = textSchema.safeParse(typeof value === 'string' ? value : '')
  return parsed.success && parsed.data.length <= MAX_ALT_TEXT ? parsed.data : null
}

/** Sets an image's alternative text or a video's title. */
export async function saveMediaText(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Pick<Tenant, 'id'>,
  input: { unverifiedGuid: string; text: FormDataEntryValue | null; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found' | 'invalid_input'>> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', MEDIA_MESSAGES.notFound)
  try {
    return await withTenant(platform.database, tenant.id, async (trx): Promise<WordedResult<{ message: string }, 'not_found' | 'invalid_input'>> => {
      const item = await trx.selectFrom('media_items').select(['id', 'kind']).where('guid', '=', input.unverifiedGuid).forUpdate().executeTakeFirst()
      if (!item) return err('not_found', MEDIA_MESSAGES.notFound)
      const text = parseMediaText(input.text)
      if (text === null) return err('invalid_input', item.kind === 'image' ? MEDIA_MESSAGES.altTooLong : MEDIA_MESSAGES.titleTooLong)
      await trx.updateTable('media_items').set({ alt_text: text, updated_at: input.now }).where('id', '=', item.id).execute()
      return ok({ message: item.kind === 'image' ? MEDIA_MESSAGES.altSaved : MEDIA_MESSAGES.titleSaved })
    })
  } finally {
    // The public gallery shows the text.
    platform.caches.changed(tenant.id, ['media'])
  }
}

/** Deletes an item and then its files (a file already gone is no error). */
export async function deleteMediaItem(
  platform: Pick<Platform, 'database' | 'caches'>,
  env: Pick<Env, 'DATA_DIR'>,
  tenant: Pick<Tenant, 'id'>,
  unverifiedGuid: string,
): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!isUuid(unverifiedGuid)) return err('not_found', MEDIA_MESSAGES.notFound)
  let deleted: { kind: MediaKind; file_key: string; content_type: string; variants: unknown } | undefined
  try {
    deleted = await withTenant(platform.database, tenant.id, (trx) =>
      trx.deleteFrom('media_items').where('guid', '=', unverifiedGuid).returning(['kind', 'file_key', 'content_type', 'variants']).executeTakeFirst(),
    )
  } finally {
    platform.caches.changed(tenant.id, ['media'])
  }
  if (!deleted) return err('not_found', MEDIA_MESSAGES.notFound)
  // Only once the row is gone: a failed delete keeps the item whole.
  if (deleted.kind === 'image') {
    await removeImageVariants(
      env,
      tenant,
      deleted.file_key,
      readStoredVariants(deleted.variants).map((variant) => variant.name),
    )
    return ok({ message: MEDIA_MESSAGES.imageDeleted })
  }
  const url = mediaVideoUrl(deleted.file_key, deleted.content_type)
  if (url) await removeTenantUpload(env, tenant, url)
  return ok({ message: MEDIA_MESSAGES.videoDeleted })
}
