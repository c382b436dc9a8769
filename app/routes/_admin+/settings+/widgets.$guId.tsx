import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Eye, EyeOff, Trash2 } from 'lucide-react'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { notFound } from '#server/errors/responses'
import { staffEmbedCode } from '#server/widgets/staff-embed-code'
import { readWidgetForm, type WidgetFormErrors } from '#server/widgets/widget-form'
import { WIDGET_MESSAGES } from '#server/widgets/widget-messages'
import { deleteWidget, loadWidgetForEdit, setWidgetPublished, updateWidget } from '#server/widgets/widgets'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { EmbedCodePanel } from '#app/components/widgets/embed-code-panel'
import { WidgetForm } from '#app/components/widgets/widget-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { widgetLiveMessages } from '#server/widgets/widget-live-messages'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Edit widget' }]

export const handle: I18nHandle = { i18n: ['templates'] }

/** Settings > Widgets > a widget: its form, publishing, its code and preview, and the delete confirmation at `?confirm=delete`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const widget = await loadWidgetForEdit(context.platform, tenant, params.guId ?? '', context.language)
  if (!widget) throw notFound(WIDGET_MESSAGES.notFound)
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const embed = await staffEmbedCode(context.platform, tenant, { ...widget, title: widget.values.title || widget.values.name }, origin)
  return {
    widget,
    embed,
    confirmDelete: new URL(request.url).searchParams.get('confirm') === 'delete',
    title: tFor(context.language, 'templates')('editWidget'),
    liveMessages: widgetLiveMessages(context.language),
  }
}

/**
 * Submit saves and goes back to the list with the spec's 'Widget updated successfully'; a refused
 * form is drawn again with what was typed and its messages. Publish and unpublish stay here;
 * Delete (after its confirmation) goes back to the list.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const guid = params.guId ?? ''
  const form = await request.formData().catch(() => null)
  const intent = form?.get('intent')
  const now = context.platform.clock.now()
  if (intent === 'publish' || intent === 'unpublish') {
    const changed = await setWidgetPublished(context.platform, tenant, { unverifiedGuid: guid, published: intent === 'publish', now })
    if (!changed.ok) throw notFound(WIDGET_MESSAGES.notFound)
    return redirectWithToast(`/settings/widgets/${guid}`, { type: 'success', message: changed.value.message })
  }
  if (intent === 'delete') {
    const deleted = await deleteWidget(context.platform, tenant, guid)
    if (!deleted.ok) throw notFound(WIDGET_MESSAGES.notFound)
    return redirectWithToast('/settings/widgets', { type: 'success', message: deleted.value.message })
  }
  if (!form) {
    // Another studio's widget is a 404 whatever was posted.
    if (!(await loadWidgetForEdit(context.platform, tenant, guid))) throw notFound(WIDGET_MESSAGES.notFound)
    return data({ values: null, errors: { form: translateMessage(context.language, WIDGET_MESSAGES.unreadable) } as WidgetFormErrors }, { status: 400 })
  }
  const values = readWidgetForm(form)
  const saved = await updateWidget(context.platform, tenant, { unverifiedGuid: guid, values, now })
  if (saved.ok) return redirectWithToast('/settings/widgets', { type: 'success', message: saved.value.message })
  if (saved.error === 'not_found') throw notFound(WIDGET_MESSAGES.notFound)
  return data({ values, errors: translateMessages(context.language, saved.details.errors) }, { status: 400 })
}

export default function EditWidgetRoute() {
  const { widget, embed, confirmDelete, liveMessages } = useLoaderData<typeof loader>()
  const { t } = useTemplatesWords()
  const posted = useActionData<typeof action>()
  const navigation = useNavigation()
  const base = `/settings/widgets/${widget.guid}`
  const publishing = navigation.state === 'submitting' && ['publish', 'unpublish'].includes(String(navigation.formData?.get('intent')))
  const name = widget.values.title || widget.values.name
  return (
    <div className="mx-auto flex max-w-3xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('widgetEditTitle')} backTo="/settings/widgets">
        <ButtonLink to={`${base}?confirm=delete`} variant="danger" preventScrollReset>
          <Trash2 aria-hidden className="h-4 w-4" />
          {t('delete')}
        </ButtonLink>
      </ScreenHeader>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="status-heading" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:px-6">
          <div className="flex flex-col gap-0.5">
            <h2 id="status-heading" className="text-base font-semibold text-slate-900">
              {widget.values.name}
            </h2>
            <p className="text-sm text-slate-600">
              {t(`widgetType_${widget.type}` as const)} ·{' '}
              {widget.isPublished ? <span className="font-medium text-emerald-800">{t('publishedOn', { date: widget.publishedText })}</span> : <span className="font-medium text-slate-700">{t('notPublished')}</span>}
            </p>
          </div>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={widget.isPublished ? 'unpublish' : 'publish'} />
            <Button type="submit" variant={widget.isPublished ? 'secondary' : 'primary'} busy={publishing}>
              {widget.isPublished ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
              {widget.isPublished ? t('unpublish') : t('publish')}
            </Button>
          </Form>
        </section>
        <section aria-label={t('widget')} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <WidgetForm mode="edit" values={posted?.values ?? widget.values} errors={posted?.errors ?? {}} liveMessages={liveMessages} />
        </section>
        <EmbedCodePanel
          snippets={embed.snippets}
          isPublished={widget.isPublished}
          previewSrc={embed.previewPath}
          name={name}
          width={widget.width}
          height={embed.frameHeight}
          fits={widget.height === null}
        />
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          closeTo={base}
          title={t('deleteWidget')}
          message={t('deleteWidgetQuestion', { name: widget.values.name })}
          intent="delete"
          yesLabel={t('delete')}
        />
      ) : null}
    </div>
  )
}
