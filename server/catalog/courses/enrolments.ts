import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { writeCatalog } from '#server/catalog/write-catalog'
import { videoEmbedUrl } from '#server/catalog/video-embed'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { sanitizeChapterHtml } from './chapter-input'
import { chaptersInOrder, findCourse, loadCourseContent, playableEmbedUrl, type ContentSection, type CourseRef } from './course-content'

/** The spec's words after a free or demo enrolment. */
export const COURSE_ENROLLED = 'Course enrolled successfully'

type ReadPlatform = Pick<Platform, 'database'>
type WritePlatform = Pick<Platform, 'database' | 'caches'>

/** A free course (or the demo flow) can be joined at once; paid courses go through checkout. */
export function enrolsAtOnce(course: Pick<CourseRef, 'paymentType'>): boolean {
  return course.paymentType === 'FREE'
}

/**
 * Enrols a contact: once per course. A full enrolment replaces a demo one (the student now
 * sees every chapter); a demo enrolment never narrows a full one.
 */
export async function enrolInCourse(
  platform: WritePlatform,
  tenant: Tenant,
  input: { courseId: string; contactId: string; isDemo: boolean },
): Promise<'enrolled' | 'already-enrolled'> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const existing = await trx
      .selectFrom('course_enrolments')
      .select(['id', 'is_demo', 'status'])
      .where('course_id', '=', input.courseId)
      .where('contact_id', '=', input.contactId)
      .executeTakeFirst()
    if (!existing) {
      await trx.insertInto('course_enrolments').values({ tenant_id: tenant.id, course_id: input.courseId, contact_id: input.contactId, is_demo: input.isDemo }).execute()
      return 'enrolled'
    }
    const upgrade = existing.is_demo && !input.isDemo
    if (!upgrade && existing.status !== 'cancelled') return 'already-enrolled'
    await trx
      .updateTable('course_enrolments')
      .set({ is_demo: existing.is_demo && input.isDemo, status: 'active', completed_at: null, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute()
    return 'enrolled'
  })
}

export interface StudentCourseCard {
  guid: string
  name: string
  summary: string
  isDemo: boolean
  status: string
  enrolledAt: string
  chapterCount: number
  completedCount: number
}

/** The courses a contact is enrolled in, newest first, with how many chapters are done. */
export async function listStudentCourses(platform: ReadPlatform, tenant: Tenant, contactId: string): Promise<StudentCourseCard[]> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const rows = await trx
      .selectFrom('course_enrolments as e')
      .innerJoin('catalog_items as c', 'c.id', 'e.course_id')
      .select(['e.id as enrolmentId', 'e.is_demo', 'e.status', 'e.enrolled_at', 'c.guid', 'c.name', 'c.summary'])
      .select((eb) => [
        eb
          .selectFrom('course_chapters as ch')
          .innerJoin('course_sections as s', 's.id', 'ch.section_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.course_id', '=', 'c.id')
          .where((w) => w.or([w(sql.ref('e.is_demo'), '=', false), w('ch.is_demo', '=', true)]))
          .as('chapterCount'),
        eb
          .selectFrom('chapter_progress as p')
          .innerJoin('course_chapters as ch', 'ch.id', 'p.chapter_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('p.enrolment_id', '=', 'e.id')
          .where('p.completed_at', 'is not', null)
          .where((w) => w.or([w(sql.ref('e.is_demo'), '=', false), w('ch.is_demo', '=', true)]))
          .as('completedCount'),
      ])
      .where('e.contact_id', '=', contactId)
      .where('e.status', '<>', 'cancelled')
      .where('c.is_archived', '=', false)
      .orderBy('e.enrolled_at', 'desc')
      .execute()
    return rows.map((row) => ({
      guid: row.guid,
      name: row.name,
      summary: row.summary,
      isDemo: row.is_demo,
      status: row.status,
      enrolledAt: new Date(row.enrolled_at).toISOString(),
      chapterCount: Number(row.chapterCount ?? 0),
      completedCount: Number(row.completedCount ?? 0),
    }))
  })
}

/** A chapter as a reader sees it: text sanitised, a video as its embed address, a file by name only. */
export interface ReadableChapter {
  guid: string
  title: string
  contentType: 'text' | 'video' | 'file'
  bodyHtml: string
  embedUrl: string | null
  fileName: string | null
  fileBytes: number | null
  isDemo: boolean
}

export interface ReadableSection {
  guid: string
  title: string
  chapters: ReadableChapter[]
}

export function readableContent(sections: readonly ContentSection[], only: (chapter: ContentSection['chapters'][number]) => boolean): ReadableSection[] {
  return sections
    .map((section) => ({
      guid: section.guid,
      title: section.title,
      chapters: section.chapters.filter(only).map((chapter) => ({
        guid: chapter.guid,
        title: chapter.title,
        contentType: chapter.contentType,
        bodyHtml: sanitizeChapterHtml(chapter.bodyHtml),
        embedUrl: chapter.contentType === 'video' ? playableEmbedUrl(chapter, videoEmbedUrl) : null,
        fileName: chapter.fileName,
        fileBytes: chapter.fileBytes,
        isDemo: chapter.isDemo,
      })),
    }))
    .filter((section) => section.chapters.length > 0)
}

export interface StudentCourse {
  course: { guid: string; name: string; slug: string; summary: string }
  isDemo: boolean
  sections: ReadableSection[]
  completed: string[]
}

async function enrolmentOf(trx: TenantExecutor, courseId: string, contactId: string) {
  return trx
    .selectFrom('course_enrolments')
    .select(['id', 'is_demo', 'status'])
    .where('course_id', '=', courseId)
    .where('contact_id', '=', contactId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst()
}

/** A course the contact is enrolled in, with the chapters open to them and those they completed; null otherwise. */
export async function loadStudentCourse(platform: ReadPlatform, tenant: Tenant, contactId: string, unverifiedCourseGuid: string): Promise<StudentCourse | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const course = await findCourse(trx, unverifiedCourseGuid)
    if (!course || course.isArchived) return null
    const enrolment = await enrolmentOf(trx, course.id, contactId)
    if (!enrolment) return null
    const content = await loadCourseContent(trx, course.id)
    const progress = await trx.selectFrom('chapter_progress').select('chapter_id').where('enrolment_id', '=', enrolment.id).where('completed_at', 'is not', null).execute()
    const done = new Set(progress.map((row) => row.chapter_id))
    const open = (chapter: { isDemo: boolean }) => !enrolment.is_demo || chapter.isDemo
    return {
      course: { guid: course.guid, name: course.name, slug: course.slug, summary: course.summary },
      isDemo: enrolment.is_demo,
      sections: readableContent(content, open),
      completed: chaptersInOrder(content)
        .filter((chapter) => open(chapter) && done.has(chapter.id))
        .map((chapter) => chapter.guid),
    }
  })
}

/**
 * Records that the student finished a chapter they may read; when every open chapter of a full
 * enrolment is done, the enrolment is completed too.
 */
export async function markChapterComplete(
  platform: WritePlatform,
  tenant: Tenant,
  input: { contactId: string; unverifiedCourseGuid: string; unverifiedChapterGuid: string },
): Promise<'done' | 'not-found'> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const course = await findCourse(trx, input.unverifiedCourseGuid)
    if (!course || course.isArchived) return 'not-found'
    const enrolment = await enrolmentOf(trx, course.id, input.contactId)
    if (!enrolment) return 'not-found'
    const content = chaptersInOrder(await loadCourseContent(trx, course.id)).filter((chapter) => !enrolment.is_demo || chapter.isDemo)
    const chapter = content.find((row) => row.guid === input.unverifiedChapterGuid.toLowerCase())
    if (!chapter) return 'not-found'
    const now = new Date()
    await trx
      .insertInto('chapter_progress')
      .values({ tenant_id: tenant.id, enrolment_id: enrolment.id, chapter_id: chapter.id, last_viewed_at: now, completed_at: now })
      .onConflict((oc) => oc.columns(['enrolment_id', 'chapter_id']).doUpdateSet({ last_viewed_at: now, completed_at: sql`coalesce(chapter_progress.completed_at, ${now})` }))
      .execute()
    if (!enrolment.is_demo && enrolment.status === 'active') {
      const done = await trx
        .selectFrom('chapter_progress')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('enrolment_id', '=', enrolment.id)
        .where('completed_at', 'is not', null)
        .executeTakeFirstOrThrow()
      if (Number(done.n) >= content.length) {
        await trx.updateTable('course_enrolments').set({ status: 'completed', completed_at: now, updated_at: now }).where('id', '=', enrolment.id).execute()
      }
    }
    return 'done'
  })
}

/**
 * Whether a chapter's file may be handed to this person: staff who may manage courses; a student
 * enrolled in the course (a demo enrolment only for demo chapters); anyone for a demo chapter
 * of a published course that allows demo chapters.
 */
export async function chapterFileFor(
  platform: ReadPlatform,
  tenant: Tenant,
  input: { unverifiedChapterGuid: string; viewer: { contactId: string; isCourseStaff: boolean } | null },
): Promise<{ kind: 'file'; key: string; name: string } | { kind: 'refused' } | { kind: 'not-found' }> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    if (!/^[0-9a-f-]{36}$/i.test(input.unverifiedChapterGuid)) return { kind: 'not-found' as const }
    const chapter = await trx
      .selectFrom('course_chapters as ch')
      .innerJoin('course_sections as s', 's.id', 'ch.section_id')
      .innerJoin('catalog_items as c', 'c.id', 's.course_id')
      .select(['ch.file_key', 'ch.file_name', 'ch.is_demo', 'c.id as courseId', 'c.is_published', 'c.is_archived', 'c.is_allow_demo_chapters'])
      .where('ch.guid', '=', input.unverifiedChapterGuid.toLowerCase())
      .where('ch.content_type', '=', 'file')
      .executeTakeFirst()
    if (!chapter?.file_key || !chapter.file_name) return { kind: 'not-found' as const }
    const file = { kind: 'file' as const, key: chapter.file_key, name: chapter.file_name }
    if (input.viewer?.isCourseStaff) return file
    const isPublicDemo = chapter.is_demo && chapter.is_allow_demo_chapters && chapter.is_published && !chapter.is_archived
    if (isPublicDemo) return file
    if (!input.viewer || chapter.is_archived) return { kind: 'refused' as const }
    const enrolment = await enrolmentOf(trx, chapter.courseId, input.viewer.contactId)
    if (enrolment && (!enrolment.is_demo || chapter.is_demo)) return file
    return { kind: 'refused' as const }
  })
}

/** Whether the contact holds a live enrolment in the course (a demo one counts only when `countDemo`). */
export async function isEnrolledIn(platform: ReadPlatform, tenant: Tenant, contactId: string, courseGuid: string, options: { countDemo: boolean }): Promise<boolean> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const course = await findCourse(trx, courseGuid)
    if (!course) return false
    const enrolment = await enrolmentOf(trx, course.id, contactId)
    return Boolean(enrolment && (options.countDemo || !enrolment.is_demo))
  })
}

/** A published, live course of this tenant by guid, as the enrol page needs it; null otherwise. */
export async function findEnrollableCourse(platform: ReadPlatform, tenant: Tenant, unverifiedGuid: string): Promise<CourseRef | null> {
  if (!tenant.settings.isShowCourses) return null
  const course = await withTenant(platform.database, tenant.id, (trx) => findCourse(trx, unverifiedGuid))
  return course && course.isPublished && !course.isArchived ? course : null
}
