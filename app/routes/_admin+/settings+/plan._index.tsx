import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Repeat } from 'lucide-react'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { paymentDateText, planNameText } from '#server/plans/plan-catalogue'
import { listPlanPayments, PLAN_PAYMENT_PAGE_SIZES, readPlanPaymentQuery } from '#server/plans/plan-payments'
import { readTenantPlan } from '#server/plans/tenant-plan'

export const meta: MetaFunction = () => [{ title: 'Plan' }]

/** Settings > Plans (settings spec 2, Plan page): the current plan and the studio's payments for it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const now = context.platform.clock.now()
  const query = readPlanPaymentQuery(new URL(request.url).searchParams, now)
  const [plan, payments] = await Promise.all([readTenantPlan(context.platform, tenant.id), listPlanPayments(context.platform, tenant.id, { ...query, now })])
  return {
    plan: {
      name: planNameText(plan?.planId),
      period: plan?.period ?? null,
      renewsOn: plan?.renewsAt ? paymentDateText(Math.floor(plan.renewsAt.getTime() / 1000)) : null,
    },
    payments,
  }
}

function pageHref(year: number, page: number, size: number): string {
  const params = new URLSearchParams({ year: String(year) })
  if (page > 1) params.set('page', String(page))
  if (size !== 50) params.set('size', String(size))
  return `/settings/plan?${params.toString()}`
}

export default function PlanRoute() {
  const { plan, payments } = useLoaderData<typeof loader>()
  const first = payments.total === 0 ? 0 : (payments.page - 1) * payments.size + 1
  const last = Math.min(payments.total, payments.page * payments.size)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Plan" backTo="/settings" />
      <ScreenPanel title="Current plan">
        <div className="flex flex-wrap items-center gap-4" data-current-plan>
          <dl className="grid flex-1 grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Plan</dt>
              <dd className="font-semibold text-slate-900 capitalize" data-plan-name>
                {plan.name}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Period</dt>
              <dd className="text-slate-900 capitalize">{plan.period ?? 'None'}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Next renewal</dt>
              <dd className="text-slate-900">{plan.renewsOn ?? 'None'}</dd>
            </div>
          </dl>
          <ButtonLink to="/settings/plan/upgrade" variant="primary">
            Upgrade
          </ButtonLink>
        </div>
      </ScreenPanel>
      <section aria-labelledby="plan-payments-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plan-payments-title" className="text-lg font-semibold text-slate-900">
            Payments
          </h2>
          <Form method="get" action="/settings/plan" className="flex items-center gap-2 text-sm">
            {payments.size !== 50 ? <input type="hidden" name="size" value={payments.size} /> : null}
            <label htmlFor="plan-payments-year">Year</label>
            <select id="plan-payments-year" name="year" defaultValue={String(payments.year)} key={payments.year} className="rounded border border-slate-300 bg-white px-2 py-1">
              {payments.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm">
              Show
            </Button>
          </Form>
        </div>
        <Table label="Payments" minWidth={640}>
          <TableHead>
            <HeaderCell>Client name</HeaderCell>
            <HeaderCell>Invoice name</HeaderCell>
            <HeaderCell align="end">Price</HeaderCell>
            <HeaderCell>
              <span className="sr-only">Recurring</span>
            </HeaderCell>
            <HeaderCell>Transaction status</HeaderCell>
            <HeaderCell>Date</HeaderCell>
          </TableHead>
          <TableBody columnCount={6} empty={<span>No Record Found</span>}>
            {payments.rows.map((row) => (
              <Row key={row.guid} data-plan-payment>
                <Cell className="text-slate-900">{row.clientName || 'None'}</Cell>
                <Cell>
                  <Link to={`/settings/plan/payments/${row.guid}`} className="font-medium text-slate-900 capitalize hover:text-brand-text hover:underline">
                    {row.invoiceName}
                  </Link>
                </Cell>
                <Cell align="end" className="whitespace-nowrap text-slate-900">
                  {row.price}
                </Cell>
                <Cell>{row.isRecurring ? <Repeat aria-label="Subscription" role="img" className="h-4 w-4 text-slate-700" /> : null}</Cell>
                <Cell className={row.status === 'Completed' ? 'text-emerald-800' : 'text-red-700'}>{row.status}</Cell>
                <Cell className="whitespace-nowrap text-slate-700">{row.date}</Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <PageSizeForm id="plan-payments-size" sizes={PLAN_PAYMENT_PAGE_SIZES} current={payments.size} action="/settings/plan" hiddenFields={<input type="hidden" name="year" value={payments.year} />} />
          <PreviousNextNav
            first={first}
            last={last}
            total={payments.total}
            previousHref={payments.page > 1 ? pageHref(payments.year, payments.page - 1, payments.size) : null}
            nextHref={last < payments.total ? pageHref(payments.year, payments.page + 1, payments.size) : null}
          />
        </div>
      </section>
    </div>
  )
}
