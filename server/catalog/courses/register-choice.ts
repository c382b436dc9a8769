import type { ItemPaymentType } from '#db/tables/catalog'

/** What the Register area of a course page offers this viewer. */
export type RegisterChoice =
  | { kind: 'enrolled'; portalPath: string }
  | { kind: 'enrol-now'; action: string }
  | { kind: 'sign-in'; loginPath: string; registerPath: string }
  | { kind: 'staff' }
  | { kind: 'external'; href: string }
  | { kind: 'checkout'; itemGuid: string; optionGuids: string[] }
  | { kind: 'contact' }
  | { kind: 'closed' }

export type CourseViewer = 'visitor' | 'student' | 'staff'

/**
 * Free courses enrol at once (a visitor signs in or registers first and comes back to the
 * enrolment page); a paid course's options that checkout takes online each get a Register
 * button to the cart, otherwise the page says how to enrol; a paid course with no price option
 * is closed.
 */
export function registerChoiceFor(input: {
  /** onlineOptionGuids: the options checkout takes online (sold-online.ts). */
  course: { guid: string; paymentType: ItemPaymentType; externalLink: string | null; priceOptionGuids: readonly string[]; onlineOptionGuids: readonly string[] }
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
  if (!input.isCheckoutAvailable || course.onlineOptionGuids.length === 0) return { kind: 'contact' }
  return { kind: 'checkout', itemGuid: course.guid, optionGuids: [...course.onlineOptionGuids] }
}
