import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FORM_EDITOR_INTENT, loadFormEditor, saveFormEditor } from '#server/forms/custom-form-editor'
import { unreadableForm } from '#server/settings/screen-form'
import { CustomFormEditor } from '#app/components/forms/custom-form-editor'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add Form' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  return loadFormEditor(context.platform, tenant, null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const form = await request.formData().catch(() => null)
  if (!form) return data({ ...unreadableForm(), intent: FORM_EDITOR_INTENT, fieldGuIds: [] as string[] }, { status: 400 })
  const outcome = await saveFormEditor(context.platform, tenant, null, form)
  if (!outcome.ok) return data(outcome.details, { status: 400 })
  const next = outcome.value
  if (next.kind === 'saved') return redirectWithToast(`/customforms/${next.guId}`, { type: 'success', message: next.toast })
  return data(next.result)
}

export default function NewCustomFormRoute() {
  const view = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFormEditor {...view} result={result ?? null} />
}
