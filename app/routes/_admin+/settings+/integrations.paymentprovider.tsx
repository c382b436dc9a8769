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
import { KEY_FORM_LABELS, keyFormValuesOf, parseKeyForm, type KeyFormErrors, type KeyFormLabels, type KeyFormValues } from '#server/payments/provider-key-form'
import { readProviderKeysView, saveProviderKeys, setProviderIntegrated } from '#server/payments/provider-keys'
import { STRIPE_CONNECT_MESSAGES } from '#server/payments/stripe-connect'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Payment providers' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

/** The providers' fee lines and key names in the page's language (provider and brand names stay). */
const CARD_TEXTS: Record<PaymentProvider, IntegrationsKey> = { PSPRING: 'hubNelnetText', STRIPE: 'hubStripeText', RAZORPAY: 'hubRazorpayText', PHONEPE: 'hubPhonepeText' }
const KEY_LABEL_WORDS: Record<string, IntegrationsKey> = {
  'Public Key': 'keyPublicKey',
  'Private Key': 'keyPrivateKey',
  'Test Public Key': 'keyTestPublicKey',
  'Test Private Key': 'keyTestPrivateKey',
  'Key Id': 'keyKeyId',
  'Key Secret': 'keyKeySecret',
  'Test Key Id': 'keyTestKeyId',
  'Test Key Secret': 'keyTestKeySecret',
}

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
  const t = tFor(context.language, 'integrations')
  const title = selected && selected !== 'STRIPE' ? PROVIDER_CARDS[selected].name : t('paymentProviders')
  return { ...screen, title, notConfigured: translateMessage(context.language, STRIPE_CONNECT_MESSAGES.notConfigured), selected: selected === 'STRIPE' ? null : selected }
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
    if (!checked.ok) {
      // The checks speak English; the refusal is answered in the page's language.
      const { errors, formError, values } = checked.details
      const refusal = { errors: translateMessages(context.language, errors), formError: formError === null ? null : translateMessage(context.language, formError), values }
      return data<KeyFormRefusal>({ provider, ...refusal }, { status: 400 })
    }
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
  const { t } = useIntegrationsWords()
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
                  {view.isIntegrated ? (view.isTestMode ? t('connectedInTestMode') : t('connected')) : view.isTestMode ? t('disconnectedInTestMode') : t('disconnected')}
                  {screen.active === provider ? t('checkoutTakesPaymentsThroughIt') : view.isIntegrated ? '.' : t('checkoutDoesNotUseUntilReconnect', { name: PROVIDER_NAMES[provider] })}
                </p>
                {view.isIntegrated ? (
                  <DisconnectButton provider={provider} question={t('disconnectQuestion', { name: PROVIDER_NAMES[provider] })} />
                ) : (
                  <ProviderIntentButton provider={provider} intent="reconnect" variant="primary">
                    {t('reconnect')}
                  </ProviderIntentButton>
                )}
              </div>
            </ScreenPanel>
          ) : null}
          <ScreenPanel title={provider === 'PHONEPE' ? t('phonepeMerchantDetails') : t('providerKeys', { name: PROVIDER_NAMES[provider] })}>
            <p className="mb-4 text-sm text-slate-600">{provider === 'PHONEPE' ? t('phonepeKeysText') : t('copyKeysText', { name: PROVIDER_NAMES[provider] })}</p>
            <KeyProviderForm
              provider={provider}
              providerName={PROVIDER_NAMES[provider]}
              labels={provider === 'PHONEPE' ? null : keyLabelsIn(KEY_FORM_LABELS[provider], t)}
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
      <ScreenHeader title={t('paymentProviders')} backTo="/settings" />
      <p className="mb-4 text-sm text-slate-700">
        {screen.active ? (
          <>
            {t('checkoutTakesPaymentsThroughBefore')}
            <span className="font-semibold">{PROVIDER_NAMES[screen.active]}</span>
            {t('checkoutTakesPaymentsThroughAfter')}
          </>
        ) : (
          t('noProviderSetUp')
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
                        {integrated ? <CircleCheck aria-label={t('integrated')} className="h-5 w-5 text-emerald-600" /> : null}
                        {inUse ? <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800">{t('usedByCheckout')}</span> : null}
                      </h2>
                      <p className="text-sm text-slate-600">{t(CARD_TEXTS[provider])}</p>
                    </div>
                  </div>
                  {provider === 'STRIPE' ? (
                    <StripeProviderActions card={screen.stripe} notConfigured={screen.notConfigured} />
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`${PATH}?provider=${codeOfProvider(provider)}`}
                        className={buttonClasses({
                          variant: screen.keys[provider].isSaved ? 'secondary' : 'primary',
                        })}
                      >
                        {screen.keys[provider].isSaved ? t('editProviderKeys', { name: PROVIDER_NAMES[provider] }) : t('setUpProvider', { name: PROVIDER_NAMES[provider] })}
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

function keyLabelsIn(labels: KeyFormLabels, t: ReturnType<typeof useIntegrationsWords>['t']): KeyFormLabels {
  const word = (label: string) => {
    const key = KEY_LABEL_WORDS[label]
    return key ? t(key) : label
  }
  return { apiKey: word(labels.apiKey), secretKey: word(labels.secretKey), testApiKey: word(labels.testApiKey), testSecretKey: word(labels.testSecretKey) }
}

function UseForCheckout({ provider }: { provider: PaymentProvider }) {
  const { t } = useIntegrationsWords()
  return (
    <ProviderIntentButton provider={provider} intent="use" variant="secondary">
      {t('useForCheckout', { name: PROVIDER_NAMES[provider] })}
    </ProviderIntentButton>
  )
}
