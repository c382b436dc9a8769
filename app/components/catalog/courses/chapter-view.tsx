import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ReadableChapter } from '#server/catalog/courses/enrolments'

function sizeOf(bytes: number | null): string {
  if (!bytes) return ''
  if (bytes < 1024 * 1024) return ` (${Math.max(1, Math.round(bytes / 1024))} KB)`
  return ` (${(bytes / 1024 / 1024).toFixed(1)} MB)`
}

/**
 * One chapter as a reader sees it: its text (sanitised on the server), a video in a frame of
 * its embed address, or a file to download (served only to those who may read the chapter).
 */
export function ChapterView({ chapter, headingLevel = 2 }: { chapter: ReadableChapter; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('common')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="flex flex-col gap-4" data-chapter-view={chapter.guid}>
      <Heading className="text-xl font-semibold text-slate-900">{chapter.title}</Heading>
      {chapter.contentType === 'video' ? (
        chapter.embedUrl ? (
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
            <iframe
              src={chapter.embedUrl}
              title={t('chapterVideo', { title: chapter.title })}
              className="h-full w-full"
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('chapterVideoUnavailable')}</p>
        )
      ) : null}
      {chapter.contentType === 'file' && chapter.fileName ? (
        <p>
          <a
            href={`/courses/files/${chapter.guid}`}
            download
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            <Download aria-hidden className="h-4 w-4" />
            {t('chapterDownload', { file: chapter.fileName })}
            <span className="text-slate-500">{sizeOf(chapter.fileBytes)}</span>
          </a>
        </p>
      ) : null}
      {chapter.bodyHtml ? (
        // Sanitised when written and again when read (server/catalog/courses/chapter-input.ts).
        <div className="prose prose-slate max-w-none text-slate-800 [&_a]:text-brand-text [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: chapter.bodyHtml }} />
      ) : null}
    </article>
  )
}
