import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { courseRegistrationQuery } from '#server/catalog/courses/course-registration-query'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { PublicFormPage } from '#app/components/forms/public-form-page'
import { loadPublicFormRoute, postPublicFormRoute } from '#app/components/forms/public-form-route.server'
import { shareableLoaderHeaders } from '#server/http/page-cache'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.pageTitle ?? 'Form not found' },
  { name: 'robots', content: 'noindex' },
]

export const handle: I18nHandle = { i18n: ['forms'] }

// Anonymous visitors share the page for a few seconds; each gets its own fill-time stamp.
export const headers: HeadersFunction = shareableLoaderHeaders

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPublicFormRoute(request, context, { guId: params.guId ?? '' }, { isPreview: false })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return postPublicFormRoute(request, context, { guId: params.guId ?? '' })
}

/** A public registration form, by its guid (the forms menu links here). */
export default function PublicFormRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const refused = posted && 'refused' in posted ? posted.refused : null
  // A form filled in for a course keeps ?course= (and ?isDemo=) in its post.
  const courseQuery = courseRegistrationQuery(new URLSearchParams(useLocation().search))
  return (
    <PublicLayout shell={shell}>
      {view ? <PublicFormPage view={view} refused={refused} action={`/pforms/${view.form.guId}${courseQuery}`} /> : <PageNotFound />}
    </PublicLayout>
  )
}
