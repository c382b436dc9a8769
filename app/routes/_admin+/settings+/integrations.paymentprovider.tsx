import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CircleCheck, CreditCard } from 'lucide-react'
import { z } from 'zod'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { buttonClasses } from '#app/components/ui/button'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { loadStripeCard } from '#server/payments/payment-provider-page'
import { setStripeIntegrated } from '#server/payments/stripe-account'
import { PAYMENT_PROVIDER_TOASTS, STRIPE_CONNECT_MESSAGES } from '#server/payments/stripe-connect'

export const meta: MetaFunction = () => [{ title: 'Payment providers' }]

const PATH = '/settings/integrations/paymentprovider'

/** The payment providers page (spec 001): the studio's Stripe account, connected through Stripe Connect. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return loadStripeCard(context.platform, requireTenant(context).id)
}

const intentSchema = z.object({ intent: z.enum(['disconnect', 'reconnect']) })

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return redirectWithToast(PATH, { type: 'error', message: PAYMENT_PROVIDER_TOASTS.nothing })
  const on = parsed.data.intent === 'reconnect'
  const changed = await setStripeIntegrated(context.platform, tenant.id, on, new Date())
  if (!changed) return redirectWithToast(PATH, { type: 'error', message: PAYMENT_PROVIDER_TOASTS.nothing })
  return redirectWithToast(PATH, { type: 'success', message: on ? PAYMENT_PROVIDER_TOASTS.reconnected : PAYMENT_PROVIDER_TOASTS.disconnected })
}

export default function PaymentProvidersRoute() {
  const card = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Payment providers" backTo="/settings" />
      <ScreenPanel>
        <section aria-labelledby="stripe-card" className="flex flex-col gap-4">
          <div className="flex items-start gap-3">
            <CreditCard aria-hidden className="mt-1 h-6 w-6 shrink-0 text-slate-600" />
            <div className="min-w-0 flex-1">
              <h2 id="stripe-card" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                Stripe
                {card.isIntegrated ? <CircleCheck aria-label="Integrated" className="h-5 w-5 text-emerald-600" /> : null}
              </h2>
              <p className="text-sm text-slate-600">USD and other currencies; card fees from 2.9% plus 30 cents</p>
            </div>
          </div>
          {!card.isConfigured ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{STRIPE_CONNECT_MESSAGES.notConfigured}</p>
          ) : card.isConnected ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-slate-700" data-stripe-status>
                {card.isIntegrated ? 'Connected' : 'Disconnected'}: {card.accountName ?? card.accountId}
                {card.isIntegrated ? '. Checkout takes cards, paid into this account.' : '. Checkout does not take cards until you reconnect.'}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {card.isIntegrated ? (
                  <details className="group">
                    <summary className={`${buttonClasses({ variant: 'secondary' })} cursor-pointer list-none`}>Disconnect</summary>
                    <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center">
                      <p className="flex-1 text-sm text-slate-700">Checkout will stop taking cards. Are you sure?</p>
                      <button type="submit" name="intent" value="disconnect" className="rounded-md bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700">
                        Yes, disconnect
                      </button>
                    </Form>
                  </details>
                ) : (
                  <Form method="post">
                    <button type="submit" name="intent" value="reconnect" className={buttonClasses({ variant: 'primary' })}>
                      Reconnect
                    </button>
                  </Form>
                )}
                <a href="/oauth/stripe" className={buttonClasses({ variant: 'secondary' })}>
                  Connect another account
                </a>
              </div>
            </div>
          ) : (
            <div>
              <a href="/oauth/stripe" className={buttonClasses({ variant: 'primary' })}>
                Connect with Stripe
              </a>
            </div>
          )}
        </section>
      </ScreenPanel>
    </div>
  )
}
