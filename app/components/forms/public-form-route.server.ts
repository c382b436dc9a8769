import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { statusOf } from '#server/errors/error-codes'
import { findPublicForm, publicFormView, receivePublicForm, type FormViewer, type PublicFormKey } from '#server/forms/public-form'
import { refusalIn } from '#server/forms/public-form-language'
import { formWordsFor } from '#server/forms/form-words'
import { shareablePageHeaders } from '#server/http/page-cache'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'
import { enrolAfterRegistration, COURSE_ENROLLED_TOAST } from '#server/catalog/courses/course-after-registration'
import { courseRegistrationOf } from '#server/catalog/courses/course-registration-query'
import { redirectWithToast } from '#app/utils/toast.server'

function viewerOf(user: Awaited<ReturnType<typeof getSessionUser>>): FormViewer | null {
  return user ? { contactId: user.contactId, role: user.role, firstName: user.firstName, lastName: user.lastName, email: user.email } : null
}

/** The loader of /pforms/{guId}, /registration/{id} and (for staff) /introductory/{guId}. */
export async function loadPublicFormRoute(request: Request, context: AppLoadContext, key: PublicFormKey, options: { isPreview: boolean }) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const [form, page] = await Promise.all([
    findPublicForm(context.platform, tenant, key, { includeUnpublished: options.isPreview }),
    loadPublicPage(context, { tenant, user, pageName: null }),
  ])
  const t = formWordsFor(context.language)
  if (!form) return data({ shell: page.shell, view: null, pageTitle: t('formNotFound') }, { status: 404 })
  const view = publicFormView(context.platform, tenant, form, { viewer: viewerOf(user), isPreview: options.isPreview, language: context.language })
  const pageTitle = options.isPreview ? t('previewTitle', { name: form.name }) : `${form.name} | ${page.shell.site.title}`
  // The same page for every anonymous visitor but its fill-time stamp, which a kept page gets
  // fresh on every hit (server/http/page-cache.ts).
  context.formStamps?.push({ text: view.stamp, formId: form.id })
  const shareable = !user && !options.isPreview ? shareablePageHeaders(request) : undefined
  return data({ shell: page.shell, view, pageTitle }, { headers: shareable })
}

/**
 * The action of a public form page: the visitor is sent to the thank-you page (post, redirect,
 * get) or shown the form again with their values and messages.
 */
export async function postPublicFormRoute(request: Request, context: AppLoadContext, key: PublicFormKey) {
  // A submission, its contact and activity: rows only staff lists show, never cached.
  const tenant = requireTenant(context)
  const form = await findPublicForm(context.platform, tenant, key)
  if (!form) throw notFound()
  const user = await getSessionUser(request, context)
  const outcome = await receivePublicForm(context.platform, tenant, form, request, { viewer: viewerOf(user), ip: context.ip, language: context.language })
  if (outcome.ok) {
    // A form filled in for a course (?course=, and ?isDemo=true to try it): spec 002 section 4.
    const registration = courseRegistrationOf(new URL(request.url).searchParams)
    const course = registration ? await enrolAfterRegistration(context.platform, tenant, { ...registration, submissionId: outcome.value.submissionId }) : null
    if (course?.kind === 'enrolled') return redirectWithToast(course.coursePath, COURSE_ENROLLED_TOAST, { status: 303 })
    if (course?.kind === 'course-page') return redirect(course.coursePath, 303)
    return redirect(outcome.value.thanksPath, 303)
  }
  // The messages are made in English; the visitor reads them in the page's language.
  return data({ refused: refusalIn(context.language, outcome.details) }, { status: statusOf(outcome.error) })
}

/**
 * The same submission for clients that want JSON (the spec's registration call): 201 with
 * status, _id and downloadUrl, or 400/413 with the messages.
 */
export async function postPublicFormJson(request: Request, context: AppLoadContext, key: PublicFormKey): Promise<Response> {
  const tenant = requireTenant(context)
  const form = await findPublicForm(context.platform, tenant, key)
  if (!form) return Response.json({ status: 'ERROR', message: 'Form not found' }, { status: 404 })
  const user = await getSessionUser(request, context)
  const outcome = await receivePublicForm(context.platform, tenant, form, request, { viewer: viewerOf(user), ip: context.ip, language: context.language })
  if (outcome.ok) {
    const stored = outcome.value
    return Response.json(
      { status: 'IN_PROGRESS', _id: stored.submissionId, downloadUrl: stored.downloadPath, thanksUrl: stored.thanksPath },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  return Response.json(
    { status: 'ERROR', message: outcome.details.formError, errors: outcome.details.fieldErrors },
    { status: statusOf(outcome.error), headers: { 'Cache-Control': 'no-store' } },
  )
}
