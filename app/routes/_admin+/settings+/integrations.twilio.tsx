import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { ProviderSwitchNotice } from '#app/components/sms/provider-switch-notice'
import { TwilioForm } from '#app/components/sms/twilio-form'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { saveTwilioSettings } from '#server/sms/save-twilio-settings'
import { TWILIO_MESSAGES } from '#server/sms/twilio-form'
import { loadTwilioPage } from '#server/sms/twilio-page'

export const meta: MetaFunction = () => [{ title: 'Twilio' }]

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
  return { page: await loadTwilioPage(context.platform, tenant.id), advanced }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData().catch(() => new FormData())
  if (form.get('intent') !== 'save') return data({ errors: {}, values: null, formError: 'Unknown action.', advanced: false }, { status: 400 })
  const saved = await saveTwilioSettings(context.platform, tenant.id, form, context.platform.clock.now())
  // The advanced view was open when its fields were posted: a refusal shows it open again.
  if (!saved.ok) return data({ ...saved.details, advanced: form.has('pageSize') || form.has('pageWaitMinutes') }, { status: 400 })
  return redirectWithToast(PATH, { type: 'success', message: TWILIO_MESSAGES.updated })
}

export default function TwilioRoute() {
  const { page, advanced } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  const open = refused ? refused.advanced : advanced
  // A refused post shows what was typed; fields it did not carry (the closed advanced view) show what is saved.
  const values = refused?.values ? (open ? refused.values : { ...refused.values, pageSize: page.values.pageSize, pageWaitMinutes: page.values.pageWaitMinutes }) : page.values
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <ScreenHeader title="Twilio" backTo={HUB} />
      <ScreenPanel title={page.isConfigured ? 'Twilio account' : 'Connect a Twilio account'}>
        <p className="mb-4 text-sm text-slate-600">
          Text messages to contacts (class reminders, messages from a contact&apos;s profile) are sent through this Twilio account. The auth token is kept encrypted and never
          shown again.
        </p>
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
        />
      </ScreenPanel>
    </div>
  )
}
