import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Check } from 'lucide-react'
import { AuthPage } from '#app/components/auth/auth-page'
import { notFound } from '#server/errors/responses'
import { publicPlanOf } from '#server/plans/public-plan'
import { notFoundTitle } from '#app/components/layout/page-title'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? `${data.plan.name} plan` : notFoundTitle(matches) }]

/**
 * The tenant plan route, `/tplan/{name}/{freq}` (spec 000: public, and only on the master
 * tenant): one of the platform's plans for a visitor choosing one, with its price by the month
 * or the year, what it includes, and Get started (sign-up) carrying the choice. Leap is sold
 * through Contact Us. Any other studio's site, or a name or period that is no plan, is a 404.
 */
export function loader({ params, context }: LoaderFunctionArgs) {
  if (context.tenant && !context.tenant.isMaster) throw notFound()
  const plan = publicPlanOf(params.name ?? '', params.freq ?? '')
  if (!plan) throw notFound()
  return { plan }
}

export default function TenantPlanRoute() {
  const { plan } = useLoaderData<typeof loader>()
  return (
    <AuthPage orgName={null} title={`${plan.name} plan`}>
      <div className="flex flex-col gap-4" data-public-plan={plan.planId}>
        <nav aria-label="Billing period" className="grid grid-cols-2 rounded-md border border-slate-200 p-1 text-center text-sm font-medium">
          {(['monthly', 'yearly'] as const).map((period) =>
            period === plan.period ? (
              <span key={period} aria-current="page" className="rounded bg-brand px-3 py-1.5 text-on-brand">
                {period === 'monthly' ? 'Monthly' : 'Yearly'}
              </span>
            ) : (
              <Link key={period} to={plan.otherPeriod.href} className="rounded px-3 py-1.5 text-slate-700 hover:bg-slate-100">
                {period === 'monthly' ? 'Monthly' : 'Yearly'}
              </Link>
            ),
          )}
        </nav>
        <p>
          <span className="text-3xl font-semibold tabular-nums text-slate-900">{plan.priceText}</span>
          {plan.indiaPriceText ? <span className="mt-1 block text-sm text-slate-600">In India: {plan.indiaPriceText}</span> : null}
        </p>
        <ul className="flex flex-col gap-2 text-sm text-slate-800" aria-label="Included">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
              {feature}
            </li>
          ))}
        </ul>
        {plan.contactUs ? (
          <p className="text-sm text-slate-700">The {plan.name} plan is set up with you by our team: please contact us, and start with a free studio in the meantime.</p>
        ) : null}
        <Link to={plan.getStartedHref} className="block w-full rounded bg-brand px-4 py-2 text-center font-medium text-on-brand">
          Get started
        </Link>
        {plan.tier === 'free' ? null : <p className="text-xs text-slate-600">Every studio starts on the Free plan; choose {plan.name} under Settings, Plan once you are in.</p>}
      </div>
    </AuthPage>
  )
}
