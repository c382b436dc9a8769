import type { TenantExecutor } from '#db/tenant-scope'
import type { ChapterContentType, ItemPaymentType } from '#db/tables/catalog'
import { isUuid } from '#server/text/is-uuid'

/** A course as the content screens and the portal name it. */
export interface CourseRef {
  id: string
  guid: string
  name: string
  slug: string
  summary: string
  paymentType: ItemPaymentType
  isAllowDemoChapters: boolean
  isPublished: boolean
  isArchived: boolean
}

export interface ContentChapter {
  id: string
  guid: string
  title: string
  contentType: ChapterContentType
  bodyHtml: string
  videoUrl: string | null
  videoEmbedUrl: string | null
  fileName: string | null
  fileBytes: number | null
  fileKey: string | null
  isDemo: boolean
}

export interface ContentSection {
  id: string
  guid: string
  title: string
  chapters: ContentChapter[]
}

/** A course of this tenant by guid (checked to be a uuid first), or null: another tenant's is not seen. */
export async function findCourse(trx: TenantExecutor, unverifiedGuid: string): Promise<CourseRef | null> {
  if (!isUuid(unverifiedGuid)) return null
  const row = await trx
    .selectFrom('catalog_items')
    .select(['id', 'guid', 'name', 'slug', 'summary', 'payment_type', 'is_allow_demo_chapters', 'is_published', 'is_archived'])
    .where('kind', '=', 'course')
    .where('guid', '=', unverifiedGuid.toLowerCase())
    .executeTakeFirst()
  return row ? courseRefOf(row) : null
}

export function courseRefOf(row: {
  id: string
  guid: string
  name: string
  slug: string
  summary: string
  payment_type: ItemPaymentType
  is_allow_demo_chapters: boolean
  is_published: boolean
  is_archived: boolean
}): CourseRef {
  return {
    id: row.id,
    guid: row.guid,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    paymentType: row.payment_type,
    isAllowDemoChapters: row.is_allow_demo_chapters,
    isPublished: row.is_published,
    isArchived: row.is_archived,
  }
}

/** A course's sections in order, each with its chapters in order. */
export async function loadCourseContent(trx: TenantExecutor, courseId: string): Promise<ContentSection[]> {
  const sections = await trx.selectFrom('course_sections').select(['id', 'guid', 'title']).where('course_id', '=', courseId).orderBy('sequence').execute()
  if (sections.length === 0) return []
  const chapters = await trx
    .selectFrom('course_chapters')
    .select(['id', 'guid', 'section_id', 'title', 'content_type', 'body_html', 'video_url', 'video_embed_url', 'file_key', 'file_name', 'file_bytes', 'is_demo'])
    .where(
      'section_id',
      'in',
      sections.map((section) => section.id),
    )
    .orderBy('sequence')
    .execute()
  return sections.map((section) => ({
    ...section,
    chapters: chapters
      .filter((chapter) => chapter.section_id === section.id)
      .map((chapter) => ({
        id: chapter.id,
        guid: chapter.guid,
        title: chapter.title,
        contentType: chapter.content_type,
        bodyHtml: chapter.body_html,
        videoUrl: chapter.video_url,
        videoEmbedUrl: chapter.video_embed_url,
        fileName: chapter.file_name,
        fileBytes: chapter.file_bytes,
        fileKey: chapter.file_key,
        isDemo: chapter.is_demo,
      })),
  }))
}

/** Every chapter of the content, in reading order. */
export function chaptersInOrder(sections: readonly ContentSection[]): ContentChapter[] {
  return sections.flatMap((section) => section.chapters)
}

/** A chapter of this course by guid, with its section, or null. */
export async function findChapter(trx: TenantExecutor, courseId: string, unverifiedGuid: string) {
  if (!isUuid(unverifiedGuid)) return null
  return (
    (await trx
      .selectFrom('course_chapters as ch')
      .innerJoin('course_sections as s', 's.id', 'ch.section_id')
      .select(['ch.id', 'ch.guid', 'ch.section_id', 'ch.title', 'ch.content_type', 'ch.file_key', 'ch.file_name', 'ch.file_bytes', 'ch.is_demo'])
      .where('s.course_id', '=', courseId)
      .where('ch.guid', '=', unverifiedGuid.toLowerCase())
      .executeTakeFirst()) ?? null
  )
}

/** A section of this course by guid, or null. */
export async function findSection(trx: TenantExecutor, courseId: string, unverifiedGuid: string) {
  if (!isUuid(unverifiedGuid)) return null
  return (
    (await trx
      .selectFrom('course_sections')
      .select(['id', 'guid', 'title'])
      .where('course_id', '=', courseId)
      .where('guid', '=', unverifiedGuid.toLowerCase())
      .executeTakeFirst()) ?? null
  )
}

/** The video address a chapter plays: the spec's rule applied to the link as typed, else the one stored. */
export function playableEmbedUrl(chapter: Pick<ContentChapter, 'videoUrl' | 'videoEmbedUrl'>, convert: (link: string) => string | null): string | null {
  if (chapter.videoUrl) return convert(chapter.videoUrl)
  return chapter.videoEmbedUrl ? convert(chapter.videoEmbedUrl) : null
}
