import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Check, Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { usePlatformWords } from '#app/components/platform-admin/use-platform-words'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { loadPlanCatalogue } from '#server/platform-admin/plan-catalogue-view'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Master Plans' }]

export const handle: I18nHandle = { i18n: ['platform'] }

/** /masterplan: the platform's plan catalogue with how many organisations are on each plan; the master tenant's admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  if (!requireTenant(context).isMaster) throw notFound()
  return { title: tFor(context.language, 'platform')('masterPlansTitle'), plans: await loadPlanCatalogue(context.platform, context.language) }
}

export default function MasterPlansRoute() {
  const { plans } = useLoaderData<typeof loader>()
  const { t, locale } = usePlatformWords()
  const common = useTranslation('common').t
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title={t('masterPlansTitle')} description={t('masterPlansDescription')} />
      <Table label={t('plans')} minWidth={860}>
        <TableHead>
          <HeaderCell>{t('colPlan')}</HeaderCell>
          <HeaderCell align="end">{t('colMonthly')}</HeaderCell>
          <HeaderCell align="end">{t('colYearly')}</HeaderCell>
          <HeaderCell>{t('colLimits')}</HeaderCell>
          <HeaderCell>{t('colCustomDomain')}</HeaderCell>
          <HeaderCell>{t('colFeatures')}</HeaderCell>
          <HeaderCell align="end">{t('colStudios')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={7} empty={<span>{t('noRecordFound')}</span>}>
          {plans.map((plan) => (
            <Row key={plan.tier} data-plan-tier={plan.tier}>
              <Cell>
                <span className="font-medium text-slate-900">{plan.name}</span>
                <span className="block font-mono text-xs text-slate-500">{plan.planIds.join(', ')}</span>
                {plan.contactUs ? <span className="block text-xs text-slate-600">{t('soldThroughContactUs')}</span> : null}
              </Cell>
              <Cell align="end" className="tabular-nums">
                {plan.usd.monthly}
                <span className="block text-xs text-slate-500">{plan.inr.monthly}</span>
              </Cell>
              <Cell align="end" className="tabular-nums">
                {plan.usd.yearly}
                <span className="block text-xs text-slate-500">{plan.inr.yearly}</span>
              </Cell>
              <Cell className="whitespace-nowrap">
                {plan.contactsText}
                <span className="block text-xs text-slate-600">{plan.activeMembersText}</span>
              </Cell>
              <Cell>
                {plan.customDomain ? <Check aria-label={common('yes')} className="h-4 w-4 text-emerald-700" /> : <Minus aria-label={common('no')} className="h-4 w-4 text-slate-400" />}
              </Cell>
              <Cell className="text-xs text-slate-700">{plan.features.join(' · ')}</Cell>
              <Cell align="end" className="tabular-nums">
                {plan.studios.toLocaleString(locale)}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
