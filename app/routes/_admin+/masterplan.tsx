import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Check, Minus } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'
import { loadPlanCatalogue } from '#server/platform-admin/plan-catalogue-view'

export const meta: MetaFunction = () => [{ title: 'Master Plans' }]

/** /masterplan: the platform's plan catalogue with how many organisations are on each plan; the master tenant's admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  if (!requireTenant(context).isMaster) throw notFound()
  return { plans: await loadPlanCatalogue(context.platform) }
}

export default function MasterPlansRoute() {
  const { plans } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title="Master Plans" description="The plans studios choose under Settings > Plans, in USD and, for studios in India, INR." />
      <Table label="Plans" minWidth={860}>
        <TableHead>
          <HeaderCell>Plan</HeaderCell>
          <HeaderCell align="end">Monthly</HeaderCell>
          <HeaderCell align="end">Yearly</HeaderCell>
          <HeaderCell>Limits</HeaderCell>
          <HeaderCell>Custom domain</HeaderCell>
          <HeaderCell>Features</HeaderCell>
          <HeaderCell align="end">Studios</HeaderCell>
        </TableHead>
        <TableBody columnCount={7} empty={<span>No Record Found</span>}>
          {plans.map((plan) => (
            <Row key={plan.tier} data-plan-tier={plan.tier}>
              <Cell>
                <span className="font-medium text-slate-900">{plan.name}</span>
                <span className="block font-mono text-xs text-slate-500">{plan.planIds.join(', ')}</span>
                {plan.contactUs ? <span className="block text-xs text-slate-600">Sold through Contact Us</span> : null}
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
                {plan.customDomain ? <Check aria-label="Yes" className="h-4 w-4 text-emerald-700" /> : <Minus aria-label="No" className="h-4 w-4 text-slate-400" />}
              </Cell>
              <Cell className="text-xs text-slate-700">{plan.features.join(' · ')}</Cell>
              <Cell align="end" className="tabular-nums">
                {plan.studios.toLocaleString('en-US')}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
