import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useParams } from '@remix-run/react'
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
  return loadPublicFormRoute(request, context, { id: params.id ?? '' }, { isPreview: false })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return postPublicFormRoute(request, context, { id: params.id ?? '' })
}

/** A public registration form by its form id (spec 002 section 2.7). */
export default function RegistrationRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { id } = useParams()
  const refused = posted && 'refused' in posted ? posted.refused : null
  return (
    <PublicLayout shell={shell}>
      {view ? <PublicFormPage view={view} refused={refused} action={`/registration/${id}`} /> : <PageNotFound />}
    </PublicLayout>
  )
}
