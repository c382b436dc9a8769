import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FORM_EDITOR_INTENT, loadFormEditor, loadFormForEditing, saveFormEditor } from '#server/forms/custom-form-editor'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { CustomFormEditor } from '#app/components/forms/custom-form-editor'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Form' }]

// ScreenHeader and SchemaForm take their own words (Back, Cancel, the widgets') from 'settings'.
export const handle: I18nHandle = { i18n: ['formbuilder', 'settings'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const form = await loadFormForEditing(context.platform, tenant, params.guId ?? '')
  if (!form) throw notFound()
  const view = await loadFormEditor(context.platform, tenant, form, context.language)
  return { ...view, title: formbuilderWords(context.language)('editFormTitle', { name: form.name }) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const existing = await loadFormForEditing(context.platform, tenant, params.guId ?? '')
  if (!existing) throw notFound()
  const form = await request.formData().catch(() => null)
  if (!form) return data({ ...screenResultIn(context.language, unreadableForm()), intent: FORM_EDITOR_INTENT, fieldGuIds: [] as string[] }, { status: 400 })
  const outcome = await saveFormEditor(context.platform, tenant, existing, form, context.language)
  if (!outcome.ok) return data({ ...screenResultIn(context.language, outcome.details), fieldGuIds: outcome.details.fieldGuIds }, { status: 400 })
  const next = outcome.value
  if (next.kind === 'saved') return redirectWithToast(`/customforms/${next.guId}`, { type: 'success', message: next.toast })
  return data(next.result)
}

export default function EditCustomFormRoute() {
  const { title, ...view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFormEditor {...view} result={result ?? null} />
}
