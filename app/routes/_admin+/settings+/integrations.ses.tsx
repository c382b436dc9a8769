import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { DnsRecordsTable } from '#app/components/email-sender/dns-records-table'
import { SenderForm } from '#app/components/email-sender/sender-form'
import { VerificationBadge } from '#app/components/email-sender/verification-badge'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { checkSenderNow, deleteSender, PENDING_MESSAGE, SENDER_MESSAGES, readCampaignSender, saveSenderInfo, setSenderConnection } from '#server/email-sender/campaign-sender'
import { parseSenderForm, type SenderFormErrors } from '#server/email-sender/sender-form'
import { SENDER_SCREEN_MESSAGES as M } from '#server/email-sender/sender-screen-messages'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Email Campaign' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PATH = '/settings/integrations/ses'
const CONFIRMS: Record<'disconnect' | 'delete', { title: IntegrationsKey; message: IntegrationsKey }> = {
  disconnect: { title: 'disconnectAccount', message: 'disconnectAccountQuestion' },
  delete: { title: 'deleteAccount', message: 'deleteAccountQuestion' },
}

const viewSchema = z.object({
  step: z.enum(['1', '2']).optional(),
  confirm: z.enum(['disconnect', 'delete']).optional(),
})

/**
 * The email campaign sender wizard (settings spec, Email campaign sender wizard): the step is
 * chosen from what is stored; `?step=1` is 'Edit sender info' and step 2's Back, `?step=2`
 * shows the records again, `?confirm=` draws a confirmation without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const sender = await readCampaignSender(context.platform, tenant.id)
  const asked = viewSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const view = asked.success ? asked.data : {}
  let step = sender.step
  // Editing is open only while the account is not connected (the button is disabled then).
  if (view.step === '1' && sender.id && !(sender.isConnected && sender.verificationStatus === 'verified')) step = 1
  if (view.step === '2' && sender.dnsRecords.length > 0) step = 2
  const { dnsRecords, ...rest } = sender
  // The last check's words were stored in English; they are read in the page's language.
  const lastCheckMessage = rest.lastCheckMessage === null ? null : translateMessage(context.language, rest.lastCheckMessage)
  return { title: tFor(context.language, 'integrations')('emailCampaign'), sender: { ...rest, lastCheckMessage, dnsRecords }, step, confirm: step === 3 ? (view.confirm ?? null) : null }
}

const intentSchema = z.enum(['save', 'check', 'disconnect', 'reconnect', 'delete'])

type SenderRefusal = { errors: SenderFormErrors; values: { fromName: string; fromEmail: string }; formError: string | null }

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const platform = context.platform
  const form = await request.formData()
  const intent = intentSchema.safeParse(form.get('intent'))
  if (!intent.success) return redirectWithToast(PATH, { type: 'error', message: M.nothingChanged })
  const words = (message: string) => translateMessage(context.language, message)
  switch (intent.data) {
    case 'save': {
      const parsed = parseSenderForm(form)
      if (!parsed.ok) return data<SenderRefusal>({ ...parsed.details, errors: translateMessages(context.language, parsed.details.errors), formError: null }, { status: 400 })
      const saved = await saveSenderInfo(platform, tenant.id, parsed.value)
      if (!saved.ok) return data<SenderRefusal>({ errors: {}, values: parsed.value, formError: words(saved.message ?? M.notSaved) }, { status: saved.error === 'unavailable' ? 503 : 400 })
      return redirectWithToast(`${PATH}?step=2`, { type: 'success', message: M.updated })
    }
    case 'check': {
      const checked = await checkSenderNow(platform, tenant.id)
      if (!checked.ok) return redirectWithToast(checked.error === 'not_found' ? PATH : `${PATH}?step=2`, { type: 'error', message: checked.message ?? SENDER_MESSAGES.fetchFailed })
      if (checked.value.verificationStatus === 'verified') return redirectWithToast(PATH, { type: 'success', message: M.verified })
      return redirectWithToast(`${PATH}?step=2`, { type: 'error', message: PENDING_MESSAGE })
    }
    case 'disconnect':
    case 'reconnect': {
      const changed = await setSenderConnection(platform, tenant.id, intent.data === 'reconnect')
      if (!changed.ok) return redirectWithToast(PATH, { type: 'error', message: intent.data === 'reconnect' ? M.reconnectFailed : M.disconnectFailed })
      return redirectWithToast(PATH, { type: 'success', message: intent.data === 'reconnect' ? M.reconnected : M.disconnected })
    }
    case 'delete': {
      const deleted = await deleteSender(platform, tenant.id)
      if (!deleted.ok) return redirectWithToast(PATH, { type: 'error', message: deleted.error === 'conflict' ? (deleted.message ?? M.deleteFailed) : M.deleteFailed })
      return redirectWithToast(PATH, { type: 'success', message: M.deleted })
    }
  }
}

export default function EmailCampaignSenderRoute() {
  const { sender, step, confirm } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  const navigation = useNavigation()
  const checking = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'check'
  const { t } = useIntegrationsWords()
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6" data-sender-step={step}>
      <ScreenHeader title={t('emailCampaign')} backTo="/settings/integrations" />
      {step === 0 || step === 1 ? (
        <ScreenPanel title={step === 0 ? t('setUpSender') : t('editSenderInfo')}>
          <p className="mb-4 text-sm text-slate-600">{t('senderIntro')}</p>
          {refused?.formError ? (
            <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {refused.formError}
            </p>
          ) : null}
          <SenderForm values={refused?.values ?? { fromName: sender.fromName, fromEmail: sender.fromEmail }} errors={refused?.errors ?? {}} cancelTo={step === 1 ? PATH : null} />
        </ScreenPanel>
      ) : null}
      {step === 2 ? (
        <ScreenPanel title={t('dnsRecordsFor', { domain: sender.domain ?? '' })}>
          <p className="mb-3 text-sm text-slate-600">{t('dnsRecordsIntro')}</p>
          <p className="mb-3 flex items-center gap-2 text-sm">
            {t('verificationStatus')} <VerificationBadge status={sender.verificationStatus} />
          </p>
          {sender.verificationStatus === 'pending' ? <p className="mb-3 text-sm text-amber-900">{t('dnsInProgress')}</p> : null}
          {sender.lastCheckMessage ? (
            <p className="mb-3 text-sm text-slate-700" data-last-check>
              {sender.lastCheckMessage}
            </p>
          ) : null}
          <DnsRecordsTable records={sender.dnsRecords} />
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={`${PATH}?step=1`} variant="secondary">
              {t('back')}
            </ButtonLink>
            <Form method="post">
              <Button type="submit" name="intent" value="check" variant="primary" busy={checking}>
                {sender.verificationStatus === 'pending' ? t('checkAgain') : t('verify')}
              </Button>
            </Form>
          </div>
        </ScreenPanel>
      ) : null}
      {step === 3 ? <AccountConnectivity sender={sender} /> : null}
      {confirm ? <ConfirmDialog title={t(CONFIRMS[confirm].title)} message={t(CONFIRMS[confirm].message)} intent={confirm} closeTo={PATH} action={PATH} /> : null}
    </div>
  )
}

function AccountConnectivity({ sender }: { sender: ReturnType<typeof useLoaderData<typeof loader>>['sender'] }) {
  const connected = sender.isConnected
  const { t } = useIntegrationsWords()
  return (
    <ScreenPanel title={t('accountConnectivity')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t('sender')}</dt>
        <dd>
          {sender.fromName} &lt;{sender.fromEmail}&gt;
        </dd>
        <dt className="text-slate-600">{t('account')}</dt>
        <dd className={connected ? 'font-semibold text-emerald-700' : 'font-semibold text-slate-700'} data-connection>
          {connected ? t('connected') : t('notConnected')}
        </dd>
        <dt className="text-slate-600">{t('domainVerification')}</dt>
        <dd>
          <VerificationBadge status={sender.verificationStatus} />
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {connected ? (
          <ButtonLink to={`${PATH}?confirm=disconnect`} variant="secondary">
            {t('disconnect')}
          </ButtonLink>
        ) : (
          <Form method="post">
            <Button type="submit" name="intent" value="reconnect" variant="primary">
              {t('reconnect')}
            </Button>
          </Form>
        )}
        {connected ? (
          <>
            <Button type="button" variant="secondary" disabled>
              {t('editSenderInfo')}
            </Button>
            <Button type="button" variant="danger" disabled>
              {t('delete')}
            </Button>
          </>
        ) : (
          <>
            <ButtonLink to={`${PATH}?step=1`} variant="secondary">
              {t('editSenderInfo')}
            </ButtonLink>
            <ButtonLink to={`${PATH}?confirm=delete`} variant="danger">
              {t('delete')}
            </ButtonLink>
          </>
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600" data-campaigns-unavailable>
        {t('campaignsUnavailable')}
      </p>
    </ScreenPanel>
  )
}
