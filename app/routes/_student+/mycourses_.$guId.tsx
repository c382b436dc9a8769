import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ArrowLeft, CheckCircle2, Circle } from 'lucide-react'
import { z } from 'zod'
import { ChapterView } from '#app/components/catalog/courses/chapter-view'
import { CourseProgress } from '#app/components/catalog/courses/course-progress'
import { Button } from '#app/components/ui/button'
import { requireStudentArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { loadStudentCourse, markChapterComplete } from '#server/catalog/courses/enrolments'
import { notFound } from '#server/errors/responses'
import { PORTAL_MESSAGES } from '#server/portal/portal-messages'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.course.name : 'Course' }]

/** /mycourses/{courseGuid}: an enrolled course, chapter by chapter (?chapter=), with 'Mark as complete'. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const course = await loadStudentCourse(context.platform, tenant, user.contactId, params.guId ?? '')
  if (!course) throw notFound()
  const chapters = course.sections.flatMap((section) => section.chapters)
  const wanted = new URL(request.url).searchParams.get('chapter')?.toLowerCase()
  const done = new Set(course.completed)
  const current = chapters.find((chapter) => chapter.guid === wanted) ?? chapters.find((chapter) => !done.has(chapter.guid)) ?? chapters[0] ?? null
  const at = current ? chapters.indexOf(current) : -1
  return {
    ...course,
    current,
    previous: at > 0 ? chapters[at - 1].guid : null,
    next: at >= 0 && at < chapters.length - 1 ? chapters[at + 1].guid : null,
    total: chapters.length,
  }
}

const completeSchema = z.object({ intent: z.literal('complete'), chapter: z.string().max(64) })

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const form = await request.formData().catch(() => null)
  const parsed = completeSchema.safeParse({ intent: form?.get('intent'), chapter: form?.get('chapter') })
  if (!parsed.success) return data({ message: PORTAL_MESSAGES.formNotRead }, { status: 400 })
  const courseGuid = params.guId ?? ''
  const result = await markChapterComplete(context.platform, tenant, { contactId: user.contactId, unverifiedCourseGuid: courseGuid, unverifiedChapterGuid: parsed.data.chapter })
  if (result === 'not-found') throw notFound()
  const next = String(form?.get('next') ?? '')
  const to = /^[0-9a-f-]{36}$/i.test(next) ? `/mycourses/${courseGuid}?chapter=${next}` : `/mycourses/${courseGuid}?chapter=${parsed.data.chapter}`
  return redirectWithToast(to, { type: 'success', message: PORTAL_MESSAGES.chapterComplete }, { status: 303 })
}

export default function StudentCourseRoute() {
  const view = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const done = new Set(view.completed)
  const current = view.current
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link to="/mycourses" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-text underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('allMyCourses')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{view.course.name}</h1>
        {view.isDemo ? <p className="text-sm text-slate-600">{t('tryingCourse')}</p> : null}
        <div className="max-w-md">
          <CourseProgress done={view.completed.length} total={view.total} label={t('yourProgress')} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <nav aria-label={t('chapters')} className="h-fit rounded-lg border border-slate-200 bg-white">
          <ol className="flex flex-col">
            {view.sections.map((section) => (
              <li key={section.guid} className="border-b border-slate-100 last:border-b-0">
                <h2 className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{section.title}</h2>
                <ol className="pb-2">
                  {section.chapters.map((chapter) => {
                    const isCurrent = chapter.guid === current?.guid
                    return (
                      <li key={chapter.guid}>
                        <Link
                          to={`/mycourses/${view.course.guid}?chapter=${chapter.guid}`}
                          aria-current={isCurrent ? 'page' : undefined}
                          className={`flex items-start gap-2 px-4 py-1.5 text-sm ${isCurrent ? 'bg-brand/10 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-50'}`}
                        >
                          {done.has(chapter.guid) ? <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" /> : <Circle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />}
                          <span className="min-w-0 break-words">{chapter.title}</span>
                          {done.has(chapter.guid) ? <span className="sr-only">{t('chapterDone')}</span> : null}
                        </Link>
                      </li>
                    )
                  })}
                </ol>
              </li>
            ))}
          </ol>
        </nav>
        <section aria-label={t('chapter')} className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
          {current ? (
            <div className="flex flex-col gap-6">
              <ChapterView chapter={current} />
              <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
                {done.has(current.guid) ? (
                  <p className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800" data-chapter-complete>
                    <CheckCircle2 aria-hidden className="h-4 w-4" />
                    {t('completed')}
                  </p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="complete" />
                    <input type="hidden" name="chapter" value={current.guid} />
                    {view.next ? <input type="hidden" name="next" value={view.next} /> : null}
                    <Button type="submit" variant="primary">
                      {t('markAsComplete')}
                    </Button>
                  </Form>
                )}
                <div className="ml-auto flex gap-2">
                  {view.previous ? (
                    <Link to={`/mycourses/${view.course.guid}?chapter=${view.previous}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                      {t('previousChapter')}
                    </Link>
                  ) : null}
                  {view.next ? (
                    <Link to={`/mycourses/${view.course.guid}?chapter=${view.next}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                      {t('nextChapter')}
                    </Link>
                  ) : null}
                </div>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('noChapters')}</p>
          )}
        </section>
      </div>
    </div>
  )
}
