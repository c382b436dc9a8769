import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { writeCatalog } from '#server/catalog/write-catalog'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { storeChapterFile, removeChapterFiles, type StoredChapterFile } from './chapter-files'
import type { ChapterInput } from './chapter-input'
import { findChapter, findSection, type CourseRef } from './course-content'
import { isReorderOf, moveOnePlace, type MoveDirection } from './course-order'

type WritePlatform = Pick<Platform, 'database' | 'caches' | 'env' | 'files'>

/** What a content write answers: done, or nothing found to change (a stale page or a guessed id). */
export type ContentWrite = 'done' | 'not-found' | 'stale'

async function nextSequence(trx: TenantExecutor, table: 'course_sections' | 'course_chapters', column: 'course_id' | 'section_id', parentId: string): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select(sql<number>`coalesce(max(sequence), 0) + 1`.as('next'))
    .where(column, '=', parentId)
    .executeTakeFirstOrThrow()
  return Number(row.next)
}

/** Writes positions 1..n in the given order; the unique order is checked at commit, so swaps pass. */
async function writeOrder(trx: TenantExecutor, table: 'course_sections' | 'course_chapters', ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await trx.updateTable(table).set({ sequence: index + 1, updated_at: new Date() }).where('id', '=', id).execute()
  }
}

async function sectionIdsOf(trx: TenantExecutor, courseId: string): Promise<Array<{ id: string; guid: string }>> {
  return trx.selectFrom('course_sections').select(['id', 'guid']).where('course_id', '=', courseId).orderBy('sequence').execute()
}

async function chapterIdsOf(trx: TenantExecutor, sectionId: string): Promise<Array<{ id: string; guid: string }>> {
  return trx.selectFrom('course_chapters').select(['id', 'guid']).where('section_id', '=', sectionId).orderBy('sequence').execute()
}

export async function addSection(platform: WritePlatform, tenant: Tenant, course: CourseRef, title: string): Promise<string> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const sequence = await nextSequence(trx, 'course_sections', 'course_id', course.id)
    const row = await trx
      .insertInto('course_sections')
      .values({ tenant_id: tenant.id, course_id: course.id, title, sequence })
      .returning('guid')
      .executeTakeFirstOrThrow()
    return row.guid
  })
}

export async function renameSection(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuid: string, title: string): Promise<ContentWrite> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const section = await findSection(trx, course.id, sectionGuid)
    if (!section) return 'not-found'
    await trx.updateTable('course_sections').set({ title, updated_at: new Date() }).where('id', '=', section.id).execute()
    return 'done'
  })
}

/** Deletes a section with its chapters (and their files, once the rows are gone). */
export async function deleteSection(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuid: string): Promise<ContentWrite> {
  const outcome = await writeCatalog(platform, tenant.id, async (trx) => {
    const section = await findSection(trx, course.id, sectionGuid)
    if (!section) return { result: 'not-found' as const, files: [] }
    const files = await trx.selectFrom('course_chapters').select('file_key').where('section_id', '=', section.id).execute()
    await trx.deleteFrom('course_sections').where('id', '=', section.id).execute()
    return { result: 'done' as const, files: files.map((file) => file.file_key) }
  })
  await removeChapterFiles(platform, tenant.id, outcome.files)
  return outcome.result
}

export async function moveSection(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuid: string, direction: MoveDirection): Promise<ContentWrite> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const sections = await sectionIdsOf(trx, course.id)
    const moving = sections.find((section) => section.guid === sectionGuid.toLowerCase())
    if (!moving) return 'not-found'
    await writeOrder(trx, 'course_sections', moveOnePlace(sections.map((section) => section.id), moving.id, direction))
    return 'done'
  })
}

/** The order a drag left the sections in, as guids; refused when it is not exactly this course's sections. */
export async function orderSections(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuids: readonly string[]): Promise<ContentWrite> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const sections = await sectionIdsOf(trx, course.id)
    const wanted = sectionGuids.map((guid) => guid.toLowerCase())
    if (!isReorderOf(sections.map((section) => section.guid), wanted)) return 'stale'
    const idOf = new Map(sections.map((section) => [section.guid, section.id]))
    await writeOrder(trx, 'course_sections', wanted.map((guid) => idOf.get(guid) ?? ''))
    return 'done'
  })
}

function chapterColumns(input: ChapterInput, file: StoredChapterFile | null) {
  return {
    title: input.title,
    content_type: input.contentType,
    body_html: input.bodyHtml,
    is_demo: input.isDemo,
    video_url: input.contentType === 'video' ? input.videoUrl : null,
    video_embed_url: input.contentType === 'video' ? input.videoEmbedUrl : null,
    ...(file ? { file_key: file.key, file_name: file.name, file_bytes: file.bytes } : {}),
  }
}

/** Adds a chapter at the end of a section; a file is stored first and dropped again if the row is not written. */
export async function addChapter(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuid: string, input: ChapterInput): Promise<ContentWrite> {
  const file = input.contentType === 'file' && input.file ? await storeChapterFile(platform, tenant.id, input.file) : null
  try {
    const result = await writeCatalog(platform, tenant.id, async (trx): Promise<ContentWrite> => {
      const section = await findSection(trx, course.id, sectionGuid)
      if (!section) return 'not-found'
      const sequence = await nextSequence(trx, 'course_chapters', 'section_id', section.id)
      await trx
        .insertInto('course_chapters')
        .values({ tenant_id: tenant.id, section_id: section.id, sequence, ...chapterColumns(input, file) })
        .execute()
      return 'done'
    })
    if (result !== 'done') await removeChapterFiles(platform, tenant.id, [file?.key ?? null])
    return result
  } catch (error) {
    await removeChapterFiles(platform, tenant.id, [file?.key ?? null])
    throw error
  }
}

/**
 * Changes a chapter. A new file replaces the stored one; a chapter that stops being a file
 * chapter lets its file go (removed once the row no longer points at it).
 */
export async function updateChapter(platform: WritePlatform, tenant: Tenant, course: CourseRef, chapterGuid: string, input: ChapterInput): Promise<ContentWrite> {
  const file = input.contentType === 'file' && input.file ? await storeChapterFile(platform, tenant.id, input.file) : null
  try {
    const outcome = await writeCatalog(platform, tenant.id, async (trx) => {
      const chapter = await findChapter(trx, course.id, chapterGuid)
      if (!chapter) return { result: 'not-found' as const, dropped: null }
      const keepsFile = input.contentType === 'file'
      await trx
        .updateTable('course_chapters')
        .set({
          ...chapterColumns(input, file),
          ...(keepsFile ? {} : { file_key: null, file_name: null, file_bytes: null }),
          updated_at: new Date(),
        })
        .where('id', '=', chapter.id)
        .execute()
      const dropped = file || !keepsFile ? chapter.file_key : null
      return { result: 'done' as const, dropped }
    })
    if (outcome.result !== 'done') await removeChapterFiles(platform, tenant.id, [file?.key ?? null])
    else await removeChapterFiles(platform, tenant.id, [outcome.dropped])
    return outcome.result
  } catch (error) {
    await removeChapterFiles(platform, tenant.id, [file?.key ?? null])
    throw error
  }
}

export async function deleteChapter(platform: WritePlatform, tenant: Tenant, course: CourseRef, chapterGuid: string): Promise<ContentWrite> {
  const outcome = await writeCatalog(platform, tenant.id, async (trx) => {
    const chapter = await findChapter(trx, course.id, chapterGuid)
    if (!chapter) return { result: 'not-found' as const, file: null }
    await trx.deleteFrom('course_chapters').where('id', '=', chapter.id).execute()
    return { result: 'done' as const, file: chapter.file_key }
  })
  await removeChapterFiles(platform, tenant.id, [outcome.file])
  return outcome.result
}

export async function moveChapter(platform: WritePlatform, tenant: Tenant, course: CourseRef, chapterGuid: string, direction: MoveDirection): Promise<ContentWrite> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const chapter = await findChapter(trx, course.id, chapterGuid)
    if (!chapter) return 'not-found'
    const chapters = await chapterIdsOf(trx, chapter.section_id)
    await writeOrder(trx, 'course_chapters', moveOnePlace(chapters.map((row) => row.id), chapter.id, direction))
    return 'done'
  })
}

/** The order a drag left a section's chapters in, as guids. */
export async function orderChapters(platform: WritePlatform, tenant: Tenant, course: CourseRef, sectionGuid: string, chapterGuids: readonly string[]): Promise<ContentWrite> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const section = await findSection(trx, course.id, sectionGuid)
    if (!section) return 'not-found'
    const chapters = await chapterIdsOf(trx, section.id)
    const wanted = chapterGuids.map((guid) => guid.toLowerCase())
    if (!isReorderOf(chapters.map((chapter) => chapter.guid), wanted)) return 'stale'
    const idOf = new Map(chapters.map((chapter) => [chapter.guid, chapter.id]))
    await writeOrder(trx, 'course_chapters', wanted.map((guid) => idOf.get(guid) ?? ''))
    return 'done'
  })
}
