import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { CircleCheck, Video } from 'lucide-react'
import { z } from 'zod'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, buttonClasses } from '#app/components/ui/button'
import { requireTenant } from '#app/utils/tenant.server'
import { requireMeetingManager } from '#app/utils/meetings.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { dateInLanguage } from '#server/dates/language-dates'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { startMeetingConnection } from '#server/meetings/connect-meeting-provider'
import { disconnectMeetingProvider, loadMeetingProviderRows } from '#server/meetings/meeting-connections'
import { MEETING_OAUTH_COOKIE, MEETING_OAUTH_COOKIE_PATH } from '#server/meetings/meeting-oauth'
import { MEETING_MESSAGES, MEETING_PROVIDER_NAMES, MEETING_PROVIDERS, parseMeetingProvider } from '#server/meetings/meeting-providers'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Online Meeting' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PATH = '/oauth/omeeting'

/**
 * /oauth/omeeting (settings spec, Integrations hub: Online Meeting): Zoom and Google Meet, each
 * with Connect or Disconnect. Connect is a link, `?connect={provider}` (spec: GET
 * /authmgr/oauth/connect/{provider}), as /oauth/stripe and Google sign-in are: off to the
 * provider's consent with the state and PKCE verifier kept in a short-lived cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMeetingManager(request, context)
  const tenant = requireTenant(context)
  const url = new URL(request.url)
  const env = context.platform.env
  let refusal: string | null = null
  if (url.searchParams.has('connect')) {
    const provider = parseMeetingProvider(url.searchParams.get('connect'))
    const started = provider ? startMeetingConnection(env, { provider, origin: tenantOrigin(tenant, url, env) }) : null
    if (started?.ok) {
      const secure = env.isProduction ? '; Secure' : ''
      throw redirect(started.value.consentUrl, {
        headers: { 'Set-Cookie': `${MEETING_OAUTH_COOKIE}=${started.value.cookieValue}; Path=${MEETING_OAUTH_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=900${secure}` },
      })
    }
    refusal = translateMessage(context.language, started ? started.message : MEETING_MESSAGES.chooseConnect)
  }
  const rows = await loadMeetingProviderRows(context.platform, tenant.id)
  return {
    title: tFor(context.language, 'integrations')('hubOnlineMeeting'),
    refusal,
    rows: rows.map((row) => ({ ...row, connectedAtText: row.connectedAt ? dateInLanguage(row.connectedAt, tenant.settings, 'date', context.language) : null })),
  }
}

const actionSchema = z.object({ intent: z.literal('disconnect'), provider: z.enum(MEETING_PROVIDERS) })

/** Disconnect: revoked at the provider and deleted here. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireMeetingManager(request, context)
  const tenant = requireTenant(context)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ message: translateMessage(context.language, MEETING_MESSAGES.chooseDisconnect) }, { status: 400 })
  const { provider } = parsed.data
  const removed = await disconnectMeetingProvider(context.platform, tenant.id, provider)
  if (!removed) return data({ message: translateMessage(context.language, MEETING_MESSAGES.providerNotConnected(MEETING_PROVIDER_NAMES[provider])) }, { status: 404 })
  return redirectWithToast(PATH, { type: 'success', message: MEETING_MESSAGES.disconnected(MEETING_PROVIDER_NAMES[provider]) })
}

export default function OnlineMeetingRoute() {
  const { rows, refusal } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const refused = useActionData<typeof action>()?.message ?? refusal
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <ScreenHeader title={t('hubOnlineMeeting')} backTo="/settings/integrations" />
      <p className="mb-4 text-sm text-slate-600">{t('meetingsIntro')}</p>
      {refused ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {refused}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.provider} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-provider={row.provider}>
            <Video aria-hidden className="h-6 w-6 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1">
              <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                {row.name}
                {row.isConnected ? (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
                    <CircleCheck aria-hidden className="h-4 w-4 text-emerald-600" />
                    {t('connected')}
                  </span>
                ) : null}
              </h2>
              <p className="text-sm text-slate-600">
                {row.isConnected
                  ? `${row.accountEmail ?? t('meetingsAccountConnected')}${row.connectedAtText ? t('meetingsSince', { date: row.connectedAtText }) : ''}`
                  : row.isConfigured
                    ? t('meetingsNotConnected')
                    : t('meetingsNotConfigured', { name: row.name })}
              </p>
            </div>
            {row.isConnected ? (
              <Form method="post">
                <input type="hidden" name="provider" value={row.provider} />
                <Button type="submit" name="intent" value="disconnect" variant="secondary" aria-label={t('meetingsDisconnectProvider', { name: row.name })}>
                  {t('disconnect')}
                </Button>
              </Form>
            ) : row.isConfigured ? (
              // A document link: the provider's consent page is another site.
              <a href={`${PATH}?connect=${row.provider}`} className={buttonClasses({ variant: 'primary' })} aria-label={t('meetingsConnectProvider', { name: row.name })}>
                {t('connect')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
