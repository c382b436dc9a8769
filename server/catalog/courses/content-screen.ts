import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { COURSE_CONTENT_MESSAGES, parseChapterForm, sectionTitleSchema, type ChapterFormValues } from './chapter-input'
import { findCourse, loadCourseContent, type CourseRef } from './course-content'
import {
  addChapter,
  addSection,
  deleteChapter,
  deleteSection,
  moveChapter,
  moveSection,
  orderChapters,
  orderSections,
  renameSection,
  updateChapter,
  type ContentWrite,
} from './course-content-writes'

/** What the content screen shows: the course, its outline and the chapter form when one is open. */
export interface ContentScreenView {
  course: { guid: string; name: string; isAllowDemoChapters: boolean }
  sections: Array<{
    guid: string
    title: string
    chapters: Array<{ guid: string; title: string; contentType: 'text' | 'video' | 'file'; isDemo: boolean; fileName: string | null; videoUrl: string | null }>
  }>
  /** The chapter form: a new chapter of a section (?add=) or an existing chapter (?chapter=). */
  chapterForm: { mode: 'add'; sectionGuid: string; sectionTitle: string; values: ChapterFormValues; fileName: null } | { mode: 'edit'; chapterGuid: string; sectionTitle: string; values: ChapterFormValues; fileName: string | null } | null
}

export async function loadContentCourse(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuid: string): Promise<CourseRef | null> {
  return withTenant(platform.database, tenant.id, (trx) => findCourse(trx, unverifiedGuid))
}

export async function loadContentScreen(platform: Pick<Platform, 'database'>, tenant: Tenant, course: CourseRef, query: URLSearchParams): Promise<ContentScreenView> {
  const content = await withTenant(platform.database, tenant.id, (trx) => loadCourseContent(trx, course.id))
  const addTo = query.get('add')?.toLowerCase()
  const editing = query.get('chapter')?.toLowerCase()
  let chapterForm: ContentScreenView['chapterForm'] = null
  const addSectionRow = addTo ? content.find((section) => section.guid === addTo) : undefined
  if (addSectionRow) {
    chapterForm = { mode: 'add', sectionGuid: addSectionRow.guid, sectionTitle: addSectionRow.title, values: { title: '', contentType: 'text', bodyHtml: '', videoUrl: '', isDemo: false }, fileName: null }
  } else if (editing) {
    for (const section of content) {
      const chapter = section.chapters.find((row) => row.guid === editing)
      if (chapter) {
        chapterForm = {
          mode: 'edit',
          chapterGuid: chapter.guid,
          sectionTitle: section.title,
          values: { title: chapter.title, contentType: chapter.contentType, bodyHtml: chapter.bodyHtml, videoUrl: chapter.videoUrl ?? '', isDemo: chapter.isDemo },
          fileName: chapter.fileName,
        }
      }
    }
  }
  return {
    course: { guid: course.guid, name: course.name, isAllowDemoChapters: course.isAllowDemoChapters },
    sections: content.map((section) => ({
      guid: section.guid,
      title: section.title,
      chapters: section.chapters.map((chapter) => ({ guid: chapter.guid, title: chapter.title, contentType: chapter.contentType, isDemo: chapter.isDemo, fileName: chapter.fileName, videoUrl: chapter.videoUrl })),
    })),
    chapterForm,
  }
}

const guid = z.string().trim().max(64)
const direction = z.enum(['up', 'down'])

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-section'), title: z.unknown() }),
  z.object({ intent: z.literal('rename-section'), section: guid, title: z.unknown() }),
  z.object({ intent: z.literal('delete-section'), section: guid }),
  z.object({ intent: z.literal('move-section'), section: guid, direction }),
  z.object({ intent: z.literal('order-sections'), order: z.array(guid).max(500) }),
  z.object({ intent: z.literal('add-chapter'), section: guid }),
  z.object({ intent: z.literal('edit-chapter'), chapter: guid }),
  z.object({ intent: z.literal('delete-chapter'), chapter: guid }),
  z.object({ intent: z.literal('move-chapter'), chapter: guid, direction }),
  z.object({ intent: z.literal('order-chapters'), section: guid, order: z.array(guid).max(500) }),
])

/** What the content screen's action answers. */
export type ContentActionOutcome =
  | { kind: 'saved'; toast: string; redirectTo: string }
  | { kind: 'reordered' }
  | { kind: 'invalid'; intent: string; target: string | null; fieldErrors: Record<string, string>; values: Partial<ChapterFormValues> & { sectionTitle?: string } }
  | { kind: 'not-found' }
  | { kind: 'stale'; message: string }

/** What the content screen says after a change (translated where shown). */
export const COURSE_CONTENT_TOASTS: Readonly<Record<string, string>> = {
  'add-section': 'Section added.',
  'rename-section': 'Section renamed.',
  'delete-section': 'Section deleted.',
  'move-section': 'Section moved.',
  'add-chapter': 'Chapter added.',
  'edit-chapter': 'Chapter saved.',
  'delete-chapter': 'Chapter deleted.',
  'move-chapter': 'Chapter moved.',
  saved: 'Saved.',
}

/** One post of the content screen, told apart by its intent; every write goes through writeCatalog. */
export async function runContentAction(
  platform: Pick<Platform, 'database' | 'caches' | 'env' | 'files'>,
  tenant: Tenant,
  course: CourseRef,
  upload: { form: FormData; oversized: ReadonlySet<string>; malformed: boolean },
): Promise<ContentActionOutcome> {
  const back = `/services/${course.guid}/content`
  const form = upload.form
  const parsed = upload.malformed
    ? null
    : intentSchema.safeParse({
        intent: form.get('intent'),
        title: form.get('title'),
        section: form.get('section') ?? undefined,
        chapter: form.get('chapter') ?? undefined,
        direction: form.get('direction') ?? undefined,
        order: form.getAll('order').map(String),
      })
  if (!parsed?.success) return { kind: 'invalid', intent: String(form.get('intent') ?? ''), target: null, fieldErrors: { '': COURSE_CONTENT_MESSAGES.unreadable }, values: {} }
  const input = parsed.data
  const finish = (result: ContentWrite, anchor: string | null, redirectTo = back): ContentActionOutcome => {
    if (result === 'not-found') return { kind: 'not-found' }
    if (result === 'stale') return { kind: 'stale', message: COURSE_CONTENT_MESSAGES.stale }
    return { kind: 'saved', toast: COURSE_CONTENT_TOASTS[input.intent] ?? COURSE_CONTENT_TOASTS.saved ?? 'Saved.', redirectTo: anchor ? `${redirectTo}#${anchor}` : redirectTo }
  }
  switch (input.intent) {
    case 'add-section':
    case 'rename-section': {
      const title = sectionTitleSchema.safeParse(input.title)
      const target = input.intent === 'rename-section' ? input.section : null
      if (!title.success) {
        return { kind: 'invalid', intent: input.intent, target, fieldErrors: { title: title.error.issues[0]?.message ?? COURSE_CONTENT_MESSAGES.sectionTitleRequired }, values: { sectionTitle: typeof input.title === 'string' ? input.title.slice(0, 1_000) : '' } }
      }
      if (input.intent === 'add-section') {
        const added = await addSection(platform, tenant, course, title.data)
        return finish('done', `section-${added}`)
      }
      return finish(await renameSection(platform, tenant, course, input.section, title.data), `section-${input.section}`)
    }
    case 'delete-section':
      return finish(await deleteSection(platform, tenant, course, input.section), null)
    case 'move-section':
      return finish(await moveSection(platform, tenant, course, input.section, input.direction), `section-${input.section}`)
    case 'order-sections': {
      const result = await orderSections(platform, tenant, course, input.order)
      return result === 'done' ? { kind: 'reordered' } : finish(result, null)
    }
    case 'order-chapters': {
      const result = await orderChapters(platform, tenant, course, input.section, input.order)
      return result === 'done' ? { kind: 'reordered' } : finish(result, null)
    }
    case 'move-chapter':
      return finish(await moveChapter(platform, tenant, course, input.chapter, input.direction), `chapter-${input.chapter}`)
    case 'delete-chapter':
      return finish(await deleteChapter(platform, tenant, course, input.chapter), null)
    case 'add-chapter':
    case 'edit-chapter': {
      const target = input.intent === 'add-chapter' ? input.section : input.chapter
      const stored = input.intent === 'edit-chapter' ? await storedFileOf(platform, tenant, course, input.chapter) : false
      if (stored === null) return { kind: 'not-found' }
      const chapter = parseChapterForm(form, { hasStoredFile: stored, fileTooLarge: upload.oversized.has('file') })
      if (!chapter.ok) return { kind: 'invalid', intent: input.intent, target, fieldErrors: chapter.details.fieldErrors, values: chapter.details.values }
      const result =
        input.intent === 'add-chapter'
          ? await addChapter(platform, tenant, course, input.section, chapter.value)
          : await updateChapter(platform, tenant, course, input.chapter, chapter.value)
      return finish(result, input.intent === 'edit-chapter' ? `chapter-${input.chapter}` : null)
    }
  }
}

/** Whether the chapter being edited has a file already (null: no such chapter in this course). */
async function storedFileOf(platform: Pick<Platform, 'database'>, tenant: Tenant, course: CourseRef, chapterGuid: string): Promise<boolean | null> {
  const content = await withTenant(platform.database, tenant.id, (trx) => loadCourseContent(trx, course.id))
  for (const section of content) {
    const chapter = section.chapters.find((row) => row.guid === chapterGuid.toLowerCase())
    if (chapter) return chapter.fileKey !== null
  }
  return null
}
