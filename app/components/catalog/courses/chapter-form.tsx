import { Form, Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES, fieldErrorId } from '#app/components/ui/field'
import type { ContentActionOutcome, ContentScreenView } from '#server/catalog/courses/content-screen'

type Invalid = Extract<ContentActionOutcome, { kind: 'invalid' }>
type OpenForm = NonNullable<ContentScreenView['chapterForm']>

const TYPES = [
  { value: 'text', label: 'chapterType_text' },
  { value: 'video', label: 'chapterTypeVideoLink' },
  { value: 'file', label: 'chapterType_file' },
] as const

/**
 * A chapter's form: title, kind (text, video link or file), its text or notes, the video link,
 * the file and the demo flag. Without JavaScript every field shows and the server uses those of
 * the chosen kind; with it only the chosen kind's fields show.
 */
export function ChapterForm({ courseGuid, form, isAllowDemoChapters, invalid }: { courseGuid: string; form: OpenForm; isAllowDemoChapters: boolean; invalid: Invalid | null }) {
  const { t } = useTranslation('catalog')
  const values = { ...form.values, ...(invalid?.values ?? {}) }
  const errors = invalid?.fieldErrors ?? {}
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [contentType, setContentType] = useState(values.contentType || 'text')
  const [bodyHtml, setBodyHtml] = useState(values.bodyHtml ?? '')
  const shows = (type: string) => !hydrated || contentType === type
  const error = (name: string) => (errors[name] ? [errors[name]] : null)
  const heading = form.mode === 'add' ? t('addChapterTo', { section: form.sectionTitle }) : t('editChapter')

  return (
    <section id="chapter-form" aria-labelledby="chapter-form-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="chapter-form-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value={form.mode === 'add' ? 'add-chapter' : 'edit-chapter'} />
        {form.mode === 'add' ? <input type="hidden" name="section" value={form.sectionGuid} /> : <input type="hidden" name="chapter" value={form.chapterGuid} />}
        <Field id="chapter-title" label={t('chapterTitle')} required errors={error('title')}>
          {(control) => <input {...control} name="title" maxLength={200} defaultValue={values.title} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.contentType ? fieldErrorId('chapter-type') : undefined}>
          <legend className="text-sm font-medium text-slate-700">{t('chapterType')}</legend>
          <div className="flex flex-wrap gap-4">
            {TYPES.map((type) => (
              <label key={type.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="contentType" value={type.value} checked={contentType === type.value} onChange={() => setContentType(type.value)} className="h-4 w-4 accent-brand" />
                {t(type.label)}
              </label>
            ))}
          </div>
          {errors.contentType ? (
            <p id={fieldErrorId('chapter-type')} className="text-sm text-red-700">
              {errors.contentType}
            </p>
          ) : null}
        </fieldset>
        {shows('video') ? (
          <Field id="chapter-video" label={t('videoLink')} hint={t('videoLinkHint')} errors={error('videoUrl')}>
            {(control) => <input {...control} type="url" name="videoUrl" inputMode="url" defaultValue={values.videoUrl} placeholder="https://www.youtube.com/watch?v=…" className={FIELD_INPUT_CLASSES} />}
          </Field>
        ) : null}
        {shows('file') ? (
          <Field
            id="chapter-file"
            label={t('file')}
            hint={form.fileName ? t('storedFileHint', { name: form.fileName }) : t('newFileHint')}
            errors={error('file')}
          >
            {(control) => <input {...control} type="file" name="file" className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm" />}
          </Field>
        ) : null}
        <Field id="chapter-body" label={contentType === 'text' || !hydrated ? t('chapterText') : t('notesOptional')} hint={hydrated ? undefined : t('chapterBodyHint')} errors={error('bodyHtml')}>
          {(control) => (
            <RichTextEditor
              id={control.id}
              name="bodyHtml"
              value={bodyHtml}
              onChange={setBodyHtml}
              label={contentType === 'text' ? t('chapterText') : t('notes')}
              describedBy={control['aria-describedby']}
              invalid={control['aria-invalid']}
            />
          )}
        </Field>
        <div className="flex flex-col gap-1">
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="isDemo" defaultChecked={values.isDemo} className="h-4 w-4 accent-brand" aria-describedby="chapter-demo-hint" />
            {t('demoChapter')}
          </label>
          <p id="chapter-demo-hint" className="text-xs text-slate-500">
            {isAllowDemoChapters ? t('demoAllowedHint') : t('demoNotAllowedHint')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary">
            {form.mode === 'add' ? t('addChapter') : t('saveChapter')}
          </Button>
          <Link to={`/services/${courseGuid}/content`} className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {t('cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}
