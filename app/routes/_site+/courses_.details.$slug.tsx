import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { studioButtonLabel } from '#server/i18n/studio-button-label'
import { translateMessage } from '#server/i18n/translate-message'
import { useLoaderData } from '@remix-run/react'
import { CourseDetail } from '#app/components/catalog/courses/course-detail'
import { JsonLdScript } from '#app/components/catalog/public/json-ld-script'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { getToast } from '#app/utils/toast.server'
import { ToastNotice } from '#app/components/ui/toast'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { courseJsonLd } from '#server/catalog/courses/course-json-ld'
import { isEnrolledIn } from '#server/catalog/courses/enrolments'
import { loadPublicCourse } from '#server/catalog/courses/public-courses'
import { registerChoiceFor, type CourseViewer } from '#server/catalog/courses/register-choice'
import { itemHeadTags } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { jsonLdScriptText } from '#server/catalog/public/json-ld'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { isPublicPathAvailable } from '#server/navigation/available-paths'
import { isStaffRole } from '#server/shell/roles'
import { takesCardPayments } from '#server/payments/card-payments'

/**
 * /courses/details/{slug}: a published course with its price options, its outline, the demo
 * chapters a visitor may open (?chapter=), and the Register area for this viewer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const course = tenant.settings.isShowCourses ? await loadPublicCourse(context.platform, tenant, params.slug ?? '', await takesCardPayments(context.platform, tenant.id), context.language) : null
  if (!course) return data({ shell: loaded.shell, course: null, register: null, openChapter: null, jsonLd: null, head: null, registerLabel: '', toast: null }, { status: 404 })
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const viewer: CourseViewer = !user ? 'visitor' : isStaffRole(user.role) && !user.isStudentPreview ? 'staff' : 'student'
  const isEnrolled = viewer === 'student' && user ? await isEnrolledIn(context.platform, tenant, user.contactId, course.guid, { countDemo: false }) : false
  const register = registerChoiceFor({
    course: { guid: course.guid, paymentType: course.paymentType, externalLink: course.externalLink, priceOptionGuids: course.priceOptions.map((option) => option.guid), onlineOptionGuids: course.priceOptions.filter((option) => option.isSoldOnline).map((option) => option.guid) },
    viewer,
    isEnrolled,
    isCheckoutAvailable: isPublicPathAvailable('/checkout'),
  })
  const wanted = new URL(request.url).searchParams.get('chapter')?.toLowerCase() ?? null
  const openChapter = wanted ? (course.demo.flatMap((section) => section.chapters).find((chapter) => chapter.guid === wanted) ?? null) : null
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const url = `${origin}/courses/details/${course.slug}`
  const imageUrl = course.imageUrl ? new URL(course.imageUrl, url).href : null
  const head = itemHeadTags({
    title: course.name,
    siteTitle: loaded.shell.site.title,
    description: course.summary || loaded.shell.site.description,
    canonicalUrl: url,
    imageUrl,
    imageAlt: null,
    type: 'article',
  })
  // Escaped for a script element: a course's name is the tenant's text and must not close it.
  const jsonLd = jsonLdScriptText(courseJsonLd({
    name: course.name,
    description: course.summary,
    url,
    imageUrl,
    provider: { name: loaded.shell.site.name, url: origin },
    paymentType: course.paymentType,
    prices: course.priceOptions,
    currency: tenant.settings.defaultCurrency,
  }))
  // 'Course enrolled successfully' after a registration form sent the visitor here (once; never kept).
  const { toast, headers: toastHeaders } = getToast(request)
  return data(
    { shell: loaded.shell, course, register, openChapter, jsonLd, head, registerLabel: studioButtonLabel(tenant.settings.registerButtonLabel, 'Register', tFor(context.language, 'listings')('register'), context.language), toast: toast ? { ...toast, message: translateMessage(context.language, toast.message) } : null },
    { headers: toastHeaders ?? (user ? undefined : shareablePageHeaders(request)) },
  )
}

// The shareable headers, and the cookie that clears a shown toast.
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(shareableLoaderHeaders(args))
  const cookie = args.loaderHeaders.get('Set-Cookie')
  if (cookie) headers.set('Set-Cookie', cookie)
  return headers
}

export const handle: I18nHandle = { i18n: ['listings'] }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => data?.head ?? notFoundHead(matches)

export default function CourseDetailsRoute() {
  const { shell, course, register, openChapter, registerLabel, toast, jsonLd } = useLoaderData<typeof loader>()
  return (
    <PublicLayout shell={shell}>
      <ToastNotice toast={toast} />
      {jsonLd ? <JsonLdScript text={jsonLd} /> : null}
      {course && register ? (
        <CourseDetail course={course} register={register} openChapter={openChapter} registerLabel={registerLabel} contact={{ name: shell.site.name, email: shell.site.email, phone: shell.site.phone }} />
      ) : (
        <PageNotFound />
      )}
    </PublicLayout>
  )
}
