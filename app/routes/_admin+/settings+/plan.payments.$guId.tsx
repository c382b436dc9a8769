import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'
import { readPlanReceipt } from '#server/plans/plan-payments'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Plan payment' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/**
 * The receipt of one plan payment: the platform's sale to the studio, so it has no contact or
 * sales page of the studio's own (docs/decisions/129). Another studio's guid is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const receipt = await readPlanReceipt(context.platform, tenant.id, params.guId ?? '', context.language)
  if (!receipt) throw notFound()
  return { receipt, title: tFor(context.language, 'settings')('planPaymentTitle') }
}

export default function PlanPaymentRoute() {
  const { receipt } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  const period = receipt.period === 'monthly' || receipt.period === 'yearly' ? t(`period_${receipt.period}`) : receipt.period
  // `capitalised`: the plan's name and period start lower case where they are made.
  const lines: Array<{ label: string; value: string; capitalised?: boolean }> = [
    { label: t('plan'), value: receipt.invoiceName, capitalised: true },
    { label: t('period'), value: period, capitalised: true },
    { label: t('price'), value: receipt.price },
    { label: t('paidBy'), value: receipt.clientName || t('none') },
    { label: t('transactionStatus'), value: receipt.statusText },
    { label: t('date'), value: receipt.date },
    { label: t('kind'), value: receipt.isRecurring ? t('subscription') : t('onePayment') },
    { label: t('reference'), value: receipt.reference ?? t('none') },
  ]
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('planPaymentTitle')} backTo="/settings/plan" />
      <ScreenPanel>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-plan-receipt>
          {lines.map(({ label, value, capitalised }) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className={`text-slate-900${capitalised ? ' capitalize' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </ScreenPanel>
    </div>
  )
}
