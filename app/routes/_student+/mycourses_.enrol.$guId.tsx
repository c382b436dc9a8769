import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { Button } from '#app/components/ui/button'
import { requireStudentArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { COURSE_ENROLLED, enrolInCourse, enrolsAtOnce, findEnrollableCourse, isEnrolledIn } from '#server/catalog/courses/enrolments'
import { notFound } from '#server/errors/responses'
import { PORTAL_MESSAGES } from '#server/portal/portal-messages'
import type { Tenant } from '#server/tenancy/tenant'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Enrol: ${data.course.name}` : 'Enrol' }]

/** A published course the student may enrol in from the public site (isShowCourses on), else 404. */
async function enrollableCourse(context: AppLoadContext, tenant: Tenant, unverifiedGuid: string) {
  const course = await findEnrollableCourse(context.platform, tenant, unverifiedGuid)
  if (!course) throw notFound()
  return course
}

/**
 * /mycourses/enrol/{courseGuid}: where the Register button of a free course leads. A visitor
 * signs in (or registers) and comes back here; the page asks once more, the post enrols.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const course = await enrollableCourse(context, tenant, params.guId ?? '')
  if (await isEnrolledIn(context.platform, tenant, user.contactId, course.guid, { countDemo: false })) throw redirect(`/mycourses/${course.guid}`)
  return { course: { guid: course.guid, name: course.name, slug: course.slug, summary: course.summary }, isFree: enrolsAtOnce(course), registerLabel: tenant.settings.registerButtonLabel || null }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const course = await enrollableCourse(context, tenant, params.guId ?? '')
  // Paid courses are bought at checkout; a post made by hand enrols nobody.
  if (!enrolsAtOnce(course)) return data({ message: PORTAL_MESSAGES.enrolledAtCheckout }, { status: 400 })
  await enrolInCourse(context.platform, tenant, { courseId: course.id, contactId: user.contactId, isDemo: false })
  return redirectWithToast(`/mycourses/${course.guid}`, { type: 'success', message: COURSE_ENROLLED }, { status: 303 })
}

export default function EnrolRoute() {
  const { course, isFree, registerLabel } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  return (
    <div className="max-w-xl">
      <PageHeader title={course.name} description={course.summary} />
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
        {isFree ? (
          <>
            <p className="text-sm text-slate-700">{t('courseFree')}</p>
            <Form method="post">
              <Button type="submit" variant="primary">
                {registerLabel ?? t('register')}
              </Button>
            </Form>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {t('coursePaid')}{' '}
            <a href={`/courses/details/${course.slug}`} className="font-medium text-brand-text underline-offset-2 hover:underline">
              {t('theCoursePage')}
            </a>
            .
          </p>
        )}
        <Link to="/mycourses" className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
          {t('backToMyCourses')}
        </Link>
      </div>
    </div>
  )
}
