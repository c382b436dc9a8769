import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser, returnPathOf } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { landingFor } from '#server/navigation/landing'
import { isVisitorFallback } from '#server/navigation/visitor-outcome'
import { adminFallback } from '#server/shell/route-tables'
import { isStaffRole, ROLE_STUDENT } from '#server/shell/roles'
import { notFoundTitle } from '#app/components/layout/page-title'

/**
 * Every address no screen answers (spec 000 section 2): staff go to the dashboard ("an unknown
 * admin path falls back to the dashboard"), students to their portal's home, visitors see the
 * website's 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const path = returnPathOf(request)

  if (user && !user.isPreviewMode) {
    const landing = landingFor({ path, user, tenant, pages: null })
    if (landing.kind === 'redirect') throw redirect(landing.to)
    if (isStaffRole(user.role)) throw redirect(adminFallback)
    if (user.role === ROLE_STUDENT) throw redirect(tenant.settings.isShowScheduleMenu ? '/classes' : '/mycourses')
  }

  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const landing = landingFor({ path, user, tenant, pages: loaded.pages })
  if (landing.kind === 'redirect' && !isVisitorFallback(path, landing)) throw redirect(landing.to)
  return data({ shell: loaded.shell }, { status: 404 })
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${notFoundTitle(matches)} | ${data.shell.site.title}` : notFoundTitle(matches) },
  { name: 'robots', content: 'noindex' },
]

export default function NoRouteRoute() {
  const { shell } = useLoaderData<typeof loader>()
  return (
    <PublicLayout shell={shell}>
      <PageNotFound />
    </PublicLayout>
  )
}
