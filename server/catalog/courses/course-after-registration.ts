import { withTenant } from '#db/tenant-scope'
import type { ItemPaymentType } from '#db/tables/catalog'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { findCourse } from './course-content'
import { enrolInCourse } from './enrolments'
import type { CourseRegistration } from './course-registration-query'

/**
 * Spec 002 section 3 (demo-course list): only courses that allow demo chapters and whose
 * payment type is neither product nor donation can be tried.
 */
export function allowsDemoEnrolment(course: { isAllowDemoChapters: boolean; paymentType: ItemPaymentType }): boolean {
  return course.isAllowDemoChapters && course.paymentType !== 'DONATION'
}

export type AfterRegistration = { kind: 'enrolled'; coursePath: string; courseName: string } | { kind: 'course-page'; coursePath: string }

/**
 * Spec 002 section 4, demo-course flow after submit: "if the demo flag or a free course applies,
 * register the person for the course and show 'Course enrolled successfully'; otherwise ... the
 * user goes to the course route with the course id". The person is the contact the submission
 * was filed under. Null when the course is not one of this tenant's published courses.
 */
export async function enrolAfterRegistration(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: CourseRegistration & { submissionId: string },
): Promise<AfterRegistration | null> {
  if (!tenant.settings.isShowCourses) return null
  const found = await withTenant(platform.database, tenant.id, async (trx) => {
    const course = await findCourse(trx, input.unverifiedCourseGuid)
    if (!course || !course.isPublished || course.isArchived) return null
    const submission = await trx.selectFrom('form_submissions').select('contact_id').where('id', '=', input.submissionId).executeTakeFirst()
    return { course, contactId: submission?.contact_id ?? null }
  })
  if (!found) return null
  const { course, contactId } = found
  const coursePath = `/courses/details/${course.slug}`
  const asDemo = input.isDemo && allowsDemoEnrolment(course)
  if (!contactId || (!asDemo && course.paymentType !== 'FREE')) return { kind: 'course-page', coursePath }
  await enrolInCourse(platform, tenant, { courseId: course.id, contactId, isDemo: course.paymentType === 'FREE' ? false : asDemo })
  return { kind: 'enrolled', coursePath, courseName: course.name }
}

/** The spec's success toast after a demo or free enrolment. */
export const COURSE_ENROLLED_TOAST = { type: 'success', message: 'Course enrolled successfully' } as const
