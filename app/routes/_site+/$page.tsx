import { data, redirect, type HeadersFunction, type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHero, PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser, returnPathOf } from '#app/utils/auth.server'
import { loadPublicPage, PAGE_NOT_FOUND_PATH } from '#app/utils/navigation.server'
import type { HydrationHandle } from '#app/utils/static-page'
import { requireTenant } from '#app/utils/tenant.server'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { landingFor } from '#server/navigation/landing'
import { isVisitorFallback } from '#server/navigation/visitor-outcome'
import { notFoundTitle } from '#app/components/layout/page-title'

/** A page of the tenant's public website (/home, /about, /my-page), or the 404 page. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const pageName = params.page ?? ''
  const isNotFoundPage = `/${pageName}` === PAGE_NOT_FOUND_PATH
  const loaded = await loadPublicPage(context, { tenant, user, pageName: isNotFoundPage ? null : pageName })

  if (!isNotFoundPage) {
    const landing = landingFor({ path: returnPathOf(request), user, tenant, pages: loaded.pages })
    // Signed-in staff and students belong in their own areas; visitors keep unknown pages as 404.
    if (landing.kind === 'redirect' && (user || !isVisitorFallback(returnPathOf(request), landing))) throw redirect(landing.to)
    if (landing.kind === 'not-found') return data({ shell: loaded.shell, page: null }, { status: 404 })
  }
  const { shell, page } = loaded
  // An unknown or unpublished page still shows the site around the 404 message.
  const found = Boolean(page && page.html)
  return data({ shell, page }, { status: found ? 200 : 404, headers: found && !user ? shareablePageHeaders(request) : undefined })
}

// A visitor's page is the same for every anonymous visitor, so it may be served from the page
// cache for a few seconds (server/http/page-cache.ts). Drop this if it ever renders per-visitor content.
export const headers: HeadersFunction = shareableLoaderHeaders

/**
 * A visitor's page of text and pictures is complete as drawn: it is sent without scripts, so
 * neither React nor a second copy of the page body (the route data) crosses a slow connection
 * (decision 130). Signed-in people keep them: staff edit the hero in place, and everyone signed
 * in gets the session's expiry dialog.
 */
export const handle: HydrationHandle<SerializeFrom<typeof loader>> = {
  hydrates: (data) => !(data?.page?.html && !data.shell.viewer.isSignedIn),
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: notFoundTitle(matches) }]
  const { site } = data.shell
  const found = data.page && data.page.html
  const title = found ? `${data.page?.title} | ${site.title}` : `${notFoundTitle(matches)} | ${site.title}`
  return [
    { title },
    { name: 'description', content: site.description },
    { name: 'robots', content: found ? 'index, follow' : 'noindex' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: site.description },
    { property: 'og:site_name', content: site.name },
    ...(site.logoUrl ? [{ property: 'og:image', content: site.logoUrl }] : []),
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: site.description },
  ]
}

export default function PublicPageRoute() {
  const { shell, page } = useLoaderData<typeof loader>()
  return (
    <PublicLayout shell={shell} hero={page && page.html ? <PageHero header={page.header} subHeader={page.subHeader} /> : null}>
      {page && page.html ? (
        <>
          {/* Made safe and scoped to the page body on the server (scope-page-css.ts). */}
          {page.css ? <style dangerouslySetInnerHTML={{ __html: page.css }} /> : null}
          <article className="page-body" dangerouslySetInnerHTML={{ __html: page.html }} />
        </>
      ) : (
        <PageNotFound />
      )}
    </PublicLayout>
  )
}
