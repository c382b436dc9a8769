import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { MailingListForm } from '#app/components/mailing-list/mailing-list-form'
import { ListInfoView, SyncStatusPanel } from '#app/components/mailing-list/mailing-list-status'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Dialog } from '#app/components/ui/dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { MAILING_LIST_FORM_SHOWN_MESSAGES, MAILING_LIST_MESSAGES } from '#server/mailing-list/mailing-list-form'
import { loadListInfo, loadMailingListPage } from '#server/mailing-list/mailing-list-page'
import { deleteMailingList } from '#server/mailing-list/mailing-list-store'
import { saveMailingList } from '#server/mailing-list/save-mailing-list'
import { startResync } from '#server/mailing-list/start-resync'

export const meta: MetaFunction = () => [{ title: 'Mailchimp' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PATH = '/settings/integrations/mailchimp'
const HUB = '/settings/integrations'
/** How often an open page looks at a running resync again. */
const REFRESH_SECONDS = 3

/**
 * The mailing list page (settings spec, Mailing list page): the form, the status line with the
 * resync's progress, 'List Info' (`?info`), and the confirmations of Resync and Disconnect
 * (`?confirm=resync`, `?confirm=delete`), each its own address so that they work without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const params = new URL(request.url).searchParams
  const loaded = await loadMailingListPage(context.platform, tenant.id)
  const said = (message: string) => translateMessage(context.language, message)
  // A failed run's stored reason is written in English: it reaches the page in its language.
  const page = loaded.progress?.failure ? { ...loaded, progress: { ...loaded.progress, failure: said(loaded.progress.failure) } } : loaded
  const confirm = params.get('confirm')
  const info = params.has('info') ? await loadListInfo(context.platform, tenant.id) : null
  return {
    page,
    info: info && !info.readable ? { ...info, message: said(info.message) } : info,
    confirm: !page.isCreate && (confirm === 'resync' || confirm === 'delete') ? confirm : null,
    messages: Object.fromEntries(MAILING_LIST_FORM_SHOWN_MESSAGES.map((message) => [message, said(message)])),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const platform = context.platform
  const said = (message: string) => translateMessage(context.language, message)
  if (intent === 'resync') {
    const started = await startResync(platform, tenant.id, platform.clock.now())
    if (!started.ok) return data({ kind: 'resync-refused' as const, message: said(started.message) }, { status: started.error === 'conflict' ? 409 : 404 })
    return redirectWithToast(PATH, { type: 'success', message: MAILING_LIST_MESSAGES.resyncStarted })
  }
  if (intent === 'delete') {
    const deleted = await deleteMailingList(platform, tenant.id)
    if (!deleted) return data({ kind: 'resync-refused' as const, message: said(MAILING_LIST_MESSAGES.nothing) }, { status: 404 })
    return redirectWithToast(HUB, { type: 'success', message: MAILING_LIST_MESSAGES.deleted })
  }
  if (intent !== 'save') return data({ kind: 'resync-refused' as const, message: said(MAILING_LIST_MESSAGES.unknownAction) }, { status: 400 })
  const saved = await saveMailingList(platform, tenant.id, form, platform.clock.now())
  if (!saved.ok) {
    const { errors, formError, values } = saved.details
    return data({ kind: 'refused' as const, errors: translateMessages(context.language, errors), formError: formError === null ? null : said(formError), values }, { status: 400 })
  }
  if (saved.value.kind === 'confirm') return data({ kind: 'confirm' as const, values: saved.value.values, pendingKey: saved.value.pendingKey })
  return redirectWithToast(PATH, { type: 'success', message: saved.value.created ? MAILING_LIST_MESSAGES.added : MAILING_LIST_MESSAGES.updated })
}

export default function MailingListRoute() {
  const { page, info, confirm, messages } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const answer = useActionData<typeof action>() ?? null
  const refused = answer?.kind === 'refused' ? answer : null
  const running = page.status === 'in_progress'
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, REFRESH_SECONDS * 1000)
    return () => clearInterval(timer)
  }, [running, revalidator])
  const values = refused?.values ?? { ...page.values, apiKey: '' }
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      {/* Without JavaScript a running resync's page looks again by itself. */}
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <ScreenHeader title="Mailchimp" backTo={HUB} />
      <div className="flex flex-col gap-6">
        {page.isCreate ? null : <SyncStatusPanel page={page} refusal={answer?.kind === 'resync-refused' ? answer.message : null} path={PATH} />}
        <ScreenPanel title={page.isCreate ? t('mailchimpConnectAudience') : t('mailchimpAudience')}>
          <p className="mb-4 text-sm text-slate-600">{t('mailchimpIntro')}</p>
          <MailingListForm
            key={JSON.stringify(values)}
            isCreate={page.isCreate}
            values={values}
            errors={refused?.errors ?? {}}
            formError={refused?.formError ?? null}
            maskedKey={page.maskedKey}
            cancelTo="/integrations"
            messages={messages}
          />
        </ScreenPanel>
      </div>
      {answer?.kind === 'confirm' ? (
        <ConfirmDialog
          title="Mailchimp"
          message={t('mailchimpResetQuestion')}
          closeTo={PATH}
          intent="save"
          yesVariant="primary"
          hiddenFields={[
            ['name', answer.values.name],
            ['listId', answer.values.listId],
            ['fromName', answer.values.fromName],
            ['fromEmail', answer.values.fromEmail],
            ['pendingKey', answer.pendingKey],
            ['confirmReset', 'yes'],
          ]}
        />
      ) : null}
      {confirm === 'resync' ? <ConfirmDialog title={t('mailchimpResync')} message={t('mailchimpResyncQuestion')} closeTo={PATH} intent="resync" yesVariant="primary" /> : null}
      {confirm === 'delete' ? <ConfirmDialog title={t('mailchimpDisconnect')} message={t('mailchimpDeleteQuestion')} closeTo={PATH} intent="delete" /> : null}
      {info ? (
        <Dialog title={info.readable ? info.name : t('mailchimpListInfo')} closeTo={PATH} width={550} minHeight={325}>
          <ListInfoView info={info} />
        </Dialog>
      ) : null}
    </div>
  )
}
