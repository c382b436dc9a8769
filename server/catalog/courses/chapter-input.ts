import { z } from 'zod'
import { videoEmbedUrl } from '#server/catalog/video-embed'
import { err, ok, type WordedResult } from '#server/errors/result'
import { sanitizeFormHtml } from '#server/forms/sanitize-form-html'
import type { ChapterContentType } from '#db/tables/catalog'

/** The kinds of chapter, in the order the form offers them. */
export const CHAPTER_CONTENT_TYPES = ['text', 'video', 'file'] as const satisfies readonly ChapterContentType[]

export const CHAPTER_TYPE_LABELS: Readonly<Record<ChapterContentType, string>> = { text: 'Text', video: 'Video', file: 'File' }

/** The largest file a chapter may carry: handouts and slide decks, not videos (those are links). */
export const MAX_CHAPTER_FILE_BYTES = 25 * 1024 * 1024

export const TITLE_MAX_LENGTH = 200
export const CHAPTER_HTML_MAX_LENGTH = 100_000

export const COURSE_CONTENT_MESSAGES = {
  sectionTitleRequired: 'Section title is required!',
  chapterTitleRequired: 'Chapter title is required!',
  titleTooLong: `Use at most ${TITLE_MAX_LENGTH} characters.`,
  typeRequired: 'Choose a chapter type.',
  textRequired: 'Write the chapter text.',
  textTooLong: 'The chapter text is too long.',
  videoRequired: 'Video link is required!',
  videoInvalid: 'Enter a YouTube or Vimeo link, such as https://www.youtube.com/watch?v=… or https://vimeo.com/….',
  fileRequired: 'Choose a file to upload.',
  fileTooLarge: 'The file must be at most 25 MB.',
  unreadable: 'The form could not be read. Please try again.',
  stale: 'The course changed while you were editing it. Please try again.',
} as const

/** The chapter's text, safe to show to students and visitors; '' for an empty editor. */
export function sanitizeChapterHtml(html: string): string {
  return sanitizeFormHtml(html)
}

const title = (required: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string().min(1, required).max(TITLE_MAX_LENGTH, COURSE_CONTENT_MESSAGES.titleTooLong))

export const sectionTitleSchema = title(COURSE_CONTENT_MESSAGES.sectionTitleRequired)

/** What a chapter form posts, before the file (read separately from the multipart body). */
const chapterFieldsSchema = z.object({
  title: title(COURSE_CONTENT_MESSAGES.chapterTitleRequired),
  contentType: z.enum(CHAPTER_CONTENT_TYPES, { errorMap: () => ({ message: COURSE_CONTENT_MESSAGES.typeRequired }) }),
  bodyHtml: z.string().max(CHAPTER_HTML_MAX_LENGTH, COURSE_CONTENT_MESSAGES.textTooLong).default(''),
  videoUrl: z.string().max(2_000, COURSE_CONTENT_MESSAGES.videoInvalid).default(''),
  // An unchecked checkbox posts nothing.
  isDemo: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
})

/** A chapter as it will be written; the file, when there is one, is stored by the caller. */
export type ChapterInput =
  | { title: string; isDemo: boolean; contentType: 'text'; bodyHtml: string }
  | { title: string; isDemo: boolean; contentType: 'video'; bodyHtml: string; videoUrl: string; videoEmbedUrl: string }
  | { title: string; isDemo: boolean; contentType: 'file'; bodyHtml: string; file: File | null }

export interface ChapterFormValues {
  title: string
  contentType: string
  bodyHtml: string
  videoUrl: string
  isDemo: boolean
}

/** A refused chapter form: a message by field, and what was typed, to show the form again. */
export interface ChapterRefusal {
  fieldErrors: Record<string, string>
  values: ChapterFormValues
}

export type ChapterParse = WordedResult<ChapterInput, 'invalid_input', ChapterRefusal>

/**
 * Reads a chapter form: text chapters need text, video chapters a link that the spec's rule turns
 * into an embed address (the link as typed is kept too), file chapters a file unless one is
 * already stored (`hasStoredFile`, when editing). Any chapter may carry notes in `bodyHtml`.
 */
export function parseChapterForm(form: FormData, options: { hasStoredFile: boolean; fileTooLarge: boolean }): ChapterParse {
  const raw = {
    title: form.get('title'),
    contentType: form.get('contentType'),
    bodyHtml: typeof form.get('bodyHtml') === 'string' ? form.get('bodyHtml') : '',
    videoUrl: typeof form.get('videoUrl') === 'string' ? String(form.get('videoUrl')).trim() : '',
    isDemo: form.get('isDemo'),
  }
  const values: ChapterFormValues = {
    title: typeof raw.title === 'string' ? raw.title.slice(0, 1_000) : '',
    contentType: typeof raw.contentType === 'string' ? raw.contentType : '',
    bodyHtml: String(raw.bodyHtml).slice(0, CHAPTER_HTML_MAX_LENGTH + 1),
    videoUrl: String(raw.videoUrl).slice(0, 2_000),
    isDemo: raw.isDemo === 'on' || raw.isDemo === 'true',
  }
  const parsed = chapterFieldsSchema.safeParse(raw)
  const fieldErrors: Record<string, string> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '')
      if (!fieldErrors[name]) fieldErrors[name] = issue.message
    }
  }
  const upload = form.get('file')
  const file = upload instanceof File && upload.size > 0 ? upload : null
  const bodyHtml = sanitizeChapterHtml(parsed.success ? parsed.data.bodyHtml : '')
  const contentType = parsed.success ? parsed.data.contentType : CHAPTER_CONTENT_TYPES.find((type) => type === values.contentType)
  let embed: string | null = null
  if (contentType === 'text' && parsed.success && bodyHtml === '') fieldErrors.bodyHtml = COURSE_CONTENT_MESSAGES.textRequired
  if (contentType === 'video') {
    if (values.videoUrl === '') fieldErrors.videoUrl = COURSE_CONTENT_MESSAGES.videoRequired
    else if (!(embed = videoEmbedUrl(values.videoUrl))) fieldErrors.videoUrl = COURSE_CONTENT_MESSAGES.videoInvalid
  }
  if (contentType === 'file') {
    if (options.fileTooLarge) fieldErrors.file = COURSE_CONTENT_MESSAGES.fileTooLarge
    else if (!file && !options.hasStoredFile) fieldErrors.file = COURSE_CONTENT_MESSAGES.fileRequired
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return err('invalid_input', Object.values(fieldErrors)[0] ?? COURSE_CONTENT_MESSAGES.unreadable, { fieldErrors, values })
  }
  const base = { title: parsed.data.title, isDemo: parsed.data.isDemo, bodyHtml }
  switch (parsed.data.contentType) {
    case 'text':
      return ok({ ...base, contentType: 'text' })
    case 'video':
      return ok({ ...base, contentType: 'video', videoUrl: values.videoUrl, videoEmbedUrl: embed ?? '' })
    case 'file':
      return ok({ ...base, contentType: 'file', file })
  }
}

/** A file's name as typed by the uploader, made safe for a Content-Disposition header and a page. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/\s+/g, ' ').trim().slice(0, 150)
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned
}
