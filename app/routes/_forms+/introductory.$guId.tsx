import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { PublicFormPage } from '#app/components/forms/public-form-page'
import { loadPublicFormRoute } from '#app/components/forms/public-form-route.server'
import { requireStaff } from '#app/utils/auth.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.pageTitle ?? 'Form not found' },
  { name: 'robots', content: 'noindex' },
]

export const handle: I18nHandle = { i18n: ['forms'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context)
  return loadPublicFormRoute(request, context, { guId: params.guId ?? '' }, { isPreview: true })
}

/** "Submit blocked in preview", also for a post made by hand. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context)
  return data({ message: translateMessage(context.language, FORM_MESSAGES.previewBlocked) }, { status: 400 })
}

/** Staff preview of a form (published or not): inputs disabled, submit blocked. */
export default function PreviewFormRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  return (
    <PublicLayout shell={shell}>
      {view ? <PublicFormPage view={view} refused={null} action={`/introductory/${view.form.guId}`} /> : <PageNotFound />}
    </PublicLayout>
  )
}
