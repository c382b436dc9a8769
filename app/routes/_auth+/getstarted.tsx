import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import type { I18nHandle } from '#app/utils/i18n'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { signUpOrganisation, type SignUpErrors, type SignUpValues } from '#server/platform-admin/sign-up-organisation'
import { isPlanId, periodOfPlanId, PLAN_TIER_INFO, tierOfPlanId } from '#server/plans/plan-catalogue'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Get started' }]

/** Sign-up of a new organisation: only on the platform's own site (the master tenant or the bare platform host). */
function requirePlatformSite(context: LoaderFunctionArgs['context']) {
  if (context.tenant && !context.tenant.isMaster) throw notFound()
}

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlatformSite(context)
  // Arriving from a plan's page (/tplan/{name}/{freq}): the choice is named, to be made once inside.
  const plan = new URL(request.url).searchParams.get('plan')
  const chosen = isPlanId(plan) && plan !== 'free_plan' ? { name: PLAN_TIER_INFO[tierOfPlanId(plan)].name, period: periodOfPlanId(plan) } : null
  return { title: tFor(context.language, 'auth')('getStartedTitle'), chosen }
}

type Answer = { kind: 'refused'; message: string; errors: SignUpErrors; values: SignUpValues } | { kind: 'created'; signInHref: string; businessName: string }

export async function action({ request, context }: ActionFunctionArgs) {
  requirePlatformSite(context)
  const form = await request.formData()
  const signed = await signUpOrganisation(context.platform, form, { ip: context.ip, now: new Date() })
  if (!signed.ok) {
    // Made in English, answered in the page's language.
    const message = translateMessage(context.language, signed.message)
    const answer: Answer = { kind: 'refused', message, errors: translateMessages(context.language, signed.details.errors), values: signed.details.values }
    return data(answer, { status: signed.error === 'rate_limited' ? 429 : 400 })
  }
  // The new organisation lives at its own address: its admin signs in there and is taken to onboarding.
  const origin = tenantOrigin({ orgId: signed.value.orgId, customDomain: null }, new URL(request.url), context.platform.env)
  const answer: Answer = { kind: 'created', signInHref: `${origin}/login`, businessName: String(form.get('businessName') ?? '').trim() }
  return data(answer, { headers: { 'Cache-Control': 'no-store' } })
}

const FIELDS = [
  { name: 'businessName', label: 'businessName', type: 'text', autoComplete: 'organization' },
  { name: 'orgId', label: 'orgIdLabel', type: 'text', autoComplete: 'off', hint: true },
  { name: 'firstName', label: 'firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'email', type: 'email', autoComplete: 'email' },
] as const

export default function GetStartedRoute() {
  const answer = useActionData<typeof action>() as Answer | undefined
  const navigation = useNavigation()
  const { chosen } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  if (answer?.kind === 'created') {
    return (
      <AuthPage orgName={answer.businessName} title={t('organisationReady')}>
        <p className="mb-4 text-slate-700">{t('organisationReadyText')}</p>
        <a href={answer.signInHref} className="block w-full rounded bg-brand px-4 py-2 text-center font-medium text-on-brand">
          {t('signInTo', { name: answer.businessName })}
        </a>
      </AuthPage>
    )
  }
  const refused = answer?.kind === 'refused' ? answer : null
  return (
    <AuthPage orgName={null} title={t('getStartedTitle')}>
      <Form method="post" className="flex flex-col gap-4" aria-describedby={refused ? 'getstarted-error' : undefined}>
        <FormAlert id="getstarted-error" errors={refused ? [refused.message] : undefined} />
        {chosen ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-chosen-plan>
            {t(chosen.period === 'yearly' ? 'chosenPlanYearly' : 'chosenPlanMonthly', { plan: chosen.name })}
          </p>
        ) : null}
        {FIELDS.map((field) => {
          const error = refused?.errors[field.name]
          return (
            <div key={field.name}>
              <label htmlFor={`getstarted-${field.name}`} className="font-medium">
                {t(field.label)}
              </label>
              <input
                id={`getstarted-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                defaultValue={refused?.values[field.name] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error ? `getstarted-${field.name}-error` : '', 'hint' in field ? `getstarted-${field.name}-hint` : ''].filter(Boolean).join(' ') || undefined}
                className={inputClass}
              />
              {'hint' in field ? <p id={`getstarted-${field.name}-hint`} className="mt-1 text-xs text-slate-500">{t('orgIdHint')}</p> : null}
              <FieldError id={`getstarted-${field.name}-error`} errors={error ? [error] : undefined} />
            </div>
          )
        })}
        <div>
          <label htmlFor="getstarted-password" className="font-medium">
            {t('password')}
          </label>
          <input
            id="getstarted-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            aria-invalid={refused?.errors.password ? true : undefined}
            aria-describedby={refused?.errors.password ? 'getstarted-password-error' : undefined}
            className={inputClass}
          />
          <FieldError id="getstarted-password-error" errors={refused?.errors.password ? [refused.errors.password] : undefined} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          {t('createMyOrganisation')}
        </button>
        <p className="text-center text-sm text-slate-600">
          {t('alreadyOnPlatform')}{' '}
          <Link to="/login" className="font-medium text-brand-text hover:underline">
            {t('signIn')}
          </Link>
        </p>
      </Form>
    </AuthPage>
  )
}
