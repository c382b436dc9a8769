import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useLoaderData } from '@remix-run/react'
import { CourseCards } from '#app/components/catalog/courses/course-cards'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { readsCachedData } from '#server/cache/cache-reads'
import { listPublicCourses } from '#server/catalog/courses/public-courses'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { notFoundHead } from '#app/components/layout/page-title'

/** /courses: the tenant's published courses as cards (404 while the tenant hides courses, isShowCourses). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: tenant.settings.isShowCourses ? 'courses' : null })
  if (!tenant.settings.isShowCourses) return data({ shell: loaded.shell, title: '', description: '', courses: null }, { status: 404 })
  const courses = await listPublicCourses(context.platform, tenant, context.language)
  readsCachedData(context, 'catalog', 'tenant', 'site')
  return data(
    { shell: loaded.shell, title: loaded.page?.title || tFor(context.language, 'listings')('courses'), description: loaded.shell.site.description, courses },
    { headers: user ? undefined : shareablePageHeaders(request) },
  )
}

export const headers: HeadersFunction = shareableLoaderHeaders

/** The course pages' words come with the page. */
export const handle: I18nHandle = { i18n: ['listings'] }


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data?.courses) return notFoundHead(matches)
  const title = `${data.title} | ${data.shell.site.title}`
  return [
    { title },
    { name: 'description', content: data.description },
    { name: 'robots', content: 'index, follow' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: data.description },
    { property: 'og:site_name', content: data.shell.site.name },
  ]
}

export default function CoursesRoute() {
  const { shell, title, courses } = useLoaderData<typeof loader>()
  return (
    <PublicLayout shell={shell}>
      {courses ? (
        <>
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <CourseCards courses={courses} />
        </>
      ) : (
        <PageNotFound />
      )}
    </PublicLayout>
  )
}
