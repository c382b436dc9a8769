import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { ProviderSwitchNotice } from '#app/components/sms/provider-switch-notice'
import { TwilioForm } from '#app/components/sms/twilio-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { saveTwilioSettings } from '#server/sms/save-twilio-settings'
import { TWILIO_FORM_SHOWN_MESSAGES, TWILIO_MESSAGES } from '#server/sms/twilio-form'
import { loadTwilioPage } from '#server/sms/twilio-page'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const meta: MetaFunction = () => [{ title: 'Twilio' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const TWILIO_UNKNOWN_ACTION = 'Unknown action.'

const PATH = '/settings/integrations/twilio'
const HUB = '/settings/integrations'

/**
 * The Twilio page (settings spec, SMS pages): sender, account SID, auth token and admin phone;
 * the settings icon opens the advanced view (page size, page timer), which is `?advanced=1`
 * so that it works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const advanced = new URL(request.url).searchParams.get('advanced') === '1'
  const messages = Object.fromEntries(TWILIO_FORM_SHOWN_MESSAGES.map((message) => [message, translateMessage(context.language, message)]))
  return { page: await loadTwilioPage(context.platform, tenant.id), advanced, messages }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData().catch(() => new FormData())
  if (form.get('intent') !== 'save') return data({ errors: {}, values: null, formError: translateMessage(context.language, TWILIO_UNKNOWN_ACTION), advanced: false }, { status: 400 })
  const saved = await saveTwilioSettings(context.platform, tenant.id, form, context.platform.clock.now())
  // The advanced view was open when its fields were posted: a refusal shows it open again.
  if (!saved.ok) {
    const { errors, formError, values } = saved.details
    const refusal = { errors: translateMessages(context.language, errors), formError: formError === null ? null : translateMessage(context.language, formError), values }
    return data({ ...refusal, advanced: form.has('pageSize') || form.has('pageWaitMinutes') }, { status: 400 })
  }
  return redirectWithToast(PATH, { type: 'success', message: TWILIO_MESSAGES.updated })
}

export default function TwilioRoute() {
  const { page, advanced, messages } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const refused = useActionData<typeof action>() ?? null
  const open = refused ? refused.advanced : advanced
  // A refused post shows what was typed; fields it did not carry (the closed advanced view) show what is saved.
  const values = refused?.values ? (open ? refused.values : { ...refused.values, pageSize: page.values.pageSize, pageWaitMinutes: page.values.pageWaitMinutes }) : page.values
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <ScreenHeader title="Twilio" backTo={HUB} />
      <ScreenPanel title={page.isConfigured ? t('twilioAccount') : t('connectTwilioAccount')}>
        <p className="mb-4 text-sm text-slate-600">{t('twilioIntro')}</p>
        <ProviderSwitchNotice replaces={page.replaces} />
        <TwilioForm
          key={JSON.stringify(values) + String(open)}
          values={{ ...values, token: '' }}
          errors={refused?.errors ?? {}}
          formError={refused?.formError ?? null}
          hasToken={page.hasToken}
          advanced={open}
          toggleTo={open ? PATH : `${PATH}?advanced=1`}
          cancelTo={HUB}
          messages={messages}
        />
      </ScreenPanel>
    </div>
  )
}
