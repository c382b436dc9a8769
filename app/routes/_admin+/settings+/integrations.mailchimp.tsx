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
import { MAILING_LIST_MESSAGES } from '#server/mailing-list/mailing-list-form'
import { loadListInfo, loadMailingListPage } from '#server/mailing-list/mailing-list-page'
import { deleteMailingList } from '#server/mailing-list/mailing-list-store'
import { saveMailingList } from '#server/mailing-list/save-mailing-list'
import { startResync } from '#server/mailing-list/start-resync'

export const meta: MetaFunction = () => [{ title: 'Mailchimp' }]

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
  const page = await loadMailingListPage(context.platform, tenant.id)
  const confirm = params.get('confirm')
  return {
    page,
    info: params.has('info') ? await loadListInfo(context.platform, tenant.id) : null,
    confirm: !page.isCreate && (confirm === 'resync' || confirm === 'delete') ? confirm : null,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const platform = context.platform
  if (intent === 'resync') {
    const started = await startResync(platform, tenant.id, platform.clock.now())
    if (!started.ok) return data({ kind: 'resync-refused' as const, message: started.message }, { status: started.error === 'conflict' ? 409 : 404 })
    return redirectWithToast(PATH, { type: 'success', message: MAILING_LIST_MESSAGES.resyncStarted })
  }
  if (intent === 'delete') {
    const deleted = await deleteMailingList(platform, tenant.id)
    if (!deleted) return data({ kind: 'resync-refused' as const, message: MAILING_LIST_MESSAGES.nothing }, { status: 404 })
    return redirectWithToast(HUB, { type: 'success', message: MAILING_LIST_MESSAGES.deleted })
  }
  if (intent !== 'save') return data({ kind: 'resync-refused' as const, message: 'Unknown action.' }, { status: 400 })
  const saved = await saveMailingList(platform, tenant.id, form, platform.clock.now())
  if (!saved.ok) return data({ kind: 'refused' as const, ...saved.details }, { status: 400 })
  if (saved.value.kind === 'confirm') return data({ kind: 'confirm' as const, values: saved.value.values, pendingKey: saved.value.pendingKey })
  return redirectWithToast(PATH, { type: 'success', message: saved.value.created ? MAILING_LIST_MESSAGES.added : MAILING_LIST_MESSAGES.updated })
}

export default function MailingListRoute() {
  const { page, info, confirm } = useLoaderData<typeof loader>()
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
        <ScreenPanel title={page.isCreate ? 'Connect a Mailchimp audience' : 'Audience'}>
          <p className="mb-4 text-sm text-slate-600">
            Contacts who agreed to the mailing list are sent to this audience. The API key is kept encrypted and never shown again.
          </p>
          <MailingListForm
            key={JSON.stringify(values)}
            isCreate={page.isCreate}
            values={values}
            errors={refused?.errors ?? {}}
            formError={refused?.formError ?? null}
            maskedKey={page.maskedKey}
            cancelTo="/integrations"
          />
        </ScreenPanel>
      </div>
      {answer?.kind === 'confirm' ? (
        <ConfirmDialog
          title="Mailchimp"
          message={MAILING_LIST_MESSAGES.resetQuestion}
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
      {confirm === 'resync' ? <ConfirmDialog title="Resync" message={MAILING_LIST_MESSAGES.resyncQuestion} closeTo={PATH} intent="resync" yesVariant="primary" /> : null}
      {confirm === 'delete' ? <ConfirmDialog title="Disconnect Mailchimp" message={MAILING_LIST_MESSAGES.deleteQuestion} closeTo={PATH} intent="delete" /> : null}
      {info ? (
        <Dialog title={info.readable ? info.name : 'List Info'} closeTo={PATH} width={550} minHeight={325}>
          <ListInfoView info={info} />
        </Dialog>
      ) : null}
    </div>
  )
}
