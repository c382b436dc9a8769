import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'
import { readPlanReceipt } from '#server/plans/plan-payments'

export const meta: MetaFunction = () => [{ title: 'Plan payment' }]

/**
 * The receipt of one plan payment: the platform's sale to the studio, so it has no contact or
 * sales page of the studio's own (docs/decisions/129). Another studio's guid is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const receipt = await readPlanReceipt(context.platform, tenant.id, params.guId ?? '')
  if (!receipt) throw notFound()
  return { receipt }
}

export default function PlanPaymentRoute() {
  const { receipt } = useLoaderData<typeof loader>()
  const lines: Array<[string, string]> = [
    ['Plan', receipt.invoiceName],
    ['Period', receipt.period],
    ['Price', receipt.price],
    ['Paid by', receipt.clientName || 'None'],
    ['Transaction status', receipt.status],
    ['Date', receipt.date],
    ['Kind', receipt.isRecurring ? 'Subscription' : 'One payment'],
    ['Reference', receipt.reference ?? 'None'],
  ]
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Plan payment" backTo="/settings/plan" />
      <ScreenPanel>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-plan-receipt>
          {lines.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className={`text-slate-900${label === 'Plan' || label === 'Period' ? ' capitalize' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </ScreenPanel>
    </div>
  )
}
