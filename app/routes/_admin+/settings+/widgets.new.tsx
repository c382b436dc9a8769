import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { NEW_WIDGET_VALUES, readWidgetForm, type WidgetFormErrors } from '#server/widgets/widget-form'
import { createWidget } from '#server/widgets/widgets'
import { WIDGET_MESSAGES } from '#server/widgets/widget-messages'
import { widgetLiveMessages } from '#server/widgets/widget-live-messages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { WidgetForm } from '#app/components/widgets/widget-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'New widget' }]

export const handle: I18nHandle = { i18n: ['templates'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { title: tFor(context.language, 'templates')('newWidget'), liveMessages: widgetLiveMessages(context.language) }
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
  if (!form) return data({ values: NEW_WIDGET_VALUES, errors: { form: translateMessage(context.language, WIDGET_MESSAGES.unreadable) } as WidgetFormErrors }, { status: 400 })
  const values = readWidgetForm(form)
  const created = await createWidget(context.platform, tenant, { values, now: context.platform.clock.now() })
  if (created.ok) return redirectWithToast(`/settings/widgets/${created.value.guid}`, { type: 'success', message: created.value.message })
  return data({ values, errors: translateMessages(context.language, created.details.errors) }, { status: 400 })
}

export default function NewWidgetRoute() {
  const { liveMessages } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { t } = useTemplatesWords()
  return (
    <div className="mx-auto flex max-w-3xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('widgetNewTitle')} backTo="/settings/widgets" />
      <section aria-label={t('widget')} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <WidgetForm mode="new" values={posted?.values ?? NEW_WIDGET_VALUES} errors={posted?.errors ?? {}} liveMessages={liveMessages} />
      </section>
    </div>
  )
}
