import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Form, Link, useFetcher } from '@remix-run/react'
import { ArrowDown, ArrowUp, FileText, GripVertical, Paperclip, Pencil, Plus, Trash2, Video } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { ContentActionOutcome, ContentScreenView } from '#server/catalog/courses/content-screen'
import { ChapterForm } from './chapter-form'
import { useDragWords } from '#app/components/ui/drag-words'

type Section = ContentScreenView['sections'][number]
type Chapter = Section['chapters'][number]
type Invalid = Extract<ContentActionOutcome, { kind: 'invalid' }>
export type ContentActionResult = Invalid | { kind: 'reordered' } | { kind: 'stale'; message: string } | null

const iconButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text'

const TYPE_ICONS = { text: FileText, video: Video, file: Paperclip } as const

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * The content screen of a course: sections and their chapters. Every change is a plain form
 * post (Move up / Move down included), so it all works without JavaScript; with it, sections and
 * chapters can also be dragged (mouse, touch or keyboard) and the new order is saved at once.
 */
export function CourseContentEditor({ view, result }: { view: ContentScreenView; result: ContentActionResult }) {
  const { t } = useTranslation('catalog')
  const { accessibility } = useDragWords()
  const hydrated = useHydrated()
  const [sections, setSections] = useState(view.sections)
  useEffect(() => setSections(view.sections), [view.sections])
  const fetcher = useFetcher<{ kind: string; message?: string }>()
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const invalid = result?.kind === 'invalid' ? result : null
  const stale = result?.kind === 'stale' ? result.message : fetcher.data?.kind === 'stale' ? fetcher.data.message : null

  const saveOrder = (fields: Array<[string, string]>) => {
    const body = new FormData()
    for (const [name, value] of fields) body.append(name, value)
    fetcher.submit(body, { method: 'post' })
  }
  const onSectionDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = sections.findIndex((section) => section.guid === active.id)
    const to = sections.findIndex((section) => section.guid === over.id)
    const next = arrayMove(sections, from, to)
    setSections(next)
    saveOrder([['intent', 'order-sections'], ...next.map((section): [string, string] => ['order', section.guid])])
  }
  const onChaptersReordered = (sectionGuid: string, chapters: Chapter[]) => {
    setSections((current) => current.map((section) => (section.guid === sectionGuid ? { ...section, chapters } : section)))
    saveOrder([['intent', 'order-chapters'], ['section', sectionGuid], ...chapters.map((chapter): [string, string] => ['order', chapter.guid])])
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('courseContent')}
        description={view.course.name}
        actions={
          <ButtonLink to={`/services/${view.course.guid}`} variant="secondary">
            {t('courseDetails')}
          </ButtonLink>
        }
      />
      {stale ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {stale}
        </p>
      ) : null}
      {invalid?.fieldErrors[''] ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {invalid.fieldErrors['']}
        </p>
      ) : null}

      {view.chapterForm ? (
        <ChapterForm
          key={view.chapterForm.mode === 'add' ? `add-${view.chapterForm.sectionGuid}` : `edit-${view.chapterForm.chapterGuid}`}
          courseGuid={view.course.guid}
          form={view.chapterForm}
          isAllowDemoChapters={view.course.isAllowDemoChapters}
          invalid={invalid && (invalid.intent === 'add-chapter' || invalid.intent === 'edit-chapter') ? invalid : null}
        />
      ) : null}

      <section aria-labelledby="course-outline-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="course-outline-heading" className="text-lg font-semibold text-slate-900">
            {t('sectionsAndChapters')}
          </h2>
          {hydrated && sections.length > 1 ? <p className="text-xs text-slate-600">{t('dragToReorder')}</p> : null}
        </div>
        {sections.length === 0 ? (
          <EmptyState icon={FileText} title={t('noSectionsYet')}>
            {t('noSectionsHint')}
          </EmptyState>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onSectionDragEnd} accessibility={accessibility}>
            <SortableContext items={sections.map((section) => section.guid)} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-4" aria-label={t('sectionsInOrder')}>
                {sections.map((section, index) => (
                  <SectionCard
                    key={section.guid}
                    courseGuid={view.course.guid}
                    section={section}
                    position={{ first: index === 0, last: index === sections.length - 1 }}
                    draggable={hydrated}
                    invalid={invalid?.intent === 'rename-section' && invalid.target === section.guid ? invalid : null}
                    onChaptersReordered={onChaptersReordered}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        {/* Keyed by the count so the field empties once a section is added. */}
        <AddSectionForm key={sections.length} invalid={invalid?.intent === 'add-section' ? invalid : null} />
      </section>
    </div>
  )
}

function AddSectionForm({ invalid }: { invalid: Invalid | null }) {
  const { t } = useTranslation('catalog')
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-4 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="add-section" />
      <Field id="new-section-title" label={t('newSectionTitle')} errors={invalid?.fieldErrors.title ? [invalid.fieldErrors.title] : null} className="flex-1">
        {(control) => <input {...control} name="title" maxLength={200} defaultValue={invalid?.values.sectionTitle ?? ''} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Button type="submit" variant="primary">
        <Plus aria-hidden className="h-4 w-4" />
        {t('addSection')}
      </Button>
    </Form>
  )
}

/** A one-button form: what Move up, Move down and the confirmed deletes post. */
function ActionButton({ fields, label, children, disabled, className = iconButton }: { fields: Record<string, string>; label: string; children: ReactNode; disabled?: boolean; className?: string }) {
  return (
    <Form method="post" preventScrollReset className="inline-flex">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-label={label} title={label} disabled={disabled} className={className}>
        {children}
      </button>
    </Form>
  )
}

function DragHandle({ label, props }: { label: string; props: Record<string, unknown> }) {
  return (
    <button type="button" {...props} aria-label={label} className="cursor-grab touch-none rounded p-1 text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-text">
      <GripVertical aria-hidden className="h-4 w-4" />
    </button>
  )
}

function SectionCard({
  courseGuid,
  section,
  position,
  draggable,
  invalid,
  onChaptersReordered,
}: {
  courseGuid: string
  section: Section
  position: { first: boolean; last: boolean }
  draggable: boolean
  invalid: Invalid | null
  onChaptersReordered: (sectionGuid: string, chapters: Chapter[]) => void
}) {
  const { t } = useTranslation('catalog')
  const { accessibility, sortableAttributes } = useDragWords()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: section.guid, disabled: !draggable, attributes: sortableAttributes })
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = section.chapters.findIndex((chapter) => chapter.guid === active.id)
    const to = section.chapters.findIndex((chapter) => chapter.guid === over.id)
    onChaptersReordered(section.guid, arrayMove(section.chapters, from, to))
  }
  const headingId = `section-${section.guid}-title`
  return (
    <li
      ref={setNodeRef}
      id={`section-${section.guid}`}
      data-section-guid={section.guid}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm ${isDragging ? 'z-10 shadow-lg' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
        {draggable ? <DragHandle label={t('dragSection', { title: section.title })} props={{ ...attributes, ...listeners }} /> : null}
        <h3 id={headingId} className="min-w-[9rem] flex-1 text-base font-semibold break-words text-slate-900">
          {section.title}
        </h3>
        <div className="flex items-center gap-1">
          <ActionButton fields={{ intent: 'move-section', section: section.guid, direction: 'up' }} label={t('moveSectionUp', { title: section.title })} disabled={position.first}>
            <ArrowUp aria-hidden className="h-4 w-4" />
          </ActionButton>
          <ActionButton fields={{ intent: 'move-section', section: section.guid, direction: 'down' }} label={t('moveSectionDown', { title: section.title })} disabled={position.last}>
            <ArrowDown aria-hidden className="h-4 w-4" />
          </ActionButton>
        </div>
      </div>
      <div className="flex flex-col gap-3 px-4 py-3">
        {section.chapters.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noChaptersInSection')}</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
            <SortableContext items={section.chapters.map((chapter) => chapter.guid)} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-2" aria-label={t('chaptersOf', { title: section.title })}>
                {section.chapters.map((chapter, index) => (
                  <ChapterRow key={chapter.guid} courseGuid={courseGuid} chapter={chapter} position={{ first: index === 0, last: index === section.chapters.length - 1 }} draggable={draggable} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <ButtonLink to={`/services/${courseGuid}/content?add=${section.guid}#chapter-form`} variant="secondary" size="sm">
            <Plus aria-hidden className="h-4 w-4" />
            {t('addChapter')}
          </ButtonLink>
          <details className="group" open={invalid !== null}>
            <summary className="cursor-pointer text-sm font-medium text-brand-text">{t('renameSection')}</summary>
            <Form method="post" className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="rename-section" />
              <input type="hidden" name="section" value={section.guid} />
              <Field id={`rename-${section.guid}`} label={t('sectionTitle')} errors={invalid?.fieldErrors.title ? [invalid.fieldErrors.title] : null}>
                {(control) => <input {...control} name="title" maxLength={200} defaultValue={invalid?.values.sectionTitle ?? section.title} className={FIELD_INPUT_CLASSES} />}
              </Field>
              <Button type="submit" size="sm" variant="primary">
                {t('save')}
              </Button>
            </Form>
          </details>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-red-700">{t('deleteSection')}</summary>
            <div className="mt-2 flex flex-col gap-2">
              <p className="text-sm text-slate-700">
                {section.chapters.length > 0 ? t('deleteSectionWithChapters', { count: section.chapters.length }) : t('deleteSectionEmpty')}
              </p>
              <ActionButton fields={{ intent: 'delete-section', section: section.guid }} label={t('deleteSectionNamed', { title: section.title })} className="inline-flex items-center gap-1.5 rounded-md bg-red-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-700">
                <Trash2 aria-hidden className="h-4 w-4" />
                {t('deleteSection')}
              </ActionButton>
            </div>
          </details>
        </div>
      </div>
    </li>
  )
}

function ChapterRow({ courseGuid, chapter, position, draggable }: { courseGuid: string; chapter: Chapter; position: { first: boolean; last: boolean }; draggable: boolean }) {
  const { t } = useTranslation('catalog')
  const { sortableAttributes } = useDragWords()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.guid, disabled: !draggable, attributes: sortableAttributes })
  const Icon = TYPE_ICONS[chapter.contentType]
  return (
    <li
      ref={setNodeRef}
      id={`chapter-${chapter.guid}`}
      data-chapter-guid={chapter.guid}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 ${isDragging ? 'z-10 shadow-lg' : ''}`}
    >
      {draggable ? <DragHandle label={t('dragChapter', { title: chapter.title })} props={{ ...attributes, ...listeners }} /> : null}
      <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
      <span className="sr-only">{t(`chapterType_${chapter.contentType}`)}:</span>
      <span className="min-w-[9rem] flex-1 text-sm break-words text-slate-900" data-chapter-title>
        {chapter.title}
      </span>
      {chapter.isDemo ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{t('demo')}</span> : null}
      <div className="ml-auto flex items-center gap-1">
        <ActionButton fields={{ intent: 'move-chapter', chapter: chapter.guid, direction: 'up' }} label={t('moveChapterUp', { title: chapter.title })} disabled={position.first}>
          <ArrowUp aria-hidden className="h-4 w-4" />
        </ActionButton>
        <ActionButton fields={{ intent: 'move-chapter', chapter: chapter.guid, direction: 'down' }} label={t('moveChapterDown', { title: chapter.title })} disabled={position.last}>
          <ArrowDown aria-hidden className="h-4 w-4" />
        </ActionButton>
        <Link to={`/services/${courseGuid}/content?chapter=${chapter.guid}#chapter-form`} aria-label={t('editChapterNamed', { title: chapter.title })} title={t('edit')} className={iconButton}>
          <Pencil aria-hidden className="h-4 w-4" />
        </Link>
        <details className="relative">
          <summary aria-label={t('deleteChapterNamed', { title: chapter.title })} title={t('delete')} className={`${iconButton} cursor-pointer list-none text-red-700 [&::-webkit-details-marker]:hidden`}>
            <Trash2 aria-hidden className="h-4 w-4" />
          </summary>
          <div className="absolute right-0 z-20 mt-1 w-56 max-w-[80vw] rounded-md border border-slate-200 bg-white p-3 shadow-lg">
            <p className="mb-2 text-sm text-slate-700">{t('deleteChapterSure')}</p>
            <ActionButton fields={{ intent: 'delete-chapter', chapter: chapter.guid }} label={t('confirmDeleteChapter', { title: chapter.title })} className="inline-flex items-center gap-1.5 rounded-md bg-red-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-700">
              {t('deleteChapter')}
            </ActionButton>
          </div>
        </details>
      </div>
    </li>
  )
}
