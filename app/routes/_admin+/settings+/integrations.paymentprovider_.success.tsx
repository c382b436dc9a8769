import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { buttonClasses } from '#app/components/ui/button'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { checkStripeIntegration } from '#server/payments/payment-provider-page'
import { STRIPE_CONNECT_MESSAGES } from '#server/payments/stripe-connect'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage } from '#server/i18n/translate-message'

export const meta: MetaFunction = () => [{ title: 'Stripe' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PROVIDERS = '/settings/integrations/paymentprovider'

/** The Stripe status page (spec 001): checks the connected account and says how it went. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const status = new URL(request.url).searchParams.get('result') === 'failed' ? { integrated: false, message: STRIPE_CONNECT_MESSAGES.failed, accountName: null } : await checkStripeIntegration(context.platform, tenant.id)
  return { ...status, message: translateMessage(context.language, status.message) }
}

export default function StripeStatusRoute() {
  const status = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const Icon = status.integrated ? CircleCheck : CircleAlert
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Stripe" backTo={PROVIDERS} />
      <ScreenPanel>
        <div role="status" className={`flex items-start gap-3 rounded-md border p-4 ${status.integrated ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}>
          <Icon aria-hidden className={`mt-0.5 h-6 w-6 shrink-0 ${status.integrated ? 'text-emerald-700' : 'text-red-700'}`} />
          <div>
            <p className="font-semibold text-slate-900">{status.message}</p>
            {status.integrated && status.accountName ? <p className="mt-1 text-sm text-slate-700">{t('cardPaymentsGoTo', { name: status.accountName })}</p> : null}
            {!status.integrated ? <p className="mt-1 text-sm text-slate-700">{t('stripeDidNotConnect')}</p> : null}
          </div>
        </div>
        <div className="mt-4">
          <Link to={PROVIDERS} className={buttonClasses({ variant: 'primary' })}>
            {t('backToPaymentProviders')}
          </Link>
        </div>
      </ScreenPanel>
    </div>
  )
}
