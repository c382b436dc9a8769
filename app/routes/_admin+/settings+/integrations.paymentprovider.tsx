import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { CircleCheck, CreditCard, IndianRupee, Landmark, Smartphone, type LucideIcon } from 'lucide-react'
import { z } from 'zod'
import { KeyProviderForm } from '#app/components/payments/key-provider-form'
import { DisconnectButton, ProviderIntentButton } from '#app/components/payments/provider-buttons'
import { StripeProviderActions } from '#app/components/payments/stripe-provider-card'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { buttonClasses } from '#app/components/ui/button'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { loadPaymentProvidersScreen } from '#server/payments/payment-provider-screen'
import { codeOfProvider, PROVIDER_CARDS, PROVIDER_NAMES, providerOfCode, providerToasts, type KeyProvider, type PaymentProvider } from '#server/payments/payment-providers'
import { KEY_FORM_LABELS, keyFormValuesOf, parseKeyForm, type KeyFormErrors, type KeyFormValues } from '#server/payments/provider-key-form'
import { readProviderKeysView, saveProviderKeys, setProviderIntegrated } from '#server/payments/provider-keys'
import { STRIPE_CONNECT_MESSAGES } from '#server/payments/stripe-connect'

export const meta: MetaFunction = () => [{ title: 'Payment providers' }]

const PATH = '/settings/integrations/paymentprovider'
const ORDER: readonly PaymentProvider[] = ['PSPRING', 'STRIPE', 'RAZORPAY', 'PHONEPE']
const ICONS: Record<PaymentProvider, LucideIcon> = {
  PSPRING: Landmark,
  STRIPE: CreditCard,
  RAZORPAY: IndianRupee,
  PHONEPE: Smartphone,
}

/**
 * The payment providers page (spec 001, `?provider=`): without a choice, the chooser with each
 * provider's state and the one checkout uses; 1 PaymentSpring/Nelnet, 3 Razorpay and 4 PhonePe
 * open their key forms; 2 is Stripe, connected through Stripe Connect on the chooser itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const selected = providerOfCode(new URL(request.url).searchParams.get('provider'))
  const screen = await loadPaymentProvidersScreen(context.platform, tenant.id)
  return { ...screen, selected: selected === 'STRIPE' ? null : selected }
}

const postSchema = z.object({
  intent: z.enum(['save', 'disconnect', 'reconnect', 'use']),
  provider: z.enum(['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE']).default('STRIPE'),
})

type KeyFormRefusal = {
  provider: KeyProvider
  values: KeyFormValues
  errors: KeyFormErrors
  formError: string | null
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData()
  const parsed = postSchema.safeParse({ intent: form.get('intent'), provider: form.get('provider') || undefined })
  if (!parsed.success) return redirectWithToast(PATH, { type: 'error', message: providerToasts('STRIPE').nothing })
  const { intent, provider } = parsed.data
  const now = new Date()
  const platform = context.platform
  const toasts = providerToasts(provider)
  if (intent === 'save') {
    // Stripe has no keys here: it connects through Stripe Connect.
    if (provider === 'STRIPE') return redirectWithToast(PATH, { type: 'error', message: toasts.nothing })
    const view = await readProviderKeysView(platform, tenant.id, provider)
    const checked = parseKeyForm(provider, form, view)
    if (!checked.ok) return data<KeyFormRefusal>({ provider, ...checked.details }, { status: 400 })
    await saveProviderKeys(platform, tenant.id, provider, checked.value, now)
    return redirectWithToast(PATH, { type: 'success', message: toasts.saved })
  }
  const on = intent !== 'disconnect'
  const changed = await setProviderIntegrated(platform, tenant.id, provider, { isIntegrated: on, activate: on }, now)
  if (!changed) return redirectWithToast(PATH, { type: 'error', message: toasts.nothing })
  const message = intent === 'disconnect' ? toasts.disconnected : intent === 'reconnect' ? toasts.reconnected : toasts.used
  // Stripe's card is on the chooser; a key provider's Disconnect and Reconnect are on its own page.
  const back = provider === 'STRIPE' || intent === 'use' ? PATH : `${PATH}?provider=${codeOfProvider(provider)}`
  return redirectWithToast(back, { type: 'success', message })
}

export default function PaymentProvidersRoute() {
  const screen = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  if (screen.selected) {
    const provider = screen.selected
    const view = screen.keys[provider]
    const refusal = refused && refused.provider === provider ? refused : null
    return (
      <div className="mx-auto max-w-3xl p-4 sm:p-6">
        <ScreenHeader title={PROVIDER_CARDS[provider].name} backTo={PATH} />
        <div className="flex flex-col gap-6">
          {view.isSaved ? (
            <ScreenPanel>
              <div className="flex flex-wrap items-center gap-3">
                <p className="flex-1 text-sm text-slate-700" data-provider-status>
                  {view.isIntegrated ? 'Connected' : 'Disconnected'}
                  {view.isTestMode ? ' in test mode' : ''}
                  {screen.active === provider ? '. Checkout takes payments through it.' : view.isIntegrated ? '.' : `. Checkout does not use ${PROVIDER_NAMES[provider]} until you reconnect.`}
                </p>
                {view.isIntegrated ? (
                  <DisconnectButton provider={provider} question={`Checkout will stop taking payments through ${PROVIDER_NAMES[provider]}. Are you sure?`} />
                ) : (
                  <ProviderIntentButton provider={provider} intent="reconnect" variant="primary">
                    Reconnect
                  </ProviderIntentButton>
                )}
              </div>
            </ScreenPanel>
          ) : null}
          <ScreenPanel title={provider === 'PHONEPE' ? 'PhonePe merchant details' : `${PROVIDER_NAMES[provider]} keys`}>
            <p className="mb-4 text-sm text-slate-600">
              {provider === 'PHONEPE'
                ? 'Copy your merchant id, salt key and salt index from your PhonePe dashboard. The salt key is kept encrypted and never shown again.'
                : `Copy the keys from your ${PROVIDER_NAMES[provider]} dashboard. The secret keys are kept encrypted and never shown again.`}
            </p>
            <KeyProviderForm
              provider={provider}
              providerName={PROVIDER_NAMES[provider]}
              labels={provider === 'PHONEPE' ? null : KEY_FORM_LABELS[provider]}
              values={refusal?.values ?? keyFormValuesOf(view)}
              errors={refusal?.errors ?? {}}
              formError={refusal?.formError ?? null}
              kept={{
                secretKey: view.hasSecretKey,
                testSecretKey: view.hasTestSecretKey,
              }}
              cancelTo={PATH}
            />
          </ScreenPanel>
        </div>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <ScreenHeader title="Payment providers" backTo="/settings" />
      <p className="mb-4 text-sm text-slate-700">
        {screen.active ? (
          <>
            Checkout takes payments through <span className="font-semibold">{PROVIDER_NAMES[screen.active]}</span>.
          </>
        ) : (
          'No payment provider is set up: checkout takes only what costs nothing. Choose one below.'
        )}
      </p>
      <ul className="flex flex-col gap-4">
        {ORDER.map((provider) => {
          const Icon = ICONS[provider]
          const integrated = provider === 'STRIPE' ? screen.stripe.isIntegrated && screen.stripe.isConfigured : screen.keys[provider].isIntegrated
          const inUse = screen.active === provider
          return (
            <li key={provider}>
              <ScreenPanel>
                <section aria-labelledby={`provider-${provider}`} className="flex flex-col gap-4" data-provider-card={provider}>
                  <div className="flex items-start gap-3">
                    <Icon aria-hidden className="mt-1 h-6 w-6 shrink-0 text-slate-600" />
                    <div className="min-w-0 flex-1">
                      <h2 id={`provider-${provider}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                        {PROVIDER_CARDS[provider].name}
                        {integrated ? <CircleCheck aria-label="Integrated" className="h-5 w-5 text-emerald-600" /> : null}
                        {inUse ? <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800">Used by checkout</span> : null}
                      </h2>
                      <p className="text-sm text-slate-600">{PROVIDER_CARDS[provider].text}</p>
                    </div>
                  </div>
                  {provider === 'STRIPE' ? (
                    <StripeProviderActions card={screen.stripe} notConfigured={STRIPE_CONNECT_MESSAGES.notConfigured} />
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`${PATH}?provider=${codeOfProvider(provider)}`}
                        className={buttonClasses({
                          variant: screen.keys[provider].isSaved ? 'secondary' : 'primary',
                        })}
                      >
                        {screen.keys[provider].isSaved ? `Edit ${PROVIDER_NAMES[provider]} keys` : `Set up ${PROVIDER_NAMES[provider]}`}
                      </Link>
                      {integrated && !inUse ? <UseForCheckout provider={provider} /> : null}
                    </div>
                  )}
                  {provider === 'STRIPE' && integrated && !inUse ? <UseForCheckout provider={provider} /> : null}
                </section>
              </ScreenPanel>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function UseForCheckout({ provider }: { provider: PaymentProvider }) {
  return (
    <ProviderIntentButton provider={provider} intent="use" variant="secondary">
      Use {PROVIDER_NAMES[provider]} for checkout
    </ProviderIntentButton>
  )
}
