// Pure: the public form page imports it in the browser too.

/** Which course a registration form was filled in for: /pforms/{guId}?course={courseGuid}[&isDemo=true]. */
export interface CourseRegistration {
  unverifiedCourseGuid: string
  isDemo: boolean
}

export function courseRegistrationOf(search: URLSearchParams): CourseRegistration | null {
  const course = search.get('course')?.trim() ?? ''
  if (!/^[0-9a-f-]{36}$/i.test(course)) return null
  return { unverifiedCourseGuid: course, isDemo: search.get('isDemo') === 'true' }
}

/** The query a registration form keeps in its own action, so the post knows the course too. */
export function courseRegistrationQuery(search: URLSearchParams): string {
  const registration = courseRegistrationOf(search)
  if (!registration) return ''
  return `?course=${registration.unverifiedCourseGuid}${registration.isDemo ? '&isDemo=true' : ''}`
}
