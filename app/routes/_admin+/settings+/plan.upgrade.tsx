import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Check } from 'lucide-react'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink, buttonClasses } from '#app/components/ui/button'
import { requireAdmin } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { isPlanId, PLAN_MESSAGES, PLAN_PERIODS, planRegionOf, type PlanPeriod } from '#server/plans/plan-catalogue'
import { PLAN_PATH, startPlanCheckout } from '#server/plans/plan-checkout'
import { planOptions } from '#server/plans/plan-options'
import { chooseFreePlan } from '#server/plans/choose-free-plan'
import { platformStripeFor } from '#server/payments/stripe-client'
import { readTenantPlan } from '#server/plans/tenant-plan'
import { tierFeaturesIn, tierNameIn } from '#server/plans/plan-words'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Upgrade plan' }]

export const handle: I18nHandle = { i18n: ['settings'] }

const UPGRADE_PATH = '/settings/plan/upgrade'

function periodOf(value: string | null, fallback: PlanPeriod): PlanPeriod {
  return (PLAN_PERIODS as readonly string[]).includes(value ?? '') ? (value as PlanPeriod) : fallback
}

/**
 * Settings > Plans > Upgrade (settings spec 2 and 4): the chooser for the period in the address
 * (?period=monthly|yearly, a link, so the toggle works without JavaScript), then the chosen plan
 * (?choose=<plan id>): Free's confirmation, or the card checkout on Stripe's hosted page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const params = new URL(request.url).searchParams
  const plan = await readTenantPlan(context.platform, tenant.id)
  const period = periodOf(params.get('period'), plan?.period ?? 'monthly')
  const region = planRegionOf(tenant.settings)
  const { language } = context
  const options = planOptions(period, region, plan?.planId ?? null).map((option) => ({
    ...option,
    name: tierNameIn(option.tier, language),
    features: tierFeaturesIn(option.tier, language),
  }))
  const chosenId = params.get('choose')
  const chosen = isPlanId(chosenId) ? (options.find((option) => option.planName === chosenId) ?? null) : null
  return {
    title: tFor(language, 'settings')('upgradeTitle'),
    period,
    currency: region === 'IN' ? 'INR' : 'USD',
    options,
    chosen: chosen && !chosen.contactUs ? chosen : null,
    // Names this visit's form: a double submit is one payment (docs/decisions/129).
    attempt: randomUUID(),
    canPay: platformStripeFor(context.platform.env) !== null,
    contactUrl: context.platform.env.PLAN_CONTACT_URL ?? null,
  }
}

const postSchema = z.object({
  intent: z.enum(['free', 'checkout']),
  plan: z.string().refine(isPlanId),
  attempt: z.string().regex(/^[A-Za-z0-9-]{16,64}$/),
})

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requireAdmin(request, context)
  const form = await request.formData().catch(() => new FormData())
  // Messages are made in English and answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  const parsed = postSchema.safeParse({ intent: form.get('intent'), plan: form.get('plan'), attempt: form.get('attempt') })
  if (!parsed.success || (parsed.data.intent === 'free') !== (parsed.data.plan === 'free_plan')) {
    return data({ formError: words(PLAN_MESSAGES.unknownPlan) }, { status: 400 })
  }
  const { intent, attempt } = parsed.data
  const planId = parsed.data.plan
  if (!isPlanId(planId)) return data({ formError: words(PLAN_MESSAGES.unknownPlan) }, { status: 400 })
  const now = context.platform.clock.now()
  const payer = { contactId: user.contactId, fullName: user.fullName, email: user.email }
  if (intent === 'free') {
    const chosen = await chooseFreePlan(context.platform, tenant, { attempt, payer, now })
    if (!chosen.ok) return data({ formError: words(chosen.message ?? PLAN_MESSAGES.unknownPlan) }, { status: 400 })
    return redirectWithToast(PLAN_PATH, { type: 'success', message: PLAN_MESSAGES.updated })
  }
  const started = await startPlanCheckout(context.platform, tenant, {
    planId,
    attempt,
    payer,
    origin: tenantOrigin(tenant, new URL(request.url), context.platform.env),
    now,
  })
  if (!started.ok) return data({ formError: words(started.message ?? PLAN_MESSAGES.providerDown) }, { status: started.error === 'unavailable' ? 503 : 400 })
  if (started.value.kind === 'done') return redirectWithToast(PLAN_PATH, { type: 'success', message: PLAN_MESSAGES.updated })
  return redirect(started.value.url, 303)
}

export default function UpgradePlanRoute() {
  const { period, currency, options, chosen, attempt, canPay, contactUrl } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  const { t } = useTranslation('settings')
  const back = chosen ? `${UPGRADE_PATH}?period=${period}` : PLAN_PATH
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('upgradeTitle')} backTo={back} />
      {refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refused.formError}
        </p>
      ) : null}
      {chosen ? (
        <ScreenPanel title={t('tierPlan', { name: chosen.name })}>
          {chosen.tier === 'free' ? (
            <div role="alertdialog" aria-labelledby="free-plan-question" className="flex flex-col gap-4">
              <p id="free-plan-question" className="text-sm text-slate-900">
                {t('freeConfirm')}
              </p>
              <Form method="post" className="flex flex-wrap gap-3">
                <input type="hidden" name="intent" value="free" />
                <input type="hidden" name="plan" value="free_plan" />
                <input type="hidden" name="attempt" value={attempt} />
                <Button type="submit" variant="primary">
                  {t('yes')}
                </Button>
                <ButtonLink to={back} variant="secondary">
                  {t('no')}
                </ButtonLink>
              </Form>
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-slate-900">{t(`priceLine_${chosen.period}`, { price: chosen.price, currency })}</p>
              {canPay ? (
                <Form method="post" className="flex flex-wrap gap-3">
                  <input type="hidden" name="intent" value="checkout" />
                  <input type="hidden" name="plan" value={chosen.planName} />
                  <input type="hidden" name="attempt" value={attempt} />
                  <Button type="submit" variant="primary">
                    {t('payByCard')}
                  </Button>
                  <ButtonLink to={back} variant="secondary">
                    {t('backToPlans')}
                  </ButtonLink>
                </Form>
              ) : (
                <p className="text-sm text-slate-700">{t('notConfigured')}</p>
              )}
            </div>
          )}
        </ScreenPanel>
      ) : (
        <>
          <nav aria-label={t('billingPeriod')} className="flex gap-2">
            {PLAN_PERIODS.map((each) => (
              <Link
                key={each}
                to={`${UPGRADE_PATH}?period=${each}`}
                aria-current={each === period ? 'page' : undefined}
                className={buttonClasses({ variant: each === period ? 'primary' : 'secondary', size: 'sm' })}
              >
                {t(`tab_${each}`)}
              </Link>
            ))}
          </nav>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {options.map((option) => (
              <li key={option.tier} data-plan-option={option.planName} className={`flex flex-col gap-3 rounded-lg border bg-white p-4 ${option.isCurrentPlan ? 'border-brand-text' : 'border-slate-200'}`}>
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{option.name}</h2>
                  {option.isCurrentPlan ? <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-medium text-white">{t('currentPlan')}</span> : null}
                </div>
                <p className="text-2xl font-semibold text-slate-900">
                  {option.price}
                  <span className="text-sm font-normal text-slate-600"> / {t(`per_${option.period}`)}</span>
                </p>
                <ul className="flex flex-1 flex-col gap-1 text-sm text-slate-700">
                  {option.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {option.contactUs ? (
                  contactUrl ? (
                    <a href={contactUrl} className={buttonClasses({ variant: 'secondary' })} target="_blank" rel="noreferrer">
                      {t('contactUs')}
                    </a>
                  ) : (
                    <p className="text-sm text-slate-700">{t('contactUsLeap')}</p>
                  )
                ) : option.isCurrentPlan ? null : (
                  <ButtonLink to={`${UPGRADE_PATH}?period=${period}&choose=${option.planName}`} variant="primary" aria-label={t('chooseTier', { name: option.name })}>
                    {t('choose')}
                  </ButtonLink>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
