import type { ItemPaymentType } from '#db/tables/catalog'

/** What the Register area of a course page offers this viewer. */
export type RegisterChoice =
  | { kind: 'enrolled'; portalPath: string }
  | { kind: 'enrol-now'; action: string }
  | { kind: 'sign-in'; loginPath: string; registerPath: string }
  | { kind: 'staff' }
  | { kind: 'external'; href: string }
  | { kind: 'checkout'; hrefByOption: Record<string, string> }
  | { kind: 'contact' }
  | { kind: 'closed' }

export type CourseViewer = 'visitor' | 'student' | 'staff'

/**
 * Free courses enrol at once (a visitor signs in or registers first and comes back to the
 * enrolment page); paid courses go to checkout once that screen exists, until then the page
 * says how to enrol; a paid course with no price option is closed.
 */
export function registerChoiceFor(input: {
  course: { guid: string; paymentType: ItemPaymentType; externalLink: string | null; priceOptionGuids: readonly string[] }
  viewer: CourseViewer
  isEnrolled: boolean
  isCheckoutAvailable: boolean
}): RegisterChoice {
  const { course } = input
  const enrolPath = `/mycourses/enrol/${course.guid}`
  if (input.isEnrolled) return { kind: 'enrolled', portalPath: `/mycourses/${course.guid}` }
  if (course.paymentType === 'EXTERNAL') return course.externalLink ? { kind: 'external', href: course.externalLink } : { kind: 'closed' }
  if (course.paymentType === 'FREE') {
    if (input.viewer === 'student') return { kind: 'enrol-now', action: enrolPath }
    if (input.viewer === 'staff') return { kind: 'staff' }
    const back = encodeURIComponent(enrolPath)
    return { kind: 'sign-in', loginPath: `/login?redirectTo=${back}`, registerPath: `/register?redirectTo=${back}` }
  }
  if (course.priceOptionGuids.length === 0) return { kind: 'closed' }
  if (!input.isCheckoutAvailable) return { kind: 'contact' }
  const hrefByOption: Record<string, string> = {}
  for (const option of course.priceOptionGuids) hrefByOption[option] = `/checkout?item=${encodeURIComponent(course.guid)}&option=${encodeURIComponent(option)}`
  return { kind: 'checkout', hrefByOption }
}
