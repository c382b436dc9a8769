import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/auth/auth-page'
import type { I18nHandle } from '#app/utils/i18n'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { publicPlanOf } from '#server/plans/public-plan'
import { notFoundTitle } from '#app/components/layout/page-title'

export const handle: I18nHandle = { i18n: ['auth', 'platform'] }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? data.title : notFoundTitle(matches) }]

/**
 * The tenant plan route, `/tplan/{name}/{freq}` (spec 000: public, and only on the master
 * tenant): one of the platform's plans for a visitor choosing one, with its price by the month
 * or the year, what it includes, and Get started (sign-up) carrying the choice. Leap is sold
 * through Contact Us. Any other studio's site, or a name or period that is no plan, is a 404.
 */
export function loader({ params, context }: LoaderFunctionArgs) {
  if (context.tenant && !context.tenant.isMaster) throw notFound()
  const plan = publicPlanOf(params.name ?? '', params.freq ?? '', context.language)
  if (!plan) throw notFound()
  return { plan, title: tFor(context.language, 'platform')('tplan_title', { plan: plan.name }) }
}

export default function TenantPlanRoute() {
  const { plan, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('platform')
  return (
    <AuthPage orgName={null} title={title}>
      <div className="flex flex-col gap-4" data-public-plan={plan.planId}>
        <nav aria-label={t('tplan_periodLabel')} className="grid grid-cols-2 rounded-md border border-slate-200 p-1 text-center text-sm font-medium">
          {(['monthly', 'yearly'] as const).map((period) =>
            period === plan.period ? (
              <span key={period} aria-current="page" className="rounded bg-brand px-3 py-1.5 text-on-brand">
                {t(period === 'monthly' ? 'tplan_monthly' : 'tplan_yearly')}
              </span>
            ) : (
              <Link key={period} to={plan.otherPeriod.href} className="rounded px-3 py-1.5 text-slate-700 hover:bg-slate-100">
                {t(period === 'monthly' ? 'tplan_monthly' : 'tplan_yearly')}
              </Link>
            ),
          )}
        </nav>
        <p>
          <span className="text-3xl font-semibold tabular-nums text-slate-900">{plan.priceText}</span>
          {plan.indiaPriceText ? <span className="mt-1 block text-sm text-slate-600">{t('tplan_inIndia', { price: plan.indiaPriceText })}</span> : null}
        </p>
        <ul className="flex flex-col gap-2 text-sm text-slate-800" aria-label={t('tplan_included')}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
              {feature}
            </li>
          ))}
        </ul>
        {plan.contactUs ? <p className="text-sm text-slate-700">{t('tplan_contactUs', { plan: plan.name })}</p> : null}
        <Link to={plan.getStartedHref} className="block w-full rounded bg-brand px-4 py-2 text-center font-medium text-on-brand">
          {t('tplan_getStarted')}
        </Link>
        {plan.tier === 'free' ? null : <p className="text-xs text-slate-600">{t('tplan_startsFree', { plan: plan.name })}</p>}
      </div>
    </AuthPage>
  )
}
