import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GraduationCap } from 'lucide-react'
import { CourseProgress } from '#app/components/catalog/courses/course-progress'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { StudentBoard } from '#app/components/noticeboard/student-board'
import { requireStudentArea } from '#app/utils/navigation.server'
import { isStudentBoardIntent, loadStudentBoard, studentBoardAction } from '#app/utils/student-board.server'
import { notFound } from '#server/errors/responses'
import { listStudentCourses } from '#server/catalog/courses/enrolments'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Courses')

/** The student's Courses (/mycourses): the courses they are enrolled in, with their progress. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { tenant, user } = access
  const [courses, studentBoard] = await Promise.all([
    listStudentCourses(context.platform, tenant, user.contactId),
    loadStudentBoard(context, access, new URL(request.url).searchParams),
  ])
  return { title: tFor(context.language, 'portal')('nav_courses'), courses, isShowCourses: tenant.settings.isShowCourses, studentBoard }
}

/** The notice board's feedback and review forms (the student home when the calendar is off). */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const form = await request.formData()
  if (!isStudentBoardIntent(form.get('intent'))) throw notFound()
  return studentBoardAction(context, access, form, '/mycourses')
}

export default function StudentCoursesRoute() {
  const { courses, isShowCourses, studentBoard } = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const { t } = useTranslation('portal')
  return (
    <>
      <PageHeader title={t('courses')} description={t('coursesDescription')} />
      <StudentBoard loaded={studentBoard} refused={acted?.board ?? null} path="/mycourses" />
      {courses.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title={t('noCourses')}
          action={
            isShowCourses ? (
              <a href="/courses" className="font-medium text-brand-text underline-offset-2 hover:underline">
                {t('browseCourses')}
              </a>
            ) : undefined
          }
        >
          {t('noCoursesText')}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('yourCourses')}>
          {courses.map((course) => (
            <li key={course.guid} className="relative flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md" data-enrolled-course={course.guid}>
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={`/mycourses/${course.guid}`} className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-brand-text">
                    {course.name}
                  </Link>
                </h2>
                {course.isDemo ? <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{t('demo')}</span> : null}
                {course.status === 'completed' ? <span className="shrink-0 rounded-full bg-brand/15 px-2 py-0.5 text-xs font-medium text-brand-text">{t('completed')}</span> : null}
              </div>
              {course.summary ? <p className="text-sm text-slate-600">{course.summary}</p> : null}
              <CourseProgress done={course.completedCount} total={course.chapterCount} label={t('progressIn', { name: course.name })} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
