import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CourseContentEditor } from '#app/components/catalog/courses/course-content-editor'
import { requireModule, requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { MAX_CHAPTER_FILE_BYTES } from '#server/catalog/courses/chapter-input'
import { loadContentCourse, loadContentScreen, runContentAction } from '#server/catalog/courses/content-screen'
import { notFound } from '#server/errors/responses'
import { readUploadForm } from '#server/files/read-upload-form'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Course content' }]

export const handle: I18nHandle = { i18n: ['catalog'] }

async function courseOf(context: LoaderFunctionArgs['context'], tenant: Awaited<ReturnType<typeof requirePermission>>['tenant'], unverifiedGuid: string) {
  const course = await loadContentCourse(context.platform, tenant, unverifiedGuid)
  if (!course) throw notFound()
  return course
}

/** /services/{guid}/content: a course's sections and chapters, edited and put in order by staff. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showCourses')
  requireModule(context, 'courses')
  const course = await courseOf(context, tenant, params.guId ?? '')
  const view = await loadContentScreen(context.platform, tenant, course, new URL(request.url).searchParams)
  return { ...view, title: tFor(context.language, 'catalog')('courseContentOf', { name: view.course.name }) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showCourses')
  requireModule(context, 'courses')
  const course = await courseOf(context, tenant, params.guId ?? '')
  const upload = await readUploadForm(request, { maxFileBytes: MAX_CHAPTER_FILE_BYTES })
  const outcome = await runContentAction(context.platform, tenant, course, upload)
  switch (outcome.kind) {
    case 'saved':
      return redirectWithToast(outcome.redirectTo, { type: 'success', message: outcome.toast }, { status: 303 })
    case 'reordered':
      return data({ kind: 'reordered' as const })
    case 'not-found':
      throw notFound()
    case 'stale':
      return data({ kind: 'stale' as const, message: translateMessage(context.language, outcome.message) }, { status: 409 })
    case 'invalid':
      return data({ ...outcome, fieldErrors: Object.fromEntries(Object.entries(outcome.fieldErrors).map(([name, message]) => [name, translateMessage(context.language, message)])) }, { status: 400 })
  }
}

export default function CourseContentRoute() {
  const view = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CourseContentEditor view={view} result={result ?? null} />
}
