import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FORM_EDITOR_INTENT, loadFormEditor, saveFormEditor } from '#server/forms/custom-form-editor'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { CustomFormEditor } from '#app/components/forms/custom-form-editor'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Add Form' }]

// ScreenHeader and SchemaForm take their own words (Back, Cancel, the widgets') from 'settings'.
export const handle: I18nHandle = { i18n: ['formbuilder', 'settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  return { ...(await loadFormEditor(context.platform, tenant, null, context.language)), title: formbuilderWords(context.language)('addForm') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const form = await request.formData().catch(() => null)
  if (!form) return data({ ...screenResultIn(context.language, unreadableForm()), intent: FORM_EDITOR_INTENT, fieldGuIds: [] as string[] }, { status: 400 })
  const outcome = await saveFormEditor(context.platform, tenant, null, form, context.language)
  if (!outcome.ok) return data({ ...screenResultIn(context.language, outcome.details), fieldGuIds: outcome.details.fieldGuIds }, { status: 400 })
  const next = outcome.value
  if (next.kind === 'saved') return redirectWithToast(`/customforms/${next.guId}`, { type: 'success', message: next.toast })
  return data(next.result)
}

export default function NewCustomFormRoute() {
  const { title, ...view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFormEditor {...view} result={result ?? null} />
}
