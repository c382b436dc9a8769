import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { NEW_WIDGET_VALUES, readWidgetForm, type WidgetFormErrors } from '#server/widgets/widget-form'
import { createWidget } from '#server/widgets/widgets'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { WidgetForm } from '#app/components/widgets/widget-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New widget' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return null
}

/**
 * Settings > Widgets > New widget (the spec does not show how a widget is created): the same
 * form as the edit screen with the type still open. A new widget starts unpublished, and Submit
 * opens it, where it is published and its code copied.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData().catch(() => null)
  if (!form) return data({ values: NEW_WIDGET_VALUES, errors: { form: 'Invalid Form!' } as WidgetFormErrors }, { status: 400 })
  const values = readWidgetForm(form)
  const created = await createWidget(context.platform, tenant, { values, now: context.platform.clock.now() })
  if (created.ok) return redirectWithToast(`/settings/widgets/${created.value.guid}`, { type: 'success', message: created.value.message })
  return data({ values, errors: created.details.errors }, { status: 400 })
}

export default function NewWidgetRoute() {
  const posted = useActionData<typeof action>()
  return (
    <div className="mx-auto flex max-w-3xl flex-col p-4 sm:p-6">
      <ScreenHeader title="Widget > New widget" backTo="/settings/widgets" />
      <section aria-label="Widget" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <WidgetForm mode="new" values={posted?.values ?? NEW_WIDGET_VALUES} errors={posted?.errors ?? {}} />
      </section>
    </div>
  )
}
